import { randomUUID } from 'node:crypto';
import { fromMinor, type Page, type PayoutAccount, type Withdrawal } from '@wps/contract';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { requireProfile } from '../members/profile-requirements.ts';
import { Accounts } from '../wallet/accounts.ts';
import { fieldError, parseAmount } from './amount.ts';
import {
  type Actor,
  type CashierModules,
  CashierSubscribers,
  type WithdrawalListener,
  type WithdrawalRow,
  accountsOf,
  iso,
  notPending,
  pageOf,
  realMember,
  sameName,
  uploadUrl,
} from './core.ts';
import { payoutAccounts, withdrawalRequests } from './schema.ts';

export function withdrawalOut(w: WithdrawalRow): Withdrawal {
  const amount = BigInt(w.amount);
  const received = BigInt(w.receivedAmount);
  return {
    id: w.id,
    amount: fromMinor(amount),
    status: w.status as Withdrawal['status'],
    payout: {
      kind: w.payoutKind as Withdrawal['payout']['kind'],
      provider: w.payoutProvider,
      accountNumber: w.payoutAccountNumber,
      accountName: w.payoutAccountName,
    },
    reviewNote: w.reviewNote,
    payoutReference: w.payoutReference,
    createdAt: iso(w.createdAt)!,
    paidAt: iso(w.paidAt),
    receiptStatus: (w.receiptStatus as Withdrawal['receiptStatus']) ?? null,
    receivedAmount: fromMinor(received),
    remainder: fromMinor(w.status === 'paid' ? amount - received : 0n),
    receiptDeadline: iso(w.receiptDeadline),
    receiptProofUrl: uploadUrl(w.receiptProofUploadId),
    resolution: w.resolution,
  };
}

/** Payout accounts and withdrawals: request (money held), the operator's queue, payment and rejection. */
export class CashierWithdrawals {
  private readonly listeners = new CashierSubscribers<WithdrawalListener>('a withdrawal request');
  private readonly preparers = new CashierSubscribers<(memberId: number) => Promise<void>>(
    'a withdrawal request (its preparation)',
  );

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: CashierModules,
  ) {}

  /** Runs `listener` in every withdrawal request's transaction, before the hold (promotions' bonus rules). */
  onWithdrawalRequested(listener: WithdrawalListener): void {
    this.listeners.add(listener);
  }

  /**
   * Runs `prepare` before a withdrawal request's transaction opens (after the payment password):
   * promotions drain the wagering consumer, so a bonus whose wagering the member's last bets met
   * is converted, not forfeited by the withdrawal.
   */
  onWithdrawalPrepare(prepare: (memberId: number) => Promise<void>): void {
    this.preparers.add(prepare);
  }

  // ------------------------------------------------------------------ payout accounts

  async payoutAccounts(memberId: number): Promise<PayoutAccount[]> {
    const rows = await this.db
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)))
      .orderBy(asc(payoutAccounts.id));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as PayoutAccount['kind'],
      provider: r.provider,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
      createdAt: iso(r.createdAt)!,
    }));
  }

  /** Binds a payout account; its holder name must be the member's real name (anti-fraud). */
  async addPayoutAccount(
    memberId: number,
    input: { kind: 'bank' | 'wallet'; provider: string; accountNumber: string; accountName: string },
  ): Promise<PayoutAccount> {
    const m = await realMember(this.deps.members, memberId);
    requireProfile(m, ['payeeName']);
    if (!sameName(m.payeeName, input.accountName)) throw fieldError('accountName', 'payeeMismatch');
    const provider = input.kind === 'wallet' ? input.provider.trim().toUpperCase() : input.provider.trim();
    const [row] = await this.db
      .insert(payoutAccounts)
      .values({
        memberId,
        kind: input.kind,
        provider,
        accountNumber: input.accountNumber.trim(),
        accountName: input.accountName.trim(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError('accountNumber', 'conflict', [], 'CONFLICT');
    return {
      id: row.id,
      kind: row.kind as PayoutAccount['kind'],
      provider: row.provider,
      accountNumber: row.accountNumber,
      accountName: row.accountName,
      createdAt: iso(row.createdAt)!,
    };
  }

  async removePayoutAccount(memberId: number, id: number): Promise<void> {
    const rows = await this.db
      .update(payoutAccounts)
      .set({ removedAt: sql`now()` })
      .where(
        and(
          eq(payoutAccounts.id, id),
          eq(payoutAccounts.memberId, memberId),
          isNull(payoutAccounts.removedAt),
        ),
      )
      .returning({ id: payoutAccounts.id });
    if (rows.length === 0) throw new AppError('NOT_FOUND');
  }

  // ------------------------------------------------------------------ withdrawals

  private async withdrawalsToday(ex: DbOrTx, memberId: number): Promise<number> {
    const off = this.config.businessUtcOffsetMinutes;
    const [row] = await ex
      .select({ n: sql<string>`count(*)::text` })
      .from(withdrawalRequests)
      .where(
        and(
          eq(withdrawalRequests.memberId, memberId),
          ne(withdrawalRequests.status, 'rejected'),
          // Today's business midnight on the database clock, the clock that stamped created_at.
          sql`${withdrawalRequests.createdAt} >= (date_trunc('day', (now() at time zone 'UTC') + make_interval(mins => ${off})) - make_interval(mins => ${off})) at time zone 'UTC'`,
        ),
      );
    return Number(row?.n ?? 0);
  }

  async withdrawSettings(memberId: number) {
    const m = await realMember(this.deps.members, memberId);
    const profile = await this.deps.members.profile(memberId);
    return {
      min: fromMinor(this.config.withdrawMinMinor),
      max: fromMinor(this.config.withdrawMaxMinor),
      dailyCount: this.config.withdrawDailyCount,
      usedToday: await this.withdrawalsToday(this.db, m.id),
      balance: fromMinor(await this.deps.wallet.balance(Accounts.cash(m.id))),
      receiptAutoMinutes: this.config.receiptAutoMinutes,
      payeeName: profile.payeeName,
      hasPaymentPassword: profile.hasPaymentPassword,
    };
  }

  /**
   * Requests a withdrawal: checks the payment password, limits and payee, then holds the amount
   * (cash → hold) in the same transaction that records the request, so a request exists exactly
   * when its money is held.
   */
  async requestWithdrawal(
    memberId: number,
    input: {
      payoutAccountId: number;
      amount: unknown;
      paymentPassword: string;
      requestId?: string | undefined;
    },
  ): Promise<Withdrawal> {
    const m = await realMember(this.deps.members, memberId);
    // What a withdrawal needs of the profile, named together before anything else is judged.
    requireProfile(m, ['payeeName', 'paymentPassword']);
    const amount = parseAmount(input.amount, {
      min: this.config.withdrawMinMinor,
      max: this.config.withdrawMaxMinor,
    });
    const [payout] = await this.db
      .select()
      .from(payoutAccounts)
      .where(
        and(
          eq(payoutAccounts.id, input.payoutAccountId),
          eq(payoutAccounts.memberId, memberId),
          isNull(payoutAccounts.removedAt),
        ),
      );
    if (!payout) throw fieldError('payoutAccountId', 'notFound', [], 'NOT_FOUND');
    if (!sameName(m.payeeName, payout.accountName)) throw fieldError('payoutAccountId', 'payeeMismatch');
    await this.deps.members.verifyPaymentPassword(memberId, input.paymentPassword);
    const requestKey = `${memberId}:${input.requestId ?? randomUUID()}`;
    for (const prepare of this.preparers.all()) await prepare(memberId);

    return this.db.transaction(async (tx) => {
      // One member's requests queue here, so two parallel submits cannot both pass the daily count.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${memberId}`}))`);
      const [existing] = await tx
        .select()
        .from(withdrawalRequests)
        .where(eq(withdrawalRequests.requestKey, requestKey));
      if (existing) {
        if (BigInt(existing.amount) !== amount || existing.payoutAccountId !== payout.id) {
          throw new AppError('IDEMPOTENCY_CONFLICT');
        }
        return withdrawalOut(existing);
      }
      if ((await this.withdrawalsToday(tx, memberId)) >= this.config.withdrawDailyCount) {
        throw fieldError('amount', 'withdrawDailyLimit', [this.config.withdrawDailyCount]);
      }
      const [row] = await tx
        .insert(withdrawalRequests)
        .values({
          memberId,
          requestKey,
          payoutAccountId: payout.id,
          payoutKind: payout.kind,
          payoutProvider: payout.provider,
          payoutAccountNumber: payout.accountNumber,
          payoutAccountName: payout.accountName,
          amount,
        })
        .returning();
      // Listeners first (they lock bonus grants), then the hold (the cash): see WithdrawalListener.
      for (const listener of this.listeners.all())
        await listener(tx, { memberId, withdrawalId: row!.id, amount });
      try {
        const hold = await this.deps.wallet.hold(
          {
            key: `withdraw:${row!.id}:hold`,
            memberId,
            amount,
            reason: 'withdraw_hold',
            metadata: { withdrawalId: row!.id },
          },
          tx,
        );
        const [held] = await tx
          .update(withdrawalRequests)
          .set({ holdId: hold.id })
          .where(eq(withdrawalRequests.id, row!.id))
          .returning();
        return withdrawalOut(held!);
      } catch (err) {
        if (isAppError(err) && err.code === 'INSUFFICIENT_FUNDS') {
          throw fieldError('amount', 'insufficientFunds', [], 'INSUFFICIENT_FUNDS');
        }
        throw err;
      }
    });
  }

  async memberWithdrawals(
    memberId: number,
    q: { pageNo: number; pageSize: number; status?: string | undefined; receiptStatus?: string | undefined },
  ): Promise<Page<Withdrawal>> {
    const where = and(
      eq(withdrawalRequests.memberId, memberId),
      q.status ? eq(withdrawalRequests.status, q.status) : undefined,
      q.receiptStatus ? eq(withdrawalRequests.receiptStatus, q.receiptStatus) : undefined,
    );
    const [count] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(withdrawalRequests)
      .where(where);
    const rows = await this.db
      .select()
      .from(withdrawalRequests)
      .where(where)
      .orderBy(desc(withdrawalRequests.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return pageOf(
      rows.map((r) => withdrawalOut(r)),
      Number(count?.n ?? 0),
      q.pageNo,
      q.pageSize,
    );
  }

  async withdrawalQueue(q: {
    pageNo: number;
    pageSize: number;
    status?: string | undefined;
    receiptStatus?: string | undefined;
  }) {
    const where = and(
      q.status ? eq(withdrawalRequests.status, q.status) : undefined,
      q.receiptStatus ? eq(withdrawalRequests.receiptStatus, q.receiptStatus) : undefined,
    );
    const [count] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(withdrawalRequests)
      .where(where);
    const oldestFirst = q.status === 'pending' || q.receiptStatus === 'not_received';
    const rows = await this.db
      .select()
      .from(withdrawalRequests)
      .where(where)
      .orderBy(oldestFirst ? asc(withdrawalRequests.id) : desc(withdrawalRequests.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const accounts = await accountsOf(
      this.deps.members,
      rows.map((r) => r.memberId),
    );
    return pageOf(
      rows.map((r) => ({
        ...withdrawalOut(r),
        memberId: r.memberId,
        account: accounts.get(r.memberId)!,
        reviewedBy: r.reviewedByAccount,
        receiptNote: r.receiptNote,
      })),
      Number(count?.n ?? 0),
      q.pageNo,
      q.pageSize,
    );
  }

  /** The operator paid the member outside: the hold posts out to the payout clearing account. */
  async payWithdrawal(actor: Actor, id: number, reference: string, note?: string): Promise<Withdrawal> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(withdrawalRequests)
        .set({
          status: 'paid',
          reviewedBy: actor.id,
          reviewedByAccount: actor.account,
          reviewedAt: sql`now()`,
          reviewNote: note ?? null,
          payoutReference: reference,
          paidAt: sql`now()`,
          receiptStatus: 'awaiting',
          receiptDeadline: sql`now() + make_interval(mins => ${this.config.receiptAutoMinutes})`,
        })
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.status, 'pending')))
        .returning();
      if (!row) throw await notPending(tx, withdrawalRequests, id);
      const settled = await this.deps.wallet.postHold(
        row.holdId!,
        Accounts.clearing(`PAYOUT_${row.payoutKind.toUpperCase()}`),
        'withdraw_paid',
        { withdrawalId: id, operator: actor.account },
        tx,
      );
      await this.deps.audit.record(
        {
          actor,
          action: 'withdrawal.pay',
          target: { type: 'withdrawal', id },
          before: { status: 'pending', amount: fromMinor(BigInt(row.amount)), memberId: row.memberId },
          after: {
            status: 'paid',
            ledgerTransactionId: settled.hold.settleTransactionId,
            receiptDeadline: iso(row.receiptDeadline),
            reference,
            note: note ?? null,
          },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return withdrawalOut(row);
    });
  }

  /** Rejected: the hold is voided, the amount returns to the member's cash. */
  async rejectWithdrawal(actor: Actor, id: number, note: string): Promise<Withdrawal> {
    if (!note.trim()) throw fieldError('note', 'reasonRequired');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(withdrawalRequests)
        .set({
          status: 'rejected',
          reviewedBy: actor.id,
          reviewedByAccount: actor.account,
          reviewedAt: sql`now()`,
          reviewNote: note,
        })
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.status, 'pending')))
        .returning();
      if (!row) throw await notPending(tx, withdrawalRequests, id);
      const settled = await this.deps.wallet.voidHold(
        row.holdId!,
        'withdraw_release',
        { withdrawalId: id, operator: actor.account },
        tx,
      );
      await this.deps.audit.record(
        {
          actor,
          action: 'withdrawal.reject',
          target: { type: 'withdrawal', id },
          before: { status: 'pending', amount: fromMinor(BigInt(row.amount)), memberId: row.memberId },
          after: { status: 'rejected', ledgerTransactionId: settled.hold.settleTransactionId, note },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return withdrawalOut(row);
    });
  }
}
