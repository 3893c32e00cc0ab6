import { randomUUID } from 'node:crypto';
import { type Deposit, fromMinor, type Page } from '@wps/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { Accounts } from '../wallet/accounts.ts';
import { fieldError, parseAmount } from './amount.ts';
import {
  type Actor,
  type CashierModules,
  type SystemActor,
  type DepositGuard,
  CashierSubscribers,
  type DepositListener,
  type DepositRow,
  accountsOf,
  iso,
  lockMember,
  notPending,
  pageOf,
  realMember,
  uploadUrl,
} from './core.ts';
import { depositRequests, paymentChannels } from './schema.ts';
import type { CashierUploads } from './uploads.ts';

export function depositOut(d: DepositRow): Deposit {
  return {
    id: d.id,
    channelId: d.channelId,
    channelCode: d.channelCode,
    amount: fromMinor(BigInt(d.amount)),
    reference: d.reference,
    proofUrl: uploadUrl(d.proofUploadId),
    status: d.status as Deposit['status'],
    reviewNote: d.reviewNote,
    createdAt: iso(d.createdAt)!,
    reviewedAt: iso(d.reviewedAt),
  };
}

/** Deposit requests: the player's request and history, the operator's queue, approval and rejection. */
export class CashierDeposits {
  private readonly listeners = new CashierSubscribers<DepositListener>('a deposit approval');

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: CashierModules & {
      uploads: CashierUploads;
      /**
       * Player protection's check (issue 16: age, exclusion, deposit limits). Required: a cashier
       * built without it would take every deposit unchecked.
       */
      depositGuard: DepositGuard;
    },
  ) {}

  /**
   * Runs `listener` in every deposit approval's transaction, after the credit: what it writes
   * commits with the approval or not at all. Approvals of one member are serialised, so `nth` is exact.
   */
  onDepositApproved(listener: DepositListener): void {
    this.listeners.add(listener);
  }

  /** How many deposits of the member have been approved. */
  async approvedDepositCount(memberId: number, ex: DbOrTx = this.db): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(depositRequests)
      .where(and(eq(depositRequests.memberId, memberId), eq(depositRequests.status, 'approved')));
    return row?.n ?? 0;
  }
  /** The member's first approved deposit (by approval time), for refer-and-earn qualification. */
  async firstApprovedDeposit(
    memberId: number,
    ex: DbOrTx = this.db,
  ): Promise<{ amount: bigint; approvedAt: Date } | null> {
    const [row] = await ex
      .select({ amount: depositRequests.amount, approvedAt: depositRequests.reviewedAt })
      .from(depositRequests)
      .where(and(eq(depositRequests.memberId, memberId), eq(depositRequests.status, 'approved')))
      .orderBy(asc(depositRequests.reviewedAt), asc(depositRequests.id))
      .limit(1);
    return row?.approvedAt ? { amount: row.amount, approvedAt: row.approvedAt } : null;
  }

  /**
   * Each member's first approved deposit (by approval time), in one query: the referral page
   * lists up to a hundred invited players. Members without one are absent.
   */
  async firstApprovedDeposits(
    memberIds: readonly number[],
    ex: DbOrTx = this.db,
  ): Promise<Map<number, { amount: bigint; approvedAt: Date }>> {
    if (memberIds.length === 0) return new Map();
    const rows = await ex
      .selectDistinctOn([depositRequests.memberId], {
        memberId: depositRequests.memberId,
        amount: depositRequests.amount,
        approvedAt: depositRequests.reviewedAt,
      })
      .from(depositRequests)
      .where(and(inArray(depositRequests.memberId, [...memberIds]), eq(depositRequests.status, 'approved')))
      .orderBy(asc(depositRequests.memberId), asc(depositRequests.reviewedAt), asc(depositRequests.id));
    const out = new Map<number, { amount: bigint; approvedAt: Date }>();
    for (const r of rows)
      if (r.approvedAt) out.set(r.memberId, { amount: r.amount, approvedAt: r.approvedAt });
    return out;
  }

  // ------------------------------------------------------------------ deposits

  /**
   * A deposit request. Manual channels: the member pays outside and an operator approves. A
   * provider channel (issue 29) is requested only by the payments module (`gateway` names the
   * provider, `within` writes its order in this same transaction, after the limits passed); the
   * provider's status API then settles it through `approveConfirmed` / `rejectConfirmed`.
   */
  async requestDeposit(
    memberId: number,
    input: { channelId: number; amount: unknown; reference: string; requestId?: string | undefined },
    proof?: Buffer,
    gateway?: { provider: string; within: (tx: Tx, deposit: DepositRow) => Promise<void> },
  ): Promise<Deposit> {
    const member = await realMember(this.deps.members, memberId);
    const [channel] = await this.db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.id, input.channelId));
    if (!channel?.enabled) throw fieldError('channelId', 'channelUnavailable', [], 'NOT_FOUND');
    if ((channel.gateway ?? null) !== (gateway?.provider ?? null))
      throw fieldError('channelId', 'channelUnavailable', [], 'NOT_FOUND');
    const amount = parseAmount(input.amount, {
      min: BigInt(channel.minAmount),
      max: BigInt(channel.maxAmount),
    });
    const reference = input.reference.trim();
    if (!reference) throw fieldError('reference', 'inputEmpty');
    const requestKey = `${memberId}:${input.requestId ?? randomUUID()}`;
    const image = proof ? await this.deps.uploads.image(proof, 'proof') : null;
    const same = (row: DepositRow) => {
      if (BigInt(row.amount) !== amount || row.channelId !== channel.id)
        throw new AppError('IDEMPOTENCY_CONFLICT');
      return depositOut(row);
    };
    return this.db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      const [existing] = await tx
        .select()
        .from(depositRequests)
        .where(eq(depositRequests.requestKey, requestKey));
      if (existing) return same(existing);
      const [pending] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(depositRequests)
        .where(and(eq(depositRequests.memberId, memberId), eq(depositRequests.status, 'pending')));
      if ((pending?.n ?? 0) >= this.config.depositPendingMax) {
        throw new AppError('CONFLICT', {
          messageKey: 'pendingDepositsLimit',
          args: [this.config.depositPendingMax],
        });
      }
      await this.deps.depositGuard(tx, member, amount, async (since) => {
        const [sum] = await tx
          .select({ s: sql<string>`coalesce(sum(${depositRequests.amount}), 0)::text` })
          .from(depositRequests)
          .where(
            and(
              eq(depositRequests.memberId, memberId),
              sql`${depositRequests.status} in ('pending', 'approved')`,
              sql`${depositRequests.createdAt} >= ${since}`,
            ),
          );
        return BigInt(sum?.s ?? '0');
      });
      // Insert first, on conflict compare: a twin that committed meanwhile is answered, not a 500.
      const [row] = await tx
        .insert(depositRequests)
        .values({
          memberId,
          requestKey,
          channelId: channel.id,
          channelCode: channel.code,
          amount,
          reference,
        })
        .onConflictDoNothing({ target: depositRequests.requestKey })
        .returning();
      if (!row) {
        const [twin] = await tx
          .select()
          .from(depositRequests)
          .where(eq(depositRequests.requestKey, requestKey));
        return same(twin!);
      }
      if (gateway) await gateway.within(tx, row);
      if (!image) return depositOut(row);
      const proofUploadId = await this.deps.uploads.store(
        tx,
        { type: 'member', id: memberId },
        'deposit_proof',
        image,
        'proof',
      );
      const [done] = await tx
        .update(depositRequests)
        .set({ proofUploadId })
        .where(eq(depositRequests.id, row.id))
        .returning();
      return depositOut(done!);
    });
  }

  async memberDeposits(
    memberId: number,
    q: { pageNo: number; pageSize: number; status?: string | undefined },
  ): Promise<Page<Deposit>> {
    const where = and(
      eq(depositRequests.memberId, memberId),
      q.status ? eq(depositRequests.status, q.status) : undefined,
    );
    const [count] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(depositRequests)
      .where(where);
    const rows = await this.db
      .select()
      .from(depositRequests)
      .where(where)
      .orderBy(desc(depositRequests.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return pageOf(
      rows.map((r) => depositOut(r)),
      Number(count?.n ?? 0),
      q.pageNo,
      q.pageSize,
    );
  }

  async depositQueue(q: { pageNo: number; pageSize: number; status?: string | undefined }) {
    const where = q.status ? eq(depositRequests.status, q.status) : undefined;
    const [count] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(depositRequests)
      .where(where);
    const rows = await this.db
      .select()
      .from(depositRequests)
      .where(where)
      // The oldest pending request first: it has waited longest.
      .orderBy(q.status === 'pending' ? asc(depositRequests.id) : desc(depositRequests.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const accounts = await accountsOf(
      this.deps.members,
      rows.map((r) => r.memberId),
    );
    return pageOf(
      rows.map((r) => ({
        ...depositOut(r),
        memberId: r.memberId,
        account: accounts.get(r.memberId)!,
        reviewedBy: r.reviewedByAccount,
      })),
      Number(count?.n ?? 0),
      q.pageNo,
      q.pageSize,
    );
  }

  /** Pending → approved by an operator: credits the member's cash from the channel's clearing account. */
  async approveDeposit(actor: Actor, id: number, note?: string): Promise<Deposit> {
    return this.db.transaction(async (tx) => {
      await this.refuseProviderDeposit(tx, id);
      return this.approveIn(tx, actor, id, note);
    });
  }

  /**
   * The payments module's credit (issue 29), inside its transaction, once the provider's own status
   * API confirmed the amount and our order id: the same approval as an operator's (ledger posting
   * keyed by the deposit, deposit listeners: bonuses, missions, referral; audit), by the provider.
   */
  async approveConfirmed(tx: Tx, actor: SystemActor, id: number, note: string): Promise<Deposit> {
    return this.approveIn(tx, actor, id, note);
  }

  /** The payments module's close: the provider says it was not paid (canceled, expired) or disagreed. */
  async rejectConfirmed(tx: Tx, actor: SystemActor, id: number, note: string): Promise<Deposit> {
    return this.rejectIn(tx, actor, id, note);
  }

  /** A provider channel's deposit is settled by the provider's answer, never by hand. */
  private async refuseProviderDeposit(tx: Tx, id: number): Promise<void> {
    const [row] = await tx
      .select({ gateway: paymentChannels.gateway })
      .from(depositRequests)
      .innerJoin(paymentChannels, eq(paymentChannels.id, depositRequests.channelId))
      .where(eq(depositRequests.id, id));
    if (row?.gateway) throw new AppError('CONFLICT', { messageKey: 'gatewayDepositByProvider' });
  }

  private async approveIn(tx: Tx, actor: SystemActor, id: number, note?: string): Promise<Deposit> {
    const [row] = await tx
      .update(depositRequests)
      .set({
        status: 'approved',
        reviewedBy: actor.id,
        reviewedByAccount: actor.account,
        reviewedAt: sql`now()`,
        reviewNote: note ?? null,
      })
      .where(and(eq(depositRequests.id, id), eq(depositRequests.status, 'pending')))
      .returning();
    if (!row) throw await notPending(tx, depositRequests, id);
    const posted = await this.deps.wallet.post(
      {
        key: `deposit:${id}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing(row.channelCode), amount: -BigInt(row.amount) },
          { account: Accounts.cash(row.memberId), amount: BigInt(row.amount) },
        ],
        metadata: { depositId: id, channel: row.channelCode, operator: actor.account },
      },
      tx,
    );
    const [done] = await tx
      .update(depositRequests)
      .set({ ledgerTransactionId: posted.transactionId })
      .where(eq(depositRequests.id, id))
      .returning();
    const listeners = this.listeners.all();
    await lockMember(tx, row.memberId);
    const nth = await this.approvedDepositCount(row.memberId, tx);
    for (const listener of listeners)
      await listener(tx, { memberId: row.memberId, depositId: id, amount: BigInt(row.amount), nth });
    await this.deps.audit.record(
      {
        actor,
        action: 'deposit.approve',
        target: { type: 'deposit', id },
        before: { status: 'pending', amount: fromMinor(BigInt(row.amount)), memberId: row.memberId },
        after: { status: 'approved', ledgerTransactionId: posted.transactionId, note: note ?? null },
        ip: actor.ip ?? null,
      },
      tx,
    );
    return depositOut(done!);
  }

  async rejectDeposit(actor: Actor, id: number, note: string): Promise<Deposit> {
    if (!note.trim()) throw fieldError('note', 'reasonRequired');
    return this.db.transaction(async (tx) => {
      await this.refuseProviderDeposit(tx, id);
      return this.rejectIn(tx, actor, id, note);
    });
  }

  private async rejectIn(tx: Tx, actor: SystemActor, id: number, note: string): Promise<Deposit> {
    const [row] = await tx
      .update(depositRequests)
      .set({
        status: 'rejected',
        reviewedBy: actor.id,
        reviewedByAccount: actor.account,
        reviewedAt: sql`now()`,
        reviewNote: note,
      })
      .where(and(eq(depositRequests.id, id), eq(depositRequests.status, 'pending')))
      .returning();
    if (!row) throw await notPending(tx, depositRequests, id);
    await this.deps.audit.record(
      {
        actor,
        action: 'deposit.reject',
        target: { type: 'deposit', id },
        before: { status: 'pending', amount: fromMinor(BigInt(row.amount)), memberId: row.memberId },
        after: { status: 'rejected', note },
        ip: actor.ip ?? null,
      },
      tx,
    );
    return depositOut(row);
  }
}
