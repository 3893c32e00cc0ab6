import { isAgentType, isTrialType, type MemberInfo, PROFILE_FIELDS } from '@wps/contract';
import type { AuthChangeFeed, AuthChangeFollower, AuthChangeKind } from '../auth/session-cache.ts';
import { RowCache } from '../../db/row-cache.ts';
import type { members } from './schema.ts';

type Member = typeof members.$inferSelect;

/** What `GET /wps/member/info` shows of the member row; the session adds `mustChangePassword`. */
export type MemberInfoBase = Omit<MemberInfo, 'mustChangePassword'>;

export function memberInfoBase(m: Member): MemberInfoBase {
  return {
    id: m.id,
    customerId: m.id,
    account: m.account,
    userName: m.account,
    nickname: m.nickname,
    type: m.type,
    isAgent: isAgentType(m.type),
    isTrial: isTrialType(m.type),
    payeeName: m.payeeName,
    email: m.email,
    emailVerified: m.emailVerified,
    countryDialingCode: m.countryDialingCode,
    mobileNum: m.mobileNum,
    mobileVerified: m.mobileVerified,
    hasPaymentPassword: m.paymentPasswordHash !== null,
    parentId: m.parentId,
    affiliateCode: m.affiliateCode,
    referralCode: m.referralCode,
    firstTimeLogin: !m.firstLoginDone,
    createdAt: m.createdAt.toISOString(),
    lastLoginAt: m.lastLoginAt ? m.lastLoginAt.toISOString() : null,
    iconUrl: m.iconUploadId ? `/wps/cashier/uploads/${m.iconUploadId}` : null,
    language: m.language,
    profile: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, m[f]])) as MemberInfo['profile'],
  };
}

export const MEMBER_INFO_CACHE_MS = 30_000;
const MEMBER_INFO_CACHE_MAX = 20_000;

/**
 * What member info shows of each member, cached in this process: the players' polling of
 * `GET /wps/member/info` read the whole member row (about fifty columns) on every call, the
 * route's one query and most of its cost. No money is here (the balance is its own call, read
 * from the ledger every time).
 *
 * Correctness does not rest on the TTL: every change to a member row is announced at commit on
 * `wps_auth` as `m:<member>` (trigger `members_auth_changed`, migration 0041) and reaches this
 * cache through the session cache's listener, on every instance; MembersService's own writes
 * also drop the entry at once, before answering, so a player reads back a change straight away.
 * Nothing is served while the listener is down (or before it is attached): a missed notice
 * never leaves a stale row behind.
 */
export class MemberInfoCache implements AuthChangeFollower {
  private feed: Pick<AuthChangeFeed, 'active'> = { active: false };
  private readonly rows = new RowCache<number, MemberInfoBase>({
    ttlMs: MEMBER_INFO_CACHE_MS,
    max: MEMBER_INFO_CACHE_MAX,
    active: () => this.feed.active,
  });

  /** Caches from now on, for as long as `feed` hears every change. */
  attach(feed: AuthChangeFeed): void {
    this.feed = feed;
    feed.follow(this);
  }

  /** Take before reading a member from the database; hand to `set`. */
  get stamp(): number {
    return this.rows.stamp;
  }

  get(memberId: number): MemberInfoBase | null {
    return this.rows.get(memberId);
  }

  set(memberId: number, info: MemberInfoBase, stamp: number): void {
    this.rows.set(memberId, info, stamp);
  }

  /** This member's row changed (here, or announced from anywhere). */
  drop(memberId: number): void {
    this.rows.drop(memberId);
  }

  forget(kind: AuthChangeKind, id: number): void {
    if (kind === 'm') this.drop(id);
  }

  lostTrack(): void {
    this.rows.clear();
  }
}
