import { createHash } from 'node:crypto';
import {
  type ConsolidatedFunds,
  CURRENCY,
  DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  dayRange,
  isBusinessDay,
  fromMinor,
  isTrialType,
  type Page,
  type WalletBalance,
} from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { samePersonName } from '../members/normalize.ts';
import type { Member, MembersService } from '../members/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { fieldError } from './amount.ts';
import { type ImageMime, reencodeImage } from './images.ts';
import {
  cashierUploads,
  type depositRequests,
  type paymentChannels,
  type withdrawalRequests,
} from './schema.ts';

/** Advisory-lock namespace: one member's uploads and deposit requests are checked one at a time. */
export const MEMBER_CASHIER_LOCK = 7_301;

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

/** A payout holder name against the member's real name: the members module's one comparison. */
export const sameName = samePersonName;

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
export const uploadUrl = (id: string | null) => (id ? `/wps/cashier/uploads/${id}` : null);
export const pageOf = <T>(content: T[], total: number, pageNo: number, pageSize: number): Page<T> => ({
  content,
  pageNum: pageNo,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

export type ChannelRow = typeof paymentChannels.$inferSelect;
export type DepositRow = typeof depositRequests.$inferSelect;
export type WithdrawalRow = typeof withdrawalRequests.$inferSelect;

/** An approved deposit, told to listeners inside the approval's transaction (promotions' deposit bonus). */
export interface ApprovedDeposit {
  memberId: number;
  depositId: number;
  amount: bigint;
  /** 1 for the member's first approved deposit, 2 for the second … */
  nth: number;
}
export type DepositListener = (tx: Tx, deposit: ApprovedDeposit) => Promise<void>;
/**
 * A withdrawal being requested, told to listeners inside the request's transaction before its
 * money is held: listeners lock what they change (a bonus grant) before the hold locks the cash,
 * the order the wagering consumer keeps (grants, then accounts), so the two never deadlock.
 */
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

/**
 * The cashier's shared ground: dependencies, listeners, the member checks, balances and image
 * uploads. The cashier is one service (`services.cashier`) split by capability into layers, one
 * file each: core → channels → deposits → withdrawals → receipts → CashierService (transfers,
 * records, the operator's player wallet). Callers see one object; each file reads on its own.
 */
export class CashierCore {
  /** Set by services.ts: player protection (issue 16) checks age, exclusion and deposit limits. */
  depositGuard: DepositGuard | null = null;
  protected readonly depositListeners: DepositListener[] = [];
  protected readonly withdrawalListeners: WithdrawalListener[] = [];

  protected readonly withdrawalPreparers: Array<(memberId: number) => Promise<void>> = [];

  /** Runs `listener` in every withdrawal request's transaction, before the hold (promotions' bonus rules). */
  onWithdrawalRequested(listener: WithdrawalListener): void {
    this.withdrawalListeners.push(listener);
  }

  /**
   * Runs `prepare` before a withdrawal request's transaction opens (after the payment password):
   * promotions drain the wagering consumer, so a bonus whose wagering the member's last bets met
   * is converted, not forfeited by the withdrawal.
   */
  onWithdrawalPrepare(prepare: (memberId: number) => Promise<void>): void {
    this.withdrawalPreparers.push(prepare);
  }

  /**
   * Runs `listener` in every deposit approval's transaction, after the credit: what it writes
   * commits with the approval or not at all. Approvals of one member are serialised, so `nth` is exact.
   */
  onDepositApproved(listener: DepositListener): void {
    this.depositListeners.push(listener);
  }

  constructor(
    protected readonly db: Db,
    protected readonly config: Config,
    protected readonly deps: { wallet: WalletService; members: MembersService; audit: AuditService },
  ) {}

  /** The member behind a session, refusing trial members (SPEC §4: a real account is needed). */
  protected async realMember(memberId: number): Promise<Member> {
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
  protected image(data: Buffer, field: string): Promise<{ mime: ImageMime; data: Buffer }> {
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
  protected async lockMember(tx: Tx, memberId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_CASHIER_LOCK}::int, ${memberId}::int)`);
  }

  /** Stores a re-encoded image; a member's uploads are capped per rolling hour and in total bytes. */
  protected async storeUpload(
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
}
