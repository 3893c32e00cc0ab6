import { alignedStart, type ContractKind, type PayPeriod } from '@wps/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { BetRow, BetsService } from '../bets/service.ts';
import { ZERO_TOTALS } from '../bets/team.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { PostRequest, WalletService } from '../wallet/service.ts';
import { type ContractRow, rateFor, share } from './contracts.ts';
import { agentContracts, agentPayouts, agentRealtimeAccruals } from './schema.ts';

/** What a settlement run needs of the scheduler's JobContext. */
export interface PeriodContext {
  period: string;
  periodStart: Date;
  periodEnd: Date;
  /** Fencing: throws once another instance owns the run; given a transaction, locks the run. */
  assertOwner(tx?: DbOrTx): Promise<void>;
}

export interface SettleResult {
  contracts: number;
  paid: number;
  pending: number;
  none: number;
  skipped: number;
  amount: string;
  retried?: { paid: number; pending: number };
}

export const REALTIME_CONSUMER = 'agent-realtime-salary';
const CONSUME_BATCH = 2000;

type Outcome = 'paid' | 'pending' | 'none' | 'skipped';

interface PayoutFigures {
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
  rateBp: number;
  amount: bigint;
  carriedIn: bigint;
  carriedOut: bigint;
}

/**
 * Pays contracts per period (issue 12). Each (contract, period) gets one `agent_payouts` row and
 * at most one ledger transaction keyed `contract:<id>:<period>`, written together: a run killed
 * midway and run again skips what it already wrote. The direct upline pays (the platform, through
 * its promotion account, pays top-level agents); shallow contracts pay first, so an upline has its
 * own pay for the period before it pays below. An upline short of funds leaves the payout pending,
 * retried on every run of the job, never taking its account below zero (the ledger refuses).
 */
export class AgentSettlement {
  /**
   * Payouts per database transaction (tests set 1 to kill a run between two payouts). A row
   * insert takes 17 parameters each: 2,000 stays under PostgreSQL's 65,535 per statement.
   */
  batchSize = 2000;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      bets: BetsService;
      activeMinBet: bigint;
      utcOffsetMinutes: number;
      realtimePeriodMs: number;
    },
  ) {}

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
    const result = await this.payAll(due, ctx);
    result.retried = await this.retryPending([kind]);
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

  /**
   * Real-time salary for one period (5 minutes, SPEC §9): first every new bet of the record is credited to the
   * real-time contracts on its path (exactly once, through the consumer's high-water mark); then
   * each contract's valid bet of the period is paid at its rate.
   */
  async settleRealtime(ctx: PeriodContext): Promise<SettleResult> {
    await this.accrueRealtime(ctx.periodStart, ctx);
    const rows = await this.db
      .select({ c: agentContracts, validBet: agentRealtimeAccruals.validBet })
      .from(agentRealtimeAccruals)
      .innerJoin(agentContracts, eq(agentContracts.id, agentRealtimeAccruals.contractId))
      .where(eq(agentRealtimeAccruals.periodStart, ctx.periodStart))
      .orderBy(asc(agentContracts.level), asc(agentContracts.id));
    const due: Array<[ContractRow, PayoutFigures]> = [];
    for (const { c, validBet } of rows) {
      const rateBp = c.rateBp ?? 0;
      const figures: PayoutFigures = {
        validBet,
        netLoss: 0n,
        activeMembers: 0,
        rateBp,
        amount: share(validBet, rateBp),
        carriedIn: 0n,
        carriedOut: 0n,
      };
      due.push([c, figures]);
    }
    const result = await this.payAll(due, ctx);
    result.retried = await this.retryPending(['REALTIME']);
    return result;
  }

  /**
   * Drains the bets record into the accruals. A bet counts for each real-time contract held on
   * its path (the bettor and its uplines) that was accepted before the bet settled. It lands in
   * its own 5-minute period, or in `floor` when that period is already settled (a late commit):
   * periods settle in order, so nothing is ever added to a paid period.
   */
  async accrueRealtime(floor: Date, owner?: PeriodContext): Promise<number> {
    const contracts = await this.db
      .select({
        id: agentContracts.id,
        memberId: agentContracts.memberId,
        acceptedAt: agentContracts.acceptedAt,
      })
      .from(agentContracts)
      .where(and(eq(agentContracts.kind, 'REALTIME'), eq(agentContracts.status, 'active')));
    const byMember = new Map(contracts.map((c) => [c.memberId, c]));
    let total = 0;
    for (;;) {
      const n = await this.deps.bets.consume(REALTIME_CONSUMER, CONSUME_BATCH, async (rows, tx) => {
        await owner?.assertOwner(tx);
        await this.accrue(rows, byMember, floor, tx);
      });
      total += n;
      if (n < CONSUME_BATCH) return total;
    }
  }

  private async accrue(
    rows: BetRow[],
    byMember: Map<number, { id: number; acceptedAt: Date | null }>,
    floor: Date,
    tx: Tx,
  ): Promise<void> {
    const sums = new Map<string, { contractId: number; periodStart: Date; validBet: bigint }>();
    for (const b of rows) {
      if (b.trial || b.validStake === 0n) continue;
      const own = alignedStart(this.deps.realtimePeriodMs, b.settledAt, this.deps.utcOffsetMinutes);
      const periodStart = own < floor ? floor : own;
      for (const agent of [...b.uplinePath, b.memberId]) {
        const c = byMember.get(agent);
        if (!c?.acceptedAt || b.settledAt < c.acceptedAt) continue;
        const key = `${c.id}:${periodStart.getTime()}`;
        const prev = sums.get(key);
        sums.set(key, { contractId: c.id, periodStart, validBet: (prev?.validBet ?? 0n) + b.validStake });
      }
    }
    if (sums.size === 0) return;
    await tx
      .insert(agentRealtimeAccruals)
      .values([...sums.values()])
      .onConflictDoUpdate({
        target: [agentRealtimeAccruals.contractId, agentRealtimeAccruals.periodStart],
        set: { validBet: sql`${agentRealtimeAccruals.validBet} + excluded.valid_bet` },
      });
  }

  private payerOf(c: Pick<ContractRow, 'uplineId'>) {
    return c.uplineId ? Accounts.commission(c.uplineId) : Accounts.promotion();
  }

  /**
   * Pays contracts in order, `batchSize` per database transaction: each batch's rows and ledger
   * transactions commit together (fenced by the run's lease), so a run killed midway has paid
   * whole batches and the rerun skips them. A batch costs three statements whatever its size:
   * one insert of every row (`on conflict do nothing`: rows already written are the rerun's
   * skips), one `wallet.postMany` of the new rows' payouts in the given order (shallow first, so
   * an upline is credited before it pays below, inside the same statement), one update turning
   * the refused ones pending. Posting one payout per statement cost a round trip each: 25K
   * contracts took minutes (issue 12: 148x the bare aggregate).
   */
  private async payAll(due: Array<[ContractRow, PayoutFigures]>, ctx: PeriodContext): Promise<SettleResult> {
    const result = emptyResult(due.length);
    for (let at = 0; at < due.length; at += this.batchSize) {
      const batch = due.slice(at, at + this.batchSize);
      await this.deps.wallet.ensureAccounts(
        batch.flatMap(([c, f]) => (f.amount > 0n ? [this.payerOf(c), Accounts.commission(c.memberId)] : [])),
      );
      const outcomes = await this.db.transaction(async (tx) => {
        await ctx.assertOwner(tx);
        return this.payBatch(tx, batch, ctx);
      });
      outcomes.forEach((o, i) => {
        count(result, o, batch[i]![1].amount);
      });
    }
    return result;
  }

  /** One batch of (contract, period) rows and their ledger transactions, in the caller's transaction. */
  private async payBatch(
    tx: Tx,
    batch: Array<[ContractRow, PayoutFigures]>,
    ctx: PeriodContext,
  ): Promise<Outcome[]> {
    // One statement over column arrays (a parameter per column, whatever the batch's size), not a
    // multi-row VALUES of 17 parameters a row: building and binding 34,000 parameters a batch cost
    // more than the insert itself (bench:agents at 100K members, 25K contracts: the payout rows took
    // 4.3-6.3 s of a 10-16 s settlement, load 6; see the commit for the A/B).
    const col = <T>(pick: (c: ContractRow, f: PayoutFigures) => T) =>
      `{${batch.map(([c, f]) => String(pick(c, f) ?? 'NULL')).join(',')}}`;
    const written = rowsOf<{ id: string; contract_id: number }>(
      await tx.execute(sql`
        insert into agent_payouts as p
          (contract_id, member_id, payer_id, kind, period, period_start, period_end, valid_bet, net_loss,
           active_members, rate_bp, amount, carried_in, carried_out, status, paid_at)
        select x.contract_id, x.member_id, x.payer_id, x.kind, ${ctx.period},
               ${ctx.periodStart.toISOString()}::timestamptz, ${ctx.periodEnd.toISOString()}::timestamptz,
               x.valid_bet, x.net_loss, x.active_members, x.rate_bp, x.amount, x.carried_in, x.carried_out,
               -- Written as paid with its posting in the same transaction; a refused posting turns it pending.
               case when x.amount > 0 then 'paid' else 'none' end,
               case when x.amount > 0 then now() end
        from unnest(${col((c) => c.id)}::int[], ${col((c) => c.memberId)}::int[], ${col((c) => c.uplineId)}::int[],
                    ${col((c) => c.kind)}::text[], ${col((_, f) => f.validBet)}::bigint[],
                    ${col((_, f) => f.netLoss)}::bigint[], ${col((_, f) => f.activeMembers)}::int[],
                    ${col((_, f) => f.rateBp)}::int[], ${col((_, f) => f.amount)}::bigint[],
                    ${col((_, f) => f.carriedIn)}::bigint[], ${col((_, f) => f.carriedOut)}::bigint[])
          as x(contract_id, member_id, payer_id, kind, valid_bet, net_loss, active_members, rate_bp, amount,
               carried_in, carried_out)
        on conflict (contract_id, period) do nothing
        returning p.id::text as id, p.contract_id`),
    ).map((r) => ({ id: Number(r.id), contractId: Number(r.contract_id) }));
    const rowOf = new Map(written.map((w) => [w.contractId, w.id]));
    const outcomes: Outcome[] = batch.map(([c, f]) =>
      !rowOf.has(c.id) ? 'skipped' : f.amount === 0n ? 'none' : 'paid',
    );
    const toPay = batch.flatMap(([c, f], i) => (outcomes[i] === 'paid' ? [{ i, c, amount: f.amount }] : []));
    const answers = await this.deps.wallet.postMany(
      toPay.map(({ c, amount }) => this.request(c, ctx.period, amount)),
      tx,
    );
    const refused: number[] = [];
    answers.forEach((a, k) => {
      if (!(a instanceof Error)) return;
      if (a.code !== 'INSUFFICIENT_FUNDS') throw a;
      const { i, c } = toPay[k]!;
      outcomes[i] = 'pending';
      refused.push(rowOf.get(c.id)!);
    });
    if (refused.length > 0) {
      await tx
        .update(agentPayouts)
        .set({ status: 'pending', paidAt: null })
        .where(inArray(agentPayouts.id, refused));
    }
    return outcomes;
  }

  /** The ledger transaction of a payout, keyed `contract:<id>:<period>` (paid once, whatever happens). */
  private request(
    c: Pick<ContractRow, 'id' | 'uplineId' | 'memberId' | 'kind'>,
    period: string,
    amount: bigint,
  ): PostRequest {
    return {
      key: `contract:${c.id}:${period}`,
      reason: c.kind === 'DIVIDEND' ? 'dividend' : 'salary',
      postings: [
        { account: this.payerOf(c), amount: -amount },
        { account: Accounts.commission(c.memberId), amount },
      ],
      metadata: { contractId: c.id, kind: c.kind, period },
    };
  }

  /**
   * Pending payouts of these kinds, oldest first (an upline's own pay before what it owes below),
   * a batch per transaction: the rows locked, their postings in one `postMany`, the paid ones marked.
   */
  async retryPending(kinds: ContractKind[]): Promise<{ paid: number; pending: number }> {
    const out = { paid: 0, pending: 0 };
    let after = 0;
    for (;;) {
      const ids = await this.db
        .select({ id: agentPayouts.id, payerId: agentPayouts.payerId, memberId: agentPayouts.memberId })
        .from(agentPayouts)
        .where(
          and(
            eq(agentPayouts.status, 'pending'),
            inArray(agentPayouts.kind, kinds),
            gt(agentPayouts.id, after),
          ),
        )
        .orderBy(asc(agentPayouts.id))
        .limit(this.batchSize);
      if (ids.length === 0) return out;
      after = ids[ids.length - 1]!.id;
      await this.deps.wallet.ensureAccounts(
        ids.flatMap((p) => [this.payerOf({ uplineId: p.payerId }), Accounts.commission(p.memberId)]),
      );
      const done = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(agentPayouts)
          .where(
            and(
              inArray(
                agentPayouts.id,
                ids.map((p) => p.id),
              ),
              eq(agentPayouts.status, 'pending'),
            ),
          )
          .orderBy(asc(agentPayouts.id))
          .for('update');
        if (rows.length === 0) return { paid: 0, pending: 0 };
        await tx
          .update(agentPayouts)
          .set({ attempts: sql`${agentPayouts.attempts} + 1` })
          .where(
            inArray(
              agentPayouts.id,
              rows.map((p) => p.id),
            ),
          );
        const answers = await this.deps.wallet.postMany(
          rows.map((p) =>
            this.request(
              { id: p.contractId, uplineId: p.payerId, memberId: p.memberId, kind: p.kind },
              p.period,
              p.amount,
            ),
          ),
          tx,
        );
        const paid: number[] = [];
        answers.forEach((a, k) => {
          if (!(a instanceof Error)) paid.push(rows[k]!.id);
          else if (a.code !== 'INSUFFICIENT_FUNDS') throw a;
        });
        if (paid.length > 0) {
          await tx
            .update(agentPayouts)
            .set({ status: 'paid', paidAt: sql`now()` })
            .where(inArray(agentPayouts.id, paid));
        }
        return { paid: paid.length, pending: rows.length - paid.length };
      });
      out.paid += done.paid;
      out.pending += done.pending;
    }
  }
}

function emptyResult(contracts: number): SettleResult {
  return { contracts, paid: 0, pending: 0, none: 0, skipped: 0, amount: '0' };
}

function count(r: SettleResult, o: Outcome, amount: bigint) {
  r[o]++;
  if (o === 'paid') r.amount = (BigInt(r.amount) + amount).toString();
}
