import {
  DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  dayRange,
  isBusinessDay,
  isTrialType,
  type Page,
} from '@wps/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { samePersonName } from '../members/normalize.ts';
import type { Member, MembersService } from '../members/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { fieldError } from './amount.ts';
import type { depositRequests, paymentChannels, withdrawalRequests } from './schema.ts';

/** Advisory-lock namespace: one member's uploads and deposit requests are checked one at a time. */
export const MEMBER_CASHIER_LOCK = 7_301;

/** The operator doing something, for the audit log. */
export interface Actor {
  id: number;
  account: string;
  ip?: string | null;
}

/**
 * Who settles a deposit: an operator, or a payment provider's confirmation (issue 29: id null,
 * account `esewa` / `khalti`), recorded the same way in the request and the audit log.
 */
export interface SystemActor {
  id: number | null;
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

/** What the cashier's parts need of the other modules. */
export interface CashierModules {
  wallet: WalletService;
  members: MembersService;
  audit: AuditService;
}

/*
 * The cashier's shared ground: types and the few helpers every part uses. The cashier is one
 * service (`services.cashier`, service.ts) composed of parts that each own one capability and
 * get what they need through their constructors: uploads, channels, deposits, withdrawals,
 * receipts, transfers and wallets (balances, records, the operator's player wallet).
 */

/**
 * The subscribers to one cashier event (a deposit approved, a withdrawal requested or about to
 * be). Bound after construction because of a true cycle: the modules that subscribe (promotions,
 * missions, referral) read the cashier themselves, so services.ts builds them after it and they
 * subscribe from their constructors. The late binding fails closed: the event refuses to run
 * with no subscriber at all (a wiring that forgot promotions would skip its bonus rules
 * silently), and a subscription after the event first ran is refused (the events before it ran
 * without it).
 */
export class CashierSubscribers<F> {
  private readonly list: F[] = [];
  private used = false;

  constructor(private readonly event: string) {}

  add(subscriber: F): void {
    if (this.used)
      throw new Error(
        `cashier: a subscriber to ${this.event} came after its first use; subscribe while the services are built`,
      );
    this.list.push(subscriber);
  }

  /** Every subscriber, for one occurrence of the event. */
  all(): readonly F[] {
    if (this.list.length === 0)
      throw new Error(
        `cashier: ${this.event} before anything subscribed to it (services.ts wires the promotions, missions and referral modules)`,
      );
    this.used = true;
    return this.list;
  }
}

/** The member behind a session, refusing trial members (SPEC §4: a real account is needed). */
export async function realMember(members: MembersService, memberId: number): Promise<Member> {
  const m = await members.getById(memberId);
  if (!m) throw new AppError('UNAUTHORIZED');
  if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
  return m;
}

/**
 * Serialises one member's cashier writes (uploads, deposit requests) for the rest of the
 * transaction, so the per-member caps are counted and kept under concurrency.
 */
export async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_CASHIER_LOCK}::int, ${memberId}::int)`);
}

/** Each member's account name, for the operator's queues. */
export async function accountsOf(members: MembersService, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of new Set(ids)) {
    const m = await members.getById(id);
    out.set(id, m?.account ?? `#${id}`);
  }
  return out;
}

/** Why a review found no pending request: it was decided already (conflict), or never existed. */
export async function notPending(
  tx: Tx,
  table: typeof depositRequests | typeof withdrawalRequests,
  id: number,
): Promise<AppError> {
  const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  return exists ? new AppError('CONFLICT', { messageKey: 'requestNotPending' }) : new AppError('NOT_FOUND');
}
