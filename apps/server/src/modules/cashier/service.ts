import { createHash, randomUUID } from 'node:crypto';
import {
  type ConsolidatedFunds,
  CURRENCY,
  DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  type Deposit,
  dayRange,
  isBusinessDay,
  fromMinor,
  isAgentType,
  isTrialType,
  type Page,
  type PaymentChannel,
  type PayoutAccount,
  type RecordType,
  type WalletBalance,
  type Withdrawal,
} from '@wps/contract';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { Member, MembersService } from '../members/service.ts';
import { normalizeAccount } from '../members/normalize.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { fieldError, parseAmount } from './amount.ts';
import { type ImageMime, reencodeImage } from './images.ts';
import {
  cashierUploads,
  depositRequests,
  paymentChannels,
  payoutAccounts,
  withdrawalReceipts,
  withdrawalRequests,
} from './schema.ts';

/** Advisory-lock namespace: one member's uploads and deposit requests are checked one at a time. */
const MEMBER_CASHIER_LOCK = 7_301;

/** The operator doing something, for the audit log. */
export interface Actor {
  id: number;
  account: string;
  ip?: string | null;
}

/** Who asks for an upload: its owner, or an operator with the cashier permission. */
export interface Viewer {
  /** Null for operators. */
  memberId: number | null;
  role: string;
  permissions: readonly string[];
}

export interface DateRangeInput {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * `YYYY-MM-DD` means that whole business day (Nepal midnight to Nepal midnight by default, the
 * same day the daily limits and salaries use); an ISO date-time means that instant.
 */
export function parseRange(
  input: DateRangeInput,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): { from?: Date; to?: Date } {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const bound = (field: 'from' | 'to', text: string): Date => {
    if (!day.test(text)) return new Date(text);
    if (!isBusinessDay(text)) throw fieldError(field, 'badRequest');
    return dayRange(text, offsetMinutes)[field === 'from' ? 0 : 1];
  };
  const out: { from?: Date; to?: Date } = {};
  if (input.from) out.from = bound('from', input.from);
  if (input.to) out.to = bound('to', input.to);
  if (out.from && Number.isNaN(out.from.getTime())) throw fieldError('from', 'badRequest');
  if (out.to && Number.isNaN(out.to.getTime())) throw fieldError('to', 'badRequest');
  return out;
}

const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const uploadUrl = (id: string | null) => (id ? `/wps/cashier/uploads/${id}` : null);
const pageOf = <T>(content: T[], total: number, pageNo: number, pageSize: number): Page<T> => ({
  content,
  pageNum: pageNo,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

type ChannelRow = typeof paymentChannels.$inferSelect;
type DepositRow = typeof depositRequests.$inferSelect;
type WithdrawalRow = typeof withdrawalRequests.$inferSelect;

/**
 * Deposits, withdrawals (held, paid, receipt-confirmed), payout accounts, transfers in the agent
 * tree and the operator's queues. Money moves only through the wallet service; every operator
 * action writes its audit entry in the same database transaction as the action.
 */
/** An approved deposit, told to listeners inside the approval's transaction (promotions' deposit bonus). */
export interface ApprovedDeposit {
  memberId: number;
  depositId: number;
  amount: bigint;
  /** 1 for the member's first approved deposit, 2 for the second … */
  nth: number;
}
export type DepositListener = (tx: Tx, deposit: ApprovedDeposit) => Promise<void>;
/** A withdrawal just requested (its money held), told to listeners inside the request's transaction. */
export type WithdrawalListener = (
  tx: Tx,
  w: { memberId: number; withdrawalId: number; amount: bigint },
) => Promise<void>;

/** Player protection's deposit check, run inside the deposit request's transaction (member locked). */
export type DepositGuard = (
  tx: Tx,
  member: Member,
  amount: bigint,
  depositedSince: (since: Date) => Promise<bigint>,
) => Promise<void>;

export class CashierService {
  /** Set by services.ts: player protection (issue 16) checks age, exclusion and deposit limits. */
  depositGuard: DepositGuard | null = null;
  private readonly depositListeners: DepositListener[] = [];
  private readonly withdrawalListeners: WithdrawalListener[] = [];

  /** Runs `listener` in every withdrawal request's transaction, after the hold (promotions' bonus rules). */
  onWithdrawalRequested(listener: WithdrawalListener): void {
    this.withdrawalListeners.push(listener);
  }

  /**
   * Runs `listener` in every deposit approval's transaction, after the credit: what it writes
   * commits with the approval or not at all. Approvals of one member are serialised, so `nth` is exact.
   */
  onDepositApproved(listener: DepositListener): void {
    this.depositListeners.push(listener);
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

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: { wallet: WalletService; members: MembersService; audit: AuditService },
  ) {}

  /** The member behind a session, refusing trial members (SPEC §4: a real account is needed). */
  private async realMember(memberId: number): Promise<Member> {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    return m;
  }

  // ------------------------------------------------------------------ balances

  /**
   * The header balance, polled by every open page. `trial` comes from the caller's session when
   * known (its role follows the member's type), which saves reading the member on every poll.
   */
  async walletBalance(memberId: number, trial?: boolean): Promise<WalletBalance> {
    let isTrial = trial;
    if (isTrial === undefined) {
      const m = await this.deps.members.getById(memberId);
      if (!m) throw new AppError('UNAUTHORIZED');
      isTrial = isTrialType(m.type);
    }
    if (isTrial) {
      await this.deps.wallet.ensureTrial(memberId);
      const trial = await this.deps.wallet.balance(Accounts.trial(memberId));
      return { balance: fromMinor(trial), currency: CURRENCY, frozen: '0.00', bonus: '0.00', trial: true };
    }
    const b = await this.deps.wallet.memberBalances(memberId);
    return {
      balance: fromMinor(b.player_cash),
      currency: CURRENCY,
      frozen: fromMinor(b.player_hold),
      bonus: fromMinor(b.player_bonus),
      trial: false,
    };
  }

  async consolidated(memberId: number): Promise<ConsolidatedFunds> {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    const b = await this.deps.wallet.memberBalances(memberId);
    const trial = isTrialType(m.type);
    const total = trial ? 0n : b.player_cash + b.player_bonus + b.player_hold + b.agent_commission;
    return {
      balance: fromMinor(trial ? 0n : b.player_cash),
      bonus: fromMinor(trial ? 0n : b.player_bonus),
      frozen: fromMinor(trial ? 0n : b.player_hold),
      commission: fromMinor(trial ? 0n : b.agent_commission),
      total: fromMinor(total),
      currency: CURRENCY,
      trial,
      wallets: Object.entries(b).map(([type, balance]) => ({ type, balance: fromMinor(balance) })),
    };
  }

  // ------------------------------------------------------------------ uploads

  /** Decodes and re-encodes an uploaded image (outside any transaction: it is CPU work). */
  private image(data: Buffer, field: string): Promise<{ mime: ImageMime; data: Buffer }> {
    return reencodeImage(
      data,
      { maxBytes: this.config.uploadLimitBytes, maxSide: this.config.imageMaxSide },
      field,
    );
  }

  /**
   * Serialises one member's cashier writes (uploads, deposit requests) for the rest of the
   * transaction, so the per-member caps below are counted and kept under concurrency.
   */
  private async lockMember(tx: Tx, memberId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_CASHIER_LOCK}::int, ${memberId}::int)`);
  }

  /** Stores a re-encoded image; a member's uploads are capped per rolling hour and in total bytes. */
  private async storeUpload(
    tx: Tx,
    owner: { type: 'member' | 'operator'; id: number },
    purpose: string,
    image: { mime: ImageMime; data: Buffer },
    field: string,
  ): Promise<string> {
    if (owner.type === 'member') {
      await this.lockMember(tx, owner.id);
      const [usage] = await tx
        .select({
          recent: sql<number>`(count(*) filter (where ${cashierUploads.createdAt} > now() - interval '1 hour'))::int`,
          total: sql<string>`coalesce(sum(${cashierUploads.size}), 0)::text`,
        })
        .from(cashierUploads)
        .where(and(eq(cashierUploads.ownerType, 'member'), eq(cashierUploads.ownerId, owner.id)));
      if ((usage?.recent ?? 0) >= this.config.uploadsPerHour) {
        throw new AppError('RATE_LIMITED', {
          messageKey: 'uploadsPerHourLimit',
          fields: { [field]: 'uploadsPerHourLimit' },
        });
      }
      if (BigInt(usage?.total ?? '0') + BigInt(image.data.length) > BigInt(this.config.uploadQuotaBytes)) {
        throw new AppError('PAYLOAD_TOO_LARGE', {
          messageKey: 'uploadQuotaExceeded',
          fields: { [field]: 'uploadQuotaExceeded' },
        });
      }
    }
    const [row] = await tx
      .insert(cashierUploads)
      .values({
        ownerType: owner.type,
        ownerId: owner.id,
        purpose,
        mime: image.mime,
        size: image.data.length,
        sha256: createHash('sha256').update(image.data).digest('hex'),
        data: image.data,
      })
      .returning({ id: cashierUploads.id });
    return row!.id;
  }

  /**
   * A member's avatar (SPEC §7 `/wps/member/info/icon`), through the same pipeline as proofs:
   * sniffed, decoded and re-encoded by sharp, counted against the member's upload caps. Answers
   * the upload id; the members module keeps which one is the avatar.
   */
  async storeAvatar(memberId: number, data: Buffer | undefined): Promise<string> {
    if (!data) throw fieldError('file', 'imageWrongType', [], 'VALIDATION');
    const image = await this.image(data, 'file');
    return this.db.transaction((tx) =>
      this.storeUpload(tx, { type: 'member', id: memberId }, 'avatar', image, 'file'),
    );
  }

  /** An image, for its owner, an operator with the cashier permission, or anyone signed in for a channel QR. */
  async upload(id: string, viewer: Viewer): Promise<{ mime: string; data: Buffer }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND');
    const [row] = await this.db.select().from(cashierUploads).where(eq(cashierUploads.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    const operator =
      viewer.role === 'operator' &&
      (viewer.permissions.includes('cashier') || viewer.permissions.includes('*'));
    const owner = row.ownerType === 'member' && viewer.role !== 'operator' && row.ownerId === viewer.memberId;
    if (!(operator || owner || row.purpose === 'channel_qr')) throw new AppError('NOT_FOUND');
    return { mime: row.mime, data: row.data };
  }

  // ------------------------------------------------------------------ channels

  private channelOut(c: ChannelRow): PaymentChannel {
    return {
      id: c.id,
      code: c.code,
      kind: c.kind as PaymentChannel['kind'],
      name: c.name,
      bankName: c.bankName,
      accountName: c.accountName,
      accountNumber: c.accountNumber,
      qrUrl: uploadUrl(c.qrUploadId),
      min: fromMinor(BigInt(c.minAmount)),
      max: fromMinor(BigInt(c.maxAmount)),
      instructions: c.instructions,
    };
  }

  async channels(): Promise<PaymentChannel[]> {
    const rows = await this.db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.enabled, true))
      .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
    return rows.map((c) => this.channelOut(c));
  }

  async adminChannels() {
    const rows = await this.db
      .select()
      .from(paymentChannels)
      .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
    return rows.map((c) => ({ ...this.channelOut(c), enabled: c.enabled, sort: c.sort }));
  }

  private channelLimits(min: unknown, max: unknown): { minAmount: bigint; maxAmount: bigint } {
    const minAmount = parseAmount(min, { field: 'min' });
    const maxAmount = parseAmount(max, { field: 'max' });
    if (maxAmount < minAmount) throw fieldError('max', 'amountBelowMin', [fromMinor(minAmount)]);
    return { minAmount, maxAmount };
  }

  async createChannel(
    actor: Actor,
    input: {
      code: string;
      kind: 'bank' | 'wallet';
      name: string;
      bankName?: string | null | undefined;
      accountName: string;
      accountNumber: string;
      min: unknown;
      max: unknown;
      instructions?: string | null | undefined;
      enabled: boolean;
      sort: number;
    },
  ) {
    // PAYOUT_… are the payout clearing accounts (Accounts.clearing): a deposit channel of that
    // name would credit players from the money withdrawals are paid with.
    if (input.code.toUpperCase().startsWith('PAYOUT_')) throw fieldError('code', 'channelCodeReserved');
    const limits = this.channelLimits(input.min, input.max);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentChannels)
        .values({
          code: input.code,
          kind: input.kind,
          name: input.name,
          bankName: input.bankName ?? null,
          accountName: input.accountName,
          accountNumber: input.accountNumber,
          instructions: input.instructions ?? null,
          enabled: input.enabled,
          sort: input.sort,
          ...limits,
        })
        .onConflictDoNothing({ target: paymentChannels.code })
        .returning();
      if (!row) throw fieldError('code', 'conflict', [], 'CONFLICT');
      await this.deps.audit.record(
        {
          actor,
          action: 'channel.create',
          target: { type: 'payment_channel', id: row.id },
          before: null,
          after: row,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return { ...this.channelOut(row), enabled: row.enabled, sort: row.sort };
    });
  }

  async updateChannel(
    actor: Actor,
    id: number,
    input: Partial<{
      kind: 'bank' | 'wallet';
      name: string;
      bankName: string | null;
      accountName: string;
      accountNumber: string;
      min: unknown;
      max: unknown;
      instructions: string | null;
      enabled: boolean;
      sort: number;
    }>,
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(paymentChannels)
        .where(eq(paymentChannels.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const limits = this.channelLimits(
        input.min ?? fromMinor(BigInt(before.minAmount)),
        input.max ?? fromMinor(BigInt(before.maxAmount)),
      );
      const { min: _min, max: _max, ...rest } = input;
      const [after] = await tx
        .update(paymentChannels)
        .set({ ...rest, ...limits, updatedAt: sql`now()` })
        .where(eq(paymentChannels.id, id))
        .returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'channel.update',
          target: { type: 'payment_channel', id },
          before,
          after,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return { ...this.channelOut(after!), enabled: after!.enabled, sort: after!.sort };
    });
  }

  async setChannelQr(actor: Actor, id: number, upload: Buffer) {
    const image = await this.image(upload, 'qr');
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(paymentChannels)
        .where(eq(paymentChannels.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const uploadId = await this.storeUpload(
        tx,
        { type: 'operator', id: actor.id },
        'channel_qr',
        image,
        'qr',
      );
      const [after] = await tx
        .update(paymentChannels)
        .set({ qrUploadId: uploadId, updatedAt: sql`now()` })
        .where(eq(paymentChannels.id, id))
        .returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'channel.qr',
          target: { type: 'payment_channel', id },
          before: { qrUploadId: before.qrUploadId },
          after: { qrUploadId: uploadId },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return { ...this.channelOut(after!), enabled: after!.enabled, sort: after!.sort };
    });
  }

  // ------------------------------------------------------------------ deposits

  private depositOut(d: DepositRow): Deposit {
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

  async requestDeposit(
    memberId: number,
    input: { channelId: number; amount: unknown; reference: string; requestId?: string | undefined },
    proof?: Buffer,
  ): Promise<Deposit> {
    const member = await this.realMember(memberId);
    const [channel] = await this.db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.id, input.channelId));
    if (!channel?.enabled) throw fieldError('channelId', 'channelUnavailable', [], 'NOT_FOUND');
    const amount = parseAmount(input.amount, {
      min: BigInt(channel.minAmount),
      max: BigInt(channel.maxAmount),
    });
    const reference = input.reference.trim();
    if (!reference) throw fieldError('reference', 'inputEmpty');
    const requestKey = `${memberId}:${input.requestId ?? randomUUID()}`;
    const image = proof ? await this.image(proof, 'proof') : null;
    const same = (row: DepositRow) => {
      if (BigInt(row.amount) !== amount || row.channelId !== channel.id)
        throw new AppError('IDEMPOTENCY_CONFLICT');
      return this.depositOut(row);
    };
    return this.db.transaction(async (tx) => {
      await this.lockMember(tx, memberId);
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
      if (this.depositGuard) {
        await this.depositGuard(tx, member, amount, async (since) => {
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
      }
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
      if (!image) return this.depositOut(row);
      const proofUploadId = await this.storeUpload(
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
      return this.depositOut(done!);
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
      rows.map((r) => this.depositOut(r)),
      Number(count?.n ?? 0),
      q.pageNo,
      q.pageSize,
    );
  }

  private async accountsOf(ids: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of new Set(ids)) {
      const m = await this.deps.members.getById(id);
      out.set(id, m?.account ?? `#${id}`);
    }
    return out;
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
    const accounts = await this.accountsOf(rows.map((r) => r.memberId));
    return pageOf(
      rows.map((r) => ({
        ...this.depositOut(r),
        memberId: r.memberId,
        account: accounts.get(r.memberId)!,
        reviewedBy: r.reviewedByAccount,
      })),
      Number(count?.n ?? 0),
      q.pageNo,
      q.pageSize,
    );
  }

  /** Pending → approved: credits the member's cash from the channel's clearing account. */
  async approveDeposit(actor: Actor, id: number, note?: string): Promise<Deposit> {
    return this.db.transaction(async (tx) => {
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
      if (!row) throw await this.notPending(tx, depositRequests, id);
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
      if (this.depositListeners.length) {
        await this.lockMember(tx, row.memberId);
        const nth = await this.approvedDepositCount(row.memberId, tx);
        for (const listener of this.depositListeners)
          await listener(tx, { memberId: row.memberId, depositId: id, amount: BigInt(row.amount), nth });
      }
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
      return this.depositOut(done!);
    });
  }

  async rejectDeposit(actor: Actor, id: number, note: string): Promise<Deposit> {
    if (!note.trim()) throw fieldError('note', 'reasonRequired');
    return this.db.transaction(async (tx) => {
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
      if (!row) throw await this.notPending(tx, depositRequests, id);
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
      return this.depositOut(row);
    });
  }

  private async notPending(
    tx: Tx,
    table: typeof depositRequests | typeof withdrawalRequests,
    id: number,
  ): Promise<AppError> {
    const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    return exists ? new AppError('CONFLICT', { messageKey: 'requestNotPending' }) : new AppError('NOT_FOUND');
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
    const m = await this.realMember(memberId);
    if (!m.payeeName) throw fieldError('accountName', 'payeeNotSet');
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

  private withdrawalOut(w: WithdrawalRow): Withdrawal {
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
    const m = await this.realMember(memberId);
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
    const m = await this.realMember(memberId);
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
        return this.withdrawalOut(existing);
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
        for (const listener of this.withdrawalListeners)
          await listener(tx, { memberId, withdrawalId: row!.id, amount });
        return this.withdrawalOut(held!);
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
      rows.map((r) => this.withdrawalOut(r)),
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
    const accounts = await this.accountsOf(rows.map((r) => r.memberId));
    return pageOf(
      rows.map((r) => ({
        ...this.withdrawalOut(r),
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
      if (!row) throw await this.notPending(tx, withdrawalRequests, id);
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
      return this.withdrawalOut(row);
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
      if (!row) throw await this.notPending(tx, withdrawalRequests, id);
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
      return this.withdrawalOut(row);
    });
  }

  /**
   * SPEC §4 receipt: received in full; partial (how much arrived; the remainder is shown);
   * not received (a proof image opens an investigation); all received (the rest arrived).
   */
  async confirmReceipt(
    memberId: number,
    id: number,
    input: {
      outcome: 'received' | 'partial' | 'not_received' | 'all_received';
      amount?: unknown;
      note?: string | undefined;
    },
    proof?: Buffer,
  ): Promise<Withdrawal> {
    await this.realMember(memberId);
    const allowedFrom: Record<typeof input.outcome, string[]> = {
      received: ['awaiting'],
      partial: ['awaiting', 'partial'],
      not_received: ['awaiting', 'partial'],
      all_received: ['awaiting', 'partial'],
    };
    if (input.outcome === 'not_received' && !proof) throw fieldError('proof', 'proofRequired');
    const image = input.outcome === 'not_received' && proof ? await this.image(proof, 'proof') : null;
    return this.db.transaction(async (tx) => {
      const [w] = await tx
        .select()
        .from(withdrawalRequests)
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.memberId, memberId)))
        .for('update');
      if (!w) throw new AppError('NOT_FOUND');
      if (w.status !== 'paid' || !allowedFrom[input.outcome].includes(w.receiptStatus ?? '')) {
        throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      }
      // The deadline is judged on the database clock (the auto-receipt job's side of the race):
      // past it the withdrawal counts as received, whatever the app server's clock says.
      const [clock] = await tx
        .select({ expired: sql<boolean>`coalesce(${withdrawalRequests.receiptDeadline} <= now(), false)` })
        .from(withdrawalRequests)
        .where(eq(withdrawalRequests.id, id));
      if (clock?.expired) throw new AppError('CONFLICT', { messageKey: 'receiptExpired' });
      const amount = BigInt(w.amount);
      const before = BigInt(w.receivedAmount);
      let received = amount;
      if (input.outcome === 'partial') {
        received = parseAmount(input.amount);
        if (received >= amount) throw fieldError('amount', 'receivedAmountInvalid');
        // What the member said arrived only grows: lowering it later would enlarge a refund.
        if (received < before) throw fieldError('amount', 'receivedAmountLowered', [fromMinor(before)]);
      } else if (input.outcome === 'not_received') {
        received = before;
      }
      const proofId = image
        ? await this.storeUpload(tx, { type: 'member', id: memberId }, 'receipt_proof', image, 'proof')
        : w.receiptProofUploadId;
      await tx.insert(withdrawalReceipts).values({
        withdrawalId: id,
        memberId,
        outcome: input.outcome,
        receivedAmount: received,
        proofUploadId: image ? proofId : null,
        note: input.note ?? null,
        actorType: 'member',
        actorId: memberId,
      });
      const [row] = await tx
        .update(withdrawalRequests)
        .set({
          receiptStatus: input.outcome,
          receivedAmount: received,
          receiptProofUploadId: proofId,
          receiptNote: input.note ?? w.receiptNote,
          receiptAt: sql`now()`,
        })
        .where(eq(withdrawalRequests.id, id))
        .returning();
      return this.withdrawalOut(row!);
    });
  }

  /** Closes a not-received investigation: re-sent outside the ledger, or refunded to cash. */
  async resolveInvestigation(
    actor: Actor,
    id: number,
    input: { outcome: 'paid_again' | 'refunded'; note: string },
  ): Promise<Withdrawal> {
    if (!input.note.trim()) throw fieldError('note', 'reasonRequired');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(withdrawalRequests)
        .set({
          receiptStatus: 'resolved',
          resolution: input.outcome,
          resolutionNote: input.note,
          receivedAmount: sql`case when ${input.outcome} = 'paid_again' then ${withdrawalRequests.amount} else ${withdrawalRequests.receivedAmount} end`,
        })
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.receiptStatus, 'not_received')))
        .returning();
      if (!row) throw await this.notPending(tx, withdrawalRequests, id);
      await tx.insert(withdrawalReceipts).values({
        withdrawalId: id,
        memberId: row.memberId,
        outcome: `resolved:${input.outcome}`,
        receivedAmount: BigInt(row.receivedAmount),
        note: input.note,
        actorType: 'operator',
        actorId: actor.id,
      });
      let ledgerTransactionId: number | null = null;
      if (input.outcome === 'refunded') {
        // Only what never arrived goes back.
        const refund = BigInt(row.amount) - BigInt(row.receivedAmount);
        if (refund > 0n) {
          const posted = await this.deps.wallet.post(
            {
              key: `withdraw:${id}:refund`,
              reason: 'withdraw_refund',
              postings: [
                { account: Accounts.clearing(`PAYOUT_${row.payoutKind.toUpperCase()}`), amount: -refund },
                { account: Accounts.cash(row.memberId), amount: refund },
              ],
              metadata: { withdrawalId: id, operator: actor.account },
            },
            tx,
          );
          ledgerTransactionId = posted.transactionId;
        }
      }
      await this.deps.audit.record(
        {
          actor,
          action: 'withdrawal.resolve',
          target: { type: 'withdrawal', id },
          before: { receiptStatus: 'not_received', receivedAmount: fromMinor(BigInt(row.receivedAmount)) },
          after: {
            receiptStatus: 'resolved',
            resolution: input.outcome,
            ledgerTransactionId,
            note: input.note,
          },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return this.withdrawalOut(row);
    });
  }

  /** The auto-receipt job: paid withdrawals unanswered past their deadline count as received (not refunded). */
  async autoConfirmReceipts(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(withdrawalRequests)
        .set({
          receiptStatus: 'auto_received',
          receivedAmount: sql`${withdrawalRequests.amount}`,
          receiptAt: now,
        })
        .where(
          and(
            eq(withdrawalRequests.receiptStatus, 'awaiting'),
            sql`${withdrawalRequests.receiptDeadline} <= ${now}`,
          ),
        )
        .returning({
          id: withdrawalRequests.id,
          memberId: withdrawalRequests.memberId,
          amount: withdrawalRequests.amount,
        });
      if (rows.length) {
        await tx.insert(withdrawalReceipts).values(
          rows.map((r) => ({
            withdrawalId: r.id,
            memberId: r.memberId,
            outcome: 'auto_received',
            receivedAmount: BigInt(r.amount),
            actorType: 'job',
          })),
        );
      }
      return rows.length;
    });
  }

  // ------------------------------------------------------------------ transfers

  async transferTargets(memberId: number, direction: 'downline' | 'upline') {
    const m = await this.realMember(memberId);
    if (direction === 'downline') {
      const down = await this.deps.members.downline(memberId);
      return down
        .filter((d) => !isTrialType(d.type))
        .map((d) => ({ id: d.id, account: d.account, depth: d.depth }));
    }
    const ups: Array<{ id: number; account: string; depth: number }> = [];
    let parentId = m.parentId;
    for (let depth = 1; parentId && depth <= 64; depth++) {
      const p = await this.deps.members.getById(parentId);
      if (!p) break;
      ups.push({ id: p.id, account: p.account, depth });
      parentId = p.parentId;
    }
    return ups;
  }

  /**
   * transferFund (to anyone below the sender) and transferUpline (to anyone above), with the
   * payment password; never outside the sender's own tree.
   */
  async transfer(
    memberId: number,
    input: {
      direction: 'downline' | 'upline';
      account: string;
      amount: unknown;
      paymentPassword: string;
      requestId?: string | undefined;
    },
  ) {
    const sender = await this.realMember(memberId);
    const amount = parseAmount(input.amount);
    if (normalizeAccount(input.account) === sender.account) throw fieldError('account', 'transferSelf');
    // The payment password comes before anything about the recipient, and an unknown name gets
    // the very answer (and the same queries) a real name outside the team gets: the transfer
    // form is no way to learn which usernames exist.
    await this.deps.members.verifyPaymentPassword(sender.id, input.paymentPassword);
    const target = await this.deps.members.getByAccount(input.account);
    const targetId = target?.id ?? 0;
    const inTree =
      input.direction === 'downline'
        ? (await this.deps.members.isInDownline(sender.id, targetId)) && isAgentType(sender.type)
        : await this.deps.members.isInDownline(targetId, sender.id);
    if (!target || !inTree || isTrialType(target.type) || target.status !== 'active') {
      throw fieldError('account', 'transferNotInTeam', [], 'VALIDATION');
    }
    try {
      const posted = await this.deps.wallet.post({
        key: `transfer:${sender.id}:${input.requestId ?? randomUUID()}`,
        reason: 'transfer',
        postings: [
          { account: Accounts.cash(sender.id), amount: -amount },
          { account: Accounts.cash(target.id), amount },
        ],
        metadata: { from: sender.account, to: target.account, direction: input.direction },
      });
      return {
        transactionId: posted.transactionId,
        direction: input.direction,
        to: target.account,
        amount: fromMinor(amount),
        balance: fromMinor(posted.balances.get(`player_cash:${sender.id}`) ?? 0n),
      };
    } catch (err) {
      if (isAppError(err) && err.code === 'INSUFFICIENT_FUNDS') {
        throw fieldError('amount', 'insufficientFunds', [], 'INSUFFICIENT_FUNDS');
      }
      throw err;
    }
  }

  // ------------------------------------------------------------------ records

  private async recordAccount(memberId: number) {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    return isTrialType(m.type) ? Accounts.trial(memberId) : Accounts.cash(memberId);
  }

  async records(
    memberId: number,
    q: DateRangeInput & { type?: RecordType | undefined; pageNo: number; pageSize: number },
  ) {
    const range = parseRange(q, this.config.businessUtcOffsetMinutes);
    return this.deps.wallet.history(await this.recordAccount(memberId), {
      type: q.type,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      ...range,
    });
  }

  async profit(memberId: number, q: DateRangeInput) {
    return this.deps.wallet.profit(
      await this.recordAccount(memberId),
      parseRange(q, this.config.businessUtcOffsetMinutes),
    );
  }

  // ------------------------------------------------------------------ operator: a player's wallet

  private async memberByAccount(account: string): Promise<Member> {
    const m = await this.deps.members.getByAccount(account);
    if (!m) throw new AppError('NOT_FOUND', { messageKey: 'playerNotFound' });
    return m;
  }

  async playerWallet(account: string, pageNo: number, pageSize: number) {
    const m = await this.memberByAccount(account);
    const accounts = await this.deps.wallet.accountsOf(m.id);
    const postings = await this.deps.wallet.postingsOfMember(m.id, pageNo, pageSize);
    return {
      member: { id: m.id, account: m.account, type: m.type, status: m.status },
      accounts: accounts.map((a) => ({
        id: a.id,
        type: a.type,
        balance: fromMinor(a.balance),
        version: a.version,
      })),
      postings: pageOf(
        postings.rows.map((p) => ({
          id: p.id,
          transactionId: p.transactionId,
          accountType: p.accountType,
          reason: p.reason,
          amount: fromMinor(p.amount),
          balanceBefore: fromMinor(p.balanceBefore),
          balanceAfter: fromMinor(p.balanceAfter),
          version: p.version,
          idempotencyKey: p.idempotencyKey,
          metadata: p.metadata,
          createdAt: p.createdAt.toISOString(),
        })),
        postings.total,
        pageNo,
        pageSize,
      ),
    };
  }

  /** A manual credit or debit of a member's cash against the adjustment account, with a mandatory reason. */
  async adjust(
    actor: Actor,
    account: string,
    input: { direction: 'credit' | 'debit'; amount: unknown; reason: string; requestId?: string | undefined },
  ) {
    const reason = input.reason.trim();
    if (!reason) throw fieldError('reason', 'reasonRequired');
    const amount = parseAmount(input.amount);
    const m = await this.memberByAccount(account);
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    const signed = input.direction === 'credit' ? amount : -amount;
    try {
      return await this.db.transaction(async (tx) => {
        const posted = await this.deps.wallet.post(
          {
            key: `adjustment:${actor.id}:${input.requestId ?? randomUUID()}`,
            reason: 'adjustment',
            postings: [
              { account: Accounts.adjustment(), amount: -signed },
              { account: Accounts.cash(m.id), amount: signed },
            ],
            metadata: { operator: actor.account, note: reason, direction: input.direction },
          },
          tx,
        );
        // Both sides come from the posting itself, written under the account's lock: a balance
        // read before posting could be stale by the time the lock is taken.
        const own = await this.deps.wallet.postingOf(posted.transactionId, Accounts.cash(m.id), tx);
        const before = own?.before ?? 0n;
        const after = own?.after ?? posted.balances.get(`player_cash:${m.id}`) ?? before;
        if (!posted.replayed) {
          await this.deps.audit.record(
            {
              actor,
              action: 'wallet.adjust',
              target: { type: 'member', id: m.id },
              before: { account: m.account, balance: fromMinor(before) },
              after: {
                account: m.account,
                balance: fromMinor(after),
                amount: fromMinor(signed),
                reason,
                ledgerTransactionId: posted.transactionId,
              },
              ip: actor.ip ?? null,
            },
            tx,
          );
        }
        return { transactionId: posted.transactionId, balance: fromMinor(after), replayed: posted.replayed };
      });
    } catch (err) {
      if (isAppError(err) && err.code === 'INSUFFICIENT_FUNDS') {
        throw fieldError('amount', 'insufficientFunds', [], 'INSUFFICIENT_FUNDS');
      }
      throw err;
    }
  }

  /** Idempotent demo seed: the four manual channels players in Nepal use. */
  async ensureDemoChannels(): Promise<boolean> {
    const existing = await this.db.select({ id: paymentChannels.id }).from(paymentChannels).limit(1);
    if (existing.length) return false;
    const channels = [
      {
        code: 'BANK',
        kind: 'bank',
        name: 'Bank transfer',
        bankName: 'Nabil Bank',
        accountName: 'WPS Gaming Pvt. Ltd.',
        accountNumber: '0101017500123',
      },
      {
        code: 'ESEWA',
        kind: 'wallet',
        name: 'eSewa',
        bankName: null,
        accountName: 'WPS Gaming',
        accountNumber: '9800000001',
      },
      {
        code: 'KHALTI',
        kind: 'wallet',
        name: 'Khalti',
        bankName: null,
        accountName: 'WPS Gaming',
        accountNumber: '9800000002',
      },
      {
        code: 'IMEPAY',
        kind: 'wallet',
        name: 'IME Pay',
        bankName: null,
        accountName: 'WPS Gaming',
        accountNumber: '9800000003',
      },
    ];
    await this.db
      .insert(paymentChannels)
      .values(channels.map((c, i) => ({ ...c, minAmount: 10_000n, maxAmount: 10_000_000n, sort: i })))
      .onConflictDoNothing();
    return true;
  }
}
