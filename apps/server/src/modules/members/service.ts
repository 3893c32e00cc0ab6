import { isAgentType, type MemberInfo, type MemberRole, memberRole, type ProfileField } from '@wps/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type CreateMemberInput, createMember, type Member } from './create.ts';
import {
  checkPassword,
  issueTempPassword,
  setPassword,
  setPaymentPassword,
  verifyPaymentPassword,
} from './credentials.ts';
import { MemberInfoCache, type MemberInfoBase, memberInfoBase } from './info.ts';
import { ipStatus, knownIps, rememberIp } from './known-ips.ts';
import { downline, isInDownline } from './lineage.ts';
import {
  normalizeAccount,
  normalizeDialCode,
  normalizeEmail,
  normalizeMobile,
  randomCode,
  uniqueViolation,
} from './normalize.ts';
import { members } from './schema.ts';
import { MemberTree } from './tree.ts';
import { TrialTwins } from './trial-twins.ts';

// The members' one entry point. Its capabilities live beside it: creating a member (create.ts),
// passwords and payment passwords (credentials.ts), the agent tree's recursive walks (lineage.ts),
// known login addresses (known-ips.ts); other modules import the types re-exported here.
export type { CreateMemberInput, Member } from './create.ts';
export { PAYMENT_PASSWORD_LOCK_MINUTES, PAYMENT_PASSWORD_MAX_FAILURES } from './credentials.ts';

export interface MemberProfile {
  id: number;
  account: string;
  type: number;
  role: MemberRole;
  parentId: number | null;
  nickname: string | null;
  /** Real name: withdrawals and payout accounts must match it. */
  payeeName: string | null;
  email: string | null;
  emailVerified: boolean;
  countryDialingCode: string | null;
  mobileNum: string | null;
  mobileVerified: boolean;
  hasPaymentPassword: boolean;
  status: string;
  createdAt: Date;
}

export class MembersService {
  /** The agent tree as the agent centre reads it (levels, subtree search, head counts). */
  readonly tree: MemberTree;
  /** Member info per member, kept while the `wps_auth` notices are heard (info.ts). */
  readonly infoCache = new MemberInfoCache();
  /** Signed-in players' free-trial members (trial-twins.ts). */
  readonly trialTwins: TrialTwins;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.tree = new MemberTree(db);
    this.trialTwins = new TrialTwins(db);
  }

  /** Creates a member. Unique clashes answer CONFLICT with the field's message. */
  async create(input: CreateMemberInput, tx: DbOrTx = this.db): Promise<Member> {
    return createMember(tx, input);
  }

  /** How many members registered with this member's referral code (refer and earn). */
  async referredCount(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(members)
      .where(eq(members.referrerId, memberId));
    return row?.n ?? 0;
  }

  /** The members who registered with this member's referral code, newest first (refer and earn). */
  async referred(memberId: number, limit = 200): Promise<Member[]> {
    return this.db
      .select()
      .from(members)
      .where(eq(members.referrerId, memberId))
      .orderBy(sql`${members.createdAt} desc`, sql`${members.id} desc`)
      .limit(limit);
  }

  /** Of these members, those who registered with someone's referral code. */
  async withReferrer(ids: readonly number[], ex: DbOrTx = this.db): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, [...ids]), isNotNull(members.referrerId)));
    return rows.map((r) => r.id);
  }

  /**
   * Makes a player an agent (an approved affiliate application): the agent types and an
   * affiliate code, as `create` gives an agent. Under an upline it becomes a sub-agent (2),
   * at the top a top-level agent (1). Answers false when it already was an agent.
   */
  async promoteToAgent(memberId: number, tx: DbOrTx = this.db): Promise<boolean> {
    // A random code colliding is as unlikely as in `create`, and a retry cannot run inside the
    // caller's aborted transaction: the approval fails and the operator approves again.
    const rows = await tx
      .update(members)
      .set({
        type: sql`case when ${members.parentId} is null then 1 else 2 end`,
        affiliateCode: sql`coalesce(${members.affiliateCode}, ${randomCode().toUpperCase()})`,
      })
      .where(and(eq(members.id, memberId), eq(members.type, 0)))
      .returning({ id: members.id });
    // Inside the caller's transaction: the notice at its commit drops the entry again.
    this.infoCache.drop(memberId);
    return rows.length > 0;
  }

  async getById(id: number, ex: DbOrTx = this.db): Promise<Member | null> {
    if (!Number.isSafeInteger(id)) return null;
    const [row] = await ex.select().from(members).where(eq(members.id, id));
    return row ?? null;
  }

  async getByAccount(account: string): Promise<Member | null> {
    const key = normalizeAccount(account);
    if (!key || key.length > 100) return null;
    const [row] = await this.db.select().from(members).where(eq(members.account, key));
    return row ?? null;
  }

  async getByMobile(countryDialingCode: string, mobileNum: string): Promise<Member | null> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(
        and(
          eq(members.countryDialingCode, normalizeDialCode(countryDialingCode)),
          eq(members.mobileNum, normalizeMobile(mobileNum)),
        ),
      );
    return row ?? null;
  }

  /** The agent owning an affiliate code, if it is a valid, active agent's. */
  async agentByAffiliateCode(code: string): Promise<Member | null> {
    const key = code.trim().toUpperCase();
    if (!key || key.length > 40) return null;
    const [row] = await this.db.select().from(members).where(eq(members.affiliateCode, key));
    if (!row || !isAgentType(row.type) || row.status !== 'active') return null;
    return row;
  }

  async getByReferralCode(code: string): Promise<Member | null> {
    const key = code.trim().toUpperCase();
    if (!key || key.length > 40) return null;
    const [row] = await this.db.select().from(members).where(eq(members.referralCode, key));
    return row ?? null;
  }

  /** True when `memberId` sits anywhere below `ancestorId` in the agent tree (not itself). */
  async isInDownline(ancestorId: number, memberId: number): Promise<boolean> {
    return isInDownline(this.db, ancestorId, memberId);
  }

  /** Everyone below an agent, nearest first (depth 1 = direct downline). */
  async downline(ancestorId: number) {
    return downline(this.db, ancestorId);
  }

  async profile(memberId: number): Promise<MemberProfile> {
    const m = await this.getById(memberId);
    if (!m) throw new AppError('NOT_FOUND');
    return {
      id: m.id,
      account: m.account,
      type: m.type,
      role: memberRole(m.type),
      parentId: m.parentId,
      nickname: m.nickname,
      payeeName: m.payeeName,
      email: m.email,
      emailVerified: m.emailVerified,
      countryDialingCode: m.countryDialingCode,
      mobileNum: m.mobileNum,
      mobileVerified: m.mobileVerified,
      hasPaymentPassword: m.paymentPasswordHash !== null,
      status: m.status,
      createdAt: m.createdAt,
    };
  }

  info(m: Member, mustChangePassword: boolean): MemberInfo {
    return { ...memberInfoBase(m), mustChangePassword };
  }

  /** What member info shows of a member, through the per-process cache (info.ts); null: no such member. */
  async infoOf(memberId: number): Promise<MemberInfoBase | null> {
    const hit = this.infoCache.get(memberId);
    if (hit) return hit;
    const stamp = this.infoCache.stamp;
    const m = await this.getById(memberId);
    if (!m) return null;
    const info = memberInfoBase(m);
    this.infoCache.set(memberId, info, stamp);
    return info;
  }

  /** The avatar: an image the cashier module stored re-encoded (SPEC §7 `/wps/member/info/icon`). */
  async setIcon(memberId: number, uploadId: string): Promise<void> {
    await this.db.update(members).set({ iconUploadId: uploadId }).where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
  }

  /** SPEC §4: a language change is stored locally and the server is told. */
  async setLanguage(memberId: number, language: string): Promise<void> {
    await this.db.update(members).set({ language }).where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
  }

  /**
   * Sets the real name while it is empty (issue 27): the member's own one-time entry. Answers
   * false when a name was already there (set meanwhile, or before): only an operator changes it
   * (players console, audited). The condition is in the update, so two racing requests set it once.
   */
  async setPayeeNameOnce(memberId: number, name: string): Promise<boolean> {
    const rows = await this.db
      .update(members)
      .set({ payeeName: name })
      .where(and(eq(members.id, memberId), isNull(members.payeeName)))
      .returning({ id: members.id });
    this.infoCache.drop(memberId);
    return rows.length > 0;
  }

  /** Profile fields of SPEC §3 (already checked against the register rules); null clears one. */
  async updateProfile(memberId: number, values: Partial<Record<ProfileField, string | null>>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db.update(members).set(values).where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
  }
  /**
   * Checks a password. With `allowTemp` (login only) a mailed temporary password also counts:
   * `temp` = one matched (it is used up now, and the caller forces a password change).
   */
  async checkPassword(
    member: Member | null,
    password: string,
    opts: { allowTemp?: boolean } = {},
  ): Promise<'ok' | 'temp' | false> {
    return checkPassword(this.db, member, password, opts);
  }

  async setPassword(memberId: number, password: string): Promise<void> {
    return setPassword(this.db, memberId, password);
  }

  /** A random temporary password valid for `minutes`, stored hashed; returns the plain text to mail. */
  async issueTempPassword(memberId: number, minutes: number): Promise<string> {
    return issueTempPassword(this.db, memberId, minutes);
  }

  /** PASSEXPIRY3: a password older than the configured age must be changed at login. */
  passwordExpired(member: Member): boolean {
    const maxAgeMs = this.config.passwordMaxAgeDays * 86_400_000;
    return Date.now() - member.passwordChangedAt.getTime() > maxAgeMs;
  }
  /**
   * Checks a payment password (withdrawals, transfers). Throws VALIDATION with a field message
   * when wrong, and pauses the member's payment password after repeated failures (credentials.ts).
   */
  async verifyPaymentPassword(memberId: number, password: string): Promise<void> {
    return verifyPaymentPassword(this.db, await this.getById(memberId), password);
  }

  async setPaymentPassword(memberId: number, password: string): Promise<void> {
    await setPaymentPassword(this.db, memberId, password);
    this.infoCache.drop(memberId);
  }

  async bindMobile(memberId: number, countryDialingCode: string, mobileNum: string): Promise<void> {
    try {
      await this.db
        .update(members)
        .set({
          countryDialingCode: normalizeDialCode(countryDialingCode),
          mobileNum: normalizeMobile(mobileNum),
          mobileVerified: true,
        })
        .where(eq(members.id, memberId));
      this.infoCache.drop(memberId);
    } catch (err) {
      if (uniqueViolation(err) === 'members_mobile_unique')
        throw new AppError('CONFLICT', { messageKey: 'mobileTaken', fields: { mobileNum: 'mobileTaken' } });
      throw err;
    }
  }

  async bindEmail(memberId: number, email: string): Promise<void> {
    await this.db
      .update(members)
      .set({ email: normalizeEmail(email), emailVerified: true })
      .where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
  }

  async markMobileVerified(memberId: number): Promise<void> {
    await this.db.update(members).set({ mobileVerified: true }).where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
  }
  async recordLogin(memberId: number, ip: string): Promise<void> {
    await this.db.update(members).set({ lastLoginAt: sql`now()` }).where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
    await rememberIp(this.db, memberId, ip);
  }

  /** `first`: the member has never logged in from anywhere; `known` / `new` otherwise. */
  async ipStatus(memberId: number, ip: string): Promise<'first' | 'known' | 'new'> {
    return ipStatus(this.db, memberId, ip);
  }

  async knownIps(memberId: number): Promise<Array<{ ip: string; firstSeenAt: Date; lastSeenAt: Date }>> {
    return knownIps(this.db, memberId);
  }

  async completeFirstLogin(memberId: number): Promise<void> {
    await this.db.update(members).set({ firstLoginDone: true }).where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
  }

  async setStatus(memberId: number, status: 'active' | 'disabled'): Promise<void> {
    await this.db.update(members).set({ status }).where(eq(members.id, memberId));
    this.infoCache.drop(memberId);
  }
}
