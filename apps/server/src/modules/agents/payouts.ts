import type { ContractKind } from '@wps/contract';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { PostRequest, WalletService } from '../wallet/service.ts';
import type { ContractRow } from './contracts.ts';
import { agentPayouts } from './schema.ts';

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

type Outcome = 'paid' | 'pending' | 'none' | 'skipped';

export interface PayoutFigures {
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
  rateBp: number;
  amount: bigint;
  carriedIn: bigint;
  carriedOut: bigint;
  /** Real-time salary: the sub-paisa remainder carried to the next period (ten-thousandths of a paisa). */
  remainder: bigint;
}

/**
 * The payouts of a settlement run (settlement.ts, realtime-salary.ts): the (contract, period)
 * rows and their ledger transactions, and the retries of the pending ones.
 */
export class AgentPayouts {
  /**
   * Payouts per database transaction (tests set 1 to kill a run between two payouts). A row
   * insert takes 17 parameters each: 2,000 stays under PostgreSQL's 65,535 per statement.
   */
  batchSize = 2000;

  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
  ) {}

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
  async payAll(due: Array<[ContractRow, PayoutFigures]>, ctx: PeriodContext): Promise<SettleResult> {
    const result = emptyResult(due.length);
    for (let at = 0; at < due.length; at += this.batchSize) {
      const batch = due.slice(at, at + this.batchSize);
      await this.wallet.ensureAccounts(
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
           active_members, rate_bp, amount, carried_in, carried_out, remainder, status, paid_at)
        select x.contract_id, x.member_id, x.payer_id, x.kind, ${ctx.period},
               ${ctx.periodStart.toISOString()}::timestamptz, ${ctx.periodEnd.toISOString()}::timestamptz,
               x.valid_bet, x.net_loss, x.active_members, x.rate_bp, x.amount, x.carried_in, x.carried_out,
               x.remainder,
               -- Written as paid with its posting in the same transaction; a refused posting turns it pending.
               case when x.amount > 0 then 'paid' else 'none' end,
               case when x.amount > 0 then now() end
        from unnest(${col((c) => c.id)}::int[], ${col((c) => c.memberId)}::int[], ${col((c) => c.uplineId)}::int[],
                    ${col((c) => c.kind)}::text[], ${col((_, f) => f.validBet)}::bigint[],
                    ${col((_, f) => f.netLoss)}::bigint[], ${col((_, f) => f.activeMembers)}::int[],
                    ${col((_, f) => f.rateBp)}::int[], ${col((_, f) => f.amount)}::bigint[],
                    ${col((_, f) => f.carriedIn)}::bigint[], ${col((_, f) => f.carriedOut)}::bigint[],
                    ${col((_, f) => f.remainder)}::bigint[])
          as x(contract_id, member_id, payer_id, kind, valid_bet, net_loss, active_members, rate_bp, amount,
               carried_in, carried_out, remainder)
        on conflict (contract_id, period) do nothing
        returning p.id::text as id, p.contract_id`),
    ).map((r) => ({ id: Number(r.id), contractId: Number(r.contract_id) }));
    const rowOf = new Map(written.map((w) => [w.contractId, w.id]));
    const outcomes: Outcome[] = batch.map(([c, f]) =>
      !rowOf.has(c.id) ? 'skipped' : f.amount === 0n ? 'none' : 'paid',
    );
    const toPay = batch.flatMap(([c, f], i) => (outcomes[i] === 'paid' ? [{ i, c, amount: f.amount }] : []));
    const answers = await this.wallet.postMany(
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
      await this.wallet.ensureAccounts(
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
        const answers = await this.wallet.postMany(
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

/** An upline (null: the platform) and downline pair: what carries from period to period belongs to it. */
export const pairKey = (memberId: number, payerId: number | null) => `${memberId}:${payerId ?? ''}`;

/**
 * The last payout row of `kind` before `before` of each (downline, upline) pair of these
 * contracts, whatever contract it was written under, by `pairKey`.
 */
export async function lastOfPairs(
  db: Db,
  kind: ContractKind,
  contracts: ReadonlyArray<Pick<ContractRow, 'memberId'>>,
  before: Date,
): Promise<Map<string, { carriedOut: bigint; remainder: bigint }>> {
  const out = new Map<string, { carriedOut: bigint; remainder: bigint }>();
  const ids = [...new Set(contracts.map((c) => c.memberId))];
  if (ids.length === 0) return out;
  const rows = await db
    .selectDistinctOn([agentPayouts.memberId, agentPayouts.payerId], {
      memberId: agentPayouts.memberId,
      payerId: agentPayouts.payerId,
      carriedOut: agentPayouts.carriedOut,
      remainder: agentPayouts.remainder,
    })
    .from(agentPayouts)
    .where(
      and(
        // One array parameter: a period can have more contracts than a statement has parameters.
        sql`${agentPayouts.memberId} = any(${`{${ids.join(',')}}`}::int[])`,
        eq(agentPayouts.kind, kind),
        lt(agentPayouts.periodStart, before),
      ),
    )
    .orderBy(
      asc(agentPayouts.memberId),
      asc(agentPayouts.payerId),
      desc(agentPayouts.periodStart),
      desc(agentPayouts.id),
    );
  for (const r of rows)
    out.set(pairKey(r.memberId, r.payerId), { carriedOut: r.carriedOut, remainder: r.remainder });
  return out;
}

function emptyResult(contracts: number): SettleResult {
  return { contracts, paid: 0, pending: 0, none: 0, skipped: 0, amount: '0' };
}

function count(r: SettleResult, o: Outcome, amount: bigint) {
  r[o]++;
  if (o === 'paid') r.amount = (BigInt(r.amount) + amount).toString();
}
