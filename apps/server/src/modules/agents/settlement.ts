import type { ContractKind, PayPeriod } from '@wps/contract';
import { and, asc, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { BetsService } from '../bets/service.ts';
import { ZERO_TOTALS } from '../bets/team.ts';
import type { WalletService } from '../wallet/service.ts';
import { type ContractRow, rateFor, share } from './contracts.ts';
import { AgentPayouts, type PayoutFigures, type PeriodContext, type SettleResult } from './payouts.ts';
import { RealtimeSalary } from './realtime-salary.ts';
import { agentContracts, agentPayouts } from './schema.ts';

export type { PeriodContext, SettleResult } from './payouts.ts';
export { REALTIME_CONSUMER } from './realtime-salary.ts';

/**
 * Pays contracts per period (issue 12). Each (contract, period) gets one `agent_payouts` row and
 * at most one ledger transaction keyed `contract:<id>:<period>`, written together: a run killed
 * midway and run again skips what it already wrote. The direct upline pays (the platform, through
 * its promotion account, pays top-level agents); shallow contracts pay first, so an upline has its
 * own pay for the period before it pays below. An upline short of funds leaves the payout pending,
 * retried on every run of the job, never taking its account below zero (the ledger refuses).
 */
export class AgentSettlement {
  private readonly payouts: AgentPayouts;
  private readonly realtime: RealtimeSalary;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      bets: BetsService;
      activeMinBet: bigint;
      utcOffsetMinutes: number;
      realtimePeriodMs: number;
    },
  ) {
    this.payouts = new AgentPayouts(db, deps.wallet);
    this.realtime = new RealtimeSalary(db, this.payouts, deps);
  }

  /** Payouts per database transaction (payouts.ts; tests set 1 to kill a run between two payouts). */
  get batchSize(): number {
    return this.payouts.batchSize;
  }

  set batchSize(n: number) {
    this.payouts.batchSize = n;
  }

  /** Contracts that were in force at the period's end, shallowest first. */
  private async inForce(kind: ContractKind, end: Date, payPeriod?: PayPeriod): Promise<ContractRow[]> {
    return this.db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.kind, kind),
          payPeriod ? eq(agentContracts.payPeriod, payPeriod) : undefined,
          isNotNull(agentContracts.acceptedAt),
          lt(agentContracts.acceptedAt, end),
          or(
            eq(agentContracts.status, 'active'),
            sql`${agentContracts.endedAt} >= ${end.toISOString()}::timestamptz`,
          ),
        ),
      )
      .orderBy(asc(agentContracts.level), asc(agentContracts.id));
  }

  /** Daily or hourly salary, or a dividend of one pay period: tiers on the team's period figures. */
  async settleTiered(
    kind: 'DAILY' | 'HOURLY' | 'DIVIDEND',
    ctx: PeriodContext,
    payPeriod?: PayPeriod,
  ): Promise<SettleResult> {
    const contracts = await this.inForce(kind, ctx.periodEnd, payPeriod);
    // One aggregate for every contract of the period (a day or a pay period: from the daily
    // rollups and the bets not rolled up yet; an hour: from the record).
    const totals = await this.deps.bets.team.totalsOf(
      contracts.map((c) => c.memberId),
      ctx.periodStart,
      ctx.periodEnd,
      this.deps.activeMinBet,
      this.deps.utcOffsetMinutes,
    );
    const carries =
      kind === 'DIVIDEND'
        ? await this.carriesOf(
            contracts.map((c) => c.id),
            ctx.periodStart,
          )
        : new Map<number, bigint>();
    const due: Array<[ContractRow, PayoutFigures]> = [];
    for (const c of contracts) {
      const t = totals.get(c.memberId) ?? ZERO_TOTALS;
      const netLoss = t.stake - t.payout;
      let figures: PayoutFigures;
      if (kind === 'DIVIDEND') {
        // A period the team won carries the platform's deficit into the next one.
        const carriedIn = carries.get(c.id) ?? 0n;
        const effective = netLoss - carriedIn;
        const rateBp = rateFor(c, {
          validBet: t.validBet,
          netLoss: effective,
          activeMembers: t.activeMembers,
        });
        figures = {
          validBet: t.validBet,
          netLoss,
          activeMembers: t.activeMembers,
          rateBp,
          amount: share(effective, rateBp),
          carriedIn,
          carriedOut: effective < 0n ? -effective : 0n,
        };
      } else {
        const rateBp = rateFor(c, { validBet: t.validBet, netLoss, activeMembers: t.activeMembers });
        figures = {
          validBet: t.validBet,
          netLoss,
          activeMembers: t.activeMembers,
          rateBp,
          amount: share(t.validBet, rateBp),
          carriedIn: 0n,
          carriedOut: 0n,
        };
      }
      due.push([c, figures]);
    }
    const result = await this.payouts.payAll(due, ctx);
    result.retried = await this.payouts.retryPending([kind]);
    return result;
  }

  /**
   * The deficit each contract's previous settled period carried out, for every contract at once
   * (one query, not one per contract).
   */
  private async carriesOf(contractIds: number[], before: Date): Promise<Map<number, bigint>> {
    const out = new Map<number, bigint>();
    if (contractIds.length === 0) return out;
    const rows = await this.db
      .selectDistinctOn([agentPayouts.contractId], {
        contractId: agentPayouts.contractId,
        carriedOut: agentPayouts.carriedOut,
      })
      .from(agentPayouts)
      .where(
        and(
          // One array parameter: a period can have more contracts than a statement has parameters.
          sql`${agentPayouts.contractId} = any(${`{${contractIds.join(',')}}`}::int[])`,
          lt(agentPayouts.periodStart, before),
        ),
      )
      .orderBy(asc(agentPayouts.contractId), desc(agentPayouts.periodStart));
    for (const r of rows) out.set(r.contractId, r.carriedOut);
    return out;
  }

  /** Real-time salary for one period (realtime-salary.ts). */
  settleRealtime(ctx: PeriodContext): Promise<SettleResult> {
    return this.realtime.settleRealtime(ctx);
  }

  /** Drains the bets record into the real-time accruals (realtime-salary.ts). */
  accrueRealtime(floor: Date, owner?: PeriodContext): Promise<number> {
    return this.realtime.accrueRealtime(floor, owner);
  }

  /** Pending payouts of these kinds, paid when their payer can now afford them (payouts.ts). */
  retryPending(kinds: ContractKind[]): Promise<{ paid: number; pending: number }> {
    return this.payouts.retryPending(kinds);
  }
}
