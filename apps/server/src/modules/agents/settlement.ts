import type { ContractKind, PayPeriod } from '@wps/contract';
import { and, asc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { BetsService } from '../bets/service.ts';
import { type TeamTotals, ZERO_TOTALS } from '../bets/team.ts';
import type { WalletService } from '../wallet/service.ts';
import { type ContractRow, rateFor, share } from './contracts.ts';
import {
  AgentPayouts,
  lastOfPairs,
  type PayoutFigures,
  type PeriodContext,
  pairKey,
  type SettleResult,
} from './payouts.ts';
import { OwnPlay } from './own-play.ts';
import { RealtimeSalary } from './realtime-salary.ts';
import { agentContracts } from './schema.ts';

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
  private readonly ownPlay: OwnPlay;

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
    this.ownPlay = new OwnPlay(deps.bets, deps.activeMinBet);
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

  /** The dividend contracts of these members in force at `end`, whatever their pay period. */
  private async dividendsOf(memberIds: number[], end: Date): Promise<ContractRow[]> {
    if (memberIds.length === 0) return [];
    return this.db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.kind, 'DIVIDEND'),
          sql`${agentContracts.memberId} = any(${`{${memberIds.join(',')}}`}::int[])`,
          isNotNull(agentContracts.acceptedAt),
          lt(agentContracts.acceptedAt, end),
          or(
            eq(agentContracts.status, 'active'),
            sql`${agentContracts.endedAt} >= ${end.toISOString()}::timestamptz`,
          ),
        ),
      );
  }

  /** Daily or hourly salary, or a dividend of one pay period: tiers on the team's period figures. */
  async settleTiered(
    kind: 'DAILY' | 'HOURLY' | 'DIVIDEND',
    ctx: PeriodContext,
    payPeriod?: PayPeriod,
  ): Promise<SettleResult> {
    // The period closes only once every bet settled in it has committed (bets/horizon.ts).
    await this.deps.bets.awaitFinal(ctx.periodEnd);
    const contracts = await this.inForce(kind, ctx.periodEnd, payPeriod);
    // A dividend's upline whose own dividend is not settled in this run (another pay period):
    // its contract, to work out what it earned in this period (the cap below).
    const inRun = new Set(contracts.map((c) => c.memberId));
    const otherUplines =
      kind === 'DIVIDEND'
        ? await this.dividendsOf(
            [
              ...new Set(
                contracts.flatMap((c) => (c.uplineId !== null && !inRun.has(c.uplineId) ? [c.uplineId] : [])),
              ),
            ],
            ctx.periodEnd,
          )
        : [];
    // One aggregate for every contract of the period (a day or a pay period: from the daily
    // rollups and the bets not rolled up yet; an hour: from the record).
    const totals = await this.deps.bets.team.totalsOf(
      [...contracts, ...otherUplines].map((c) => c.memberId),
      ctx.periodStart,
      ctx.periodEnd,
      this.deps.activeMinBet,
      this.deps.utcOffsetMinutes,
    );
    // What each contract pays on: the team without the holder's own play, unless it counts it.
    const counted = await this.ownPlay.counted(
      [...contracts, ...otherUplines],
      totals,
      ctx.periodStart,
      ctx.periodEnd,
    );
    const carries =
      kind === 'DIVIDEND' ? await this.carriesOf(contracts, ctx.periodStart) : new Map<number, bigint>();
    const due: Array<[ContractRow, PayoutFigures]> = [];
    const lossOf = (t: TeamTotals) => t.stake - t.payout;
    const holders = new Map([...contracts, ...otherUplines].map((c) => [c.memberId, c]));
    const caps = new DividendCaps(
      contracts,
      // A branch is its holder's whole team, its own play included: it is all in the upline's team.
      (id) => lossOf(totals.get(id) ?? ZERO_TOTALS),
      // The upline earned on its counted figures.
      (id) => {
        const h = holders.get(id);
        return h ? lossOf(counted(h)) : 0n;
      },
    );
    for (const c of otherUplines) {
      // Its dividend on this period's figures, on its own terms (its carry belongs to its own periods).
      const t = counted(c);
      caps.earned(c.memberId, share(lossOf(t), rateFor(c, { ...t, netLoss: lossOf(t) })));
    }
    for (const c of contracts) {
      const t = counted(c);
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
        // Shallowest first: the upline's own dividend of the period is known before its branches'.
        const amount = caps.cap(c, share(effective, rateBp));
        caps.earned(c.memberId, amount);
        figures = {
          validBet: t.validBet,
          netLoss,
          activeMembers: t.activeMembers,
          rateBp,
          amount,
          carriedIn,
          carriedOut: effective < 0n ? -effective : 0n,
          remainder: 0n,
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
          remainder: 0n,
        };
      }
      due.push([c, figures]);
    }
    const result = await this.payouts.payAll(due, ctx);
    result.retried = await this.payouts.retryPending([kind]);
    return result;
  }

  /**
   * The deficit each contract brings in: what the last period settled between the same upline
   * (null: the platform) and downline carried out, whichever contract it was settled under. A
   * deficit belongs to the relationship, so renewing or replacing the contract does not forgive it
   * (issue 26). Every contract at once: one query, not one per contract.
   */
  private async carriesOf(contracts: readonly ContractRow[], before: Date): Promise<Map<number, bigint>> {
    const out = new Map<number, bigint>();
    if (contracts.length === 0) return out;
    const byPair = await lastOfPairs(this.db, 'DIVIDEND', contracts, before);
    for (const c of contracts) out.set(c.id, byPair.get(pairKey(c.memberId, c.uplineId))?.carriedOut ?? 0n);
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

/**
 * The dividend cap (issue 26): a period's dividend to a downline never exceeds what its upline
 * itself earned from that branch in the period. The upline's dividend of the period is shared
 * among the parts of its team by what each lost: every branch holding a dividend contract from it
 * in this run, and the rest of its team as one part; a part that won gets no share. So the upline
 * never pays its branches more than it earned, whatever the tiers, and a branch whose players
 * lost while the rest of the team won gets only what its losses earned the upline. The part of a
 * dividend cut by the cap is not carried anywhere. Platform contracts (no upline) are not capped.
 */
class DividendCaps {
  private readonly paid = new Map<number, bigint>();
  private readonly branches = new Map<number, number[]>();

  constructor(
    contracts: readonly ContractRow[],
    /** A branch's net loss in the period: its holder's whole team (stakes minus payouts). */
    private readonly netLossOf: (memberId: number) => bigint,
    /** The net loss an upline's own dividend was counted on. */
    private readonly uplineNetLossOf: (memberId: number) => bigint,
  ) {
    for (const c of contracts) {
      if (c.uplineId === null) continue;
      const list = this.branches.get(c.uplineId) ?? [];
      list.push(c.memberId);
      this.branches.set(c.uplineId, list);
    }
  }

  /** What `memberId` earned as its own dividend of the period. */
  earned(memberId: number, amount: bigint): void {
    this.paid.set(memberId, amount);
  }

  cap(c: ContractRow, amount: bigint): bigint {
    if (c.uplineId === null || amount <= 0n) return amount;
    const earned = this.paid.get(c.uplineId) ?? 0n;
    const branch = this.netLossOf(c.memberId);
    if (earned <= 0n || branch <= 0n) return 0n;
    const branches = this.branches.get(c.uplineId) ?? [];
    let lost = 0n;
    let branchesTotal = 0n;
    for (const m of branches) {
      const n = this.netLossOf(m);
      branchesTotal += n;
      if (n > 0n) lost += n;
    }
    const rest = this.uplineNetLossOf(c.uplineId) - branchesTotal;
    if (rest > 0n) lost += rest;
    const share = (earned * branch) / lost;
    return amount < share ? amount : share;
  }
}
