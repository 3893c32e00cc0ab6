import { randomBytes } from 'node:crypto';
import {
  type DownlineMember,
  isAgentType,
  type MemberInfo,
  type MemberRole,
  memberRole,
  type ProfileField,
} from '@wps/contract';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  normalizeAccount,
  normalizeDialCode,
  normalizeEmail,
  normalizeMobile,
  randomCode,
  uniqueViolation,
} from './normalize.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { memberKnownIps, members, memberTempPasswords } from './schema.ts';
import { MemberTree } from './tree.ts';
import { MemberInfoCache, type MemberInfoBase, memberInfoBase } from './info.ts';
import { rowsOf } from '../../db/rows.ts';

export type Member = typeof members.$inferSelect;

export interface CreateMemberInput {
  account: string;
  /** Plain password to hash; or `passwordHash` for accounts created with an unusable one. */
  password?: string;
  passwordHash?: string;
  type?: number;
  parentId?: number | null;
  paymentPassword?: string | null;
  nickname?: string | null;
  payeeName?: string | null;
  email?: string | null;
  emailVerified?: boolean;
  countryDialingCode?: string | null;
  mobileNum?: string | null;
  mobileVerified?: boolean;
  qqNum?: string | null;
  line?: string | null;
  whatsapp?: string | null;
  facebook?: string | null;
  wechat?: string | null;
  idNumber?: string | null;
  recommenderId?: string | null;
  referrerId?: number | null;
  registerMethod?: string | null;
  registerUrl?: string | null;
  domain?: string | null;
  registerIp?: string | null;
  /** Agents get an affiliate code; pass one to choose it (seed), else a random one is made. */
  affiliateCode?: string | null;
}

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

/** Wrong payment passwords tolerated before a pause, and how long the pause lasts. */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;
/** Guard against a corrupt tree: no real agent hierarchy is this deep. */
const MAX_TREE_DEPTH = 64;

export class MembersService {
  /** The agent tree as the agent centre reads it (levels, subtree search, head counts). */
  readonly tree: MemberTree;
  /** Member info per member, kept while the `wps_auth` notices are heard (info.ts). */
  readonly infoCache = new MemberInfoCache();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.tree = new MemberTree(db);
  }

  /** Creates a member. Unique clashes answer CONFLICT with the field's message. */
  async create(input: CreateMemberInput, tx: DbOrTx = this.db): Promise<Member> {
    const passwordHash =
      input.passwordHash ?? (await hashPassword(input.password ?? randomBytes(24).toString('base64url')));
    const paymentPasswordHash = input.paymentPassword ? await hashPassword(input.paymentPassword) : null;
    const type = input.type ?? 0;
    const mobile = input.mobileNum ? normalizeMobile(input.mobileNum) : null;
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await tx
          .insert(members)
          .values({
            account: normalizeAccount(input.account),
            type,
            parentId: input.parentId ?? null,
            passwordHash,
            paymentPasswordHash,
            nickname: input.nickname ?? null,
            payeeName: input.payeeName?.trim() || null,
            email: input.email ? normalizeEmail(input.email) : null,
            emailVerified: input.emailVerified ?? false,
            countryDialingCode: mobile ? normalizeDialCode(input.countryDialingCode) || null : null,
            mobileNum: mobile,
            mobileVerified: input.mobileVerified ?? false,
            qqNum: input.qqNum ?? null,
            line: input.line ?? null,
            whatsapp: input.whatsapp ?? null,
            facebook: input.facebook ?? null,
            wechat: input.wechat ?? null,
            idNumber: input.idNumber ?? null,
            recommenderId: input.recommenderId ?? null,
            referrerId: input.referrerId ?? null,
            registerMethod: input.registerMethod ?? null,
            registerUrl: input.registerUrl ?? null,
            domain: input.domain ?? null,
            registerIp: input.registerIp ?? null,
            affiliateCode: isAgentType(type) ? (input.affiliateCode ?? randomCode()).toUpperCase() : null,
            referralCode: randomCode(),
          })
          .returning();
        return row!;
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'members_account_unique')
          throw new AppError('CONFLICT', {
            messageKey: 'usernameTaken',
            fields: { username: 'usernameTaken' },
          });
        if (constraint === 'members_mobile_unique')
          throw new AppError('CONFLICT', { messageKey: 'mobileTaken', fields: { mobileNum: 'mobileTaken' } });
        // A random referral/affiliate code collided: draw again (a chosen affiliate code is a conflict).
        if (
          (constraint === 'members_referral_code_unique' ||
            (constraint === 'members_affiliate_code_unique' && !input.affiliateCode)) &&
          attempt < 5
        )
          continue;
        throw err;
      }
    }
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
    if (!Number.isSafeInteger(ancestorId) || !Number.isSafeInteger(memberId) || ancestorId === memberId)
      return false;
    const result = await this.db.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from members where id = ${memberId}
        union all
        select m.id, m.parent_id, up.depth + 1 from members m join up on m.id = up.parent_id
        where up.depth < ${MAX_TREE_DEPTH}
      )
      select 1 as hit from up where id = ${ancestorId} and depth > 0 limit 1`);
    return rowsOf(result).length > 0;
  }

  /** Everyone below an agent, nearest first (depth 1 = direct downline). */
  async downline(ancestorId: number): Promise<DownlineMember[]> {
    const result = await this.db.execute(sql`
      with recursive down(id, account, type, parent_id, created_at, depth) as (
        select id, account, type, parent_id, created_at, 1 from members where parent_id = ${ancestorId}
        union all
        select m.id, m.account, m.type, m.parent_id, m.created_at, down.depth + 1
        from members m join down on m.parent_id = down.id
        where down.depth < ${MAX_TREE_DEPTH}
      )
      select id, account, type, parent_id, created_at, depth from down order by depth, id`);
    return rowsOf<{
      id: number;
      account: string;
      type: number;
      parent_id: number | null;
      created_at: string | Date;
      depth: number;
    }>(result).map((r) => ({
      id: Number(r.id),
      account: r.account,
      type: Number(r.type),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      depth: Number(r.depth),
      createdAt: new Date(r.created_at).toISOString(),
    }));
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
    // No usable password (trial, mobile sign-up without one): spend the same time, then refuse.
    if (!member?.passwordHash.startsWith('$argon2')) return burnVerification(password);
    if (await verifyPassword(member.passwordHash, password)) {
      if (needsRehash(member.passwordHash)) {
        await this.db
          .update(members)
          .set({ passwordHash: await hashPassword(password) })
          .where(eq(members.id, member.id));
      }
      return 'ok';
    }
    if (!opts.allowTemp) return false;
    const temps = await this.db
      .select()
      .from(memberTempPasswords)
      .where(
        and(
          eq(memberTempPasswords.memberId, member.id),
          isNull(memberTempPasswords.usedAt),
          gt(memberTempPasswords.expiresAt, sql`now()`),
        ),
      );
    for (const t of temps) {
      if (await verifyPassword(t.passwordHash, password)) {
        // Conditional update: two logins racing with one temporary password, only one wins.
        const used = await this.db
          .update(memberTempPasswords)
          .set({ usedAt: sql`now()` })
          .where(and(eq(memberTempPasswords.id, t.id), isNull(memberTempPasswords.usedAt)))
          .returning({ id: memberTempPasswords.id });
        return used.length ? 'temp' : false;
      }
    }
    return false;
  }

  async setPassword(memberId: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ passwordHash, passwordChangedAt: sql`now()` })
        .where(eq(members.id, memberId));
      // A new password retires every mailed temporary one.
      await tx
        .update(memberTempPasswords)
        .set({ usedAt: sql`now()` })
        .where(and(eq(memberTempPasswords.memberId, memberId), isNull(memberTempPasswords.usedAt)));
    });
  }

  /** A random temporary password valid for `minutes`, stored hashed; returns the plain text to mail. */
  async issueTempPassword(memberId: number, minutes: number): Promise<string> {
    // Letters and digits from both cases plus a symbol, so it also passes strict password rules.
    const plain = `${randomCode(5)}${randomCode(5).toLowerCase()}${String(randomBytes(1)[0]! % 10)}#`;
    await this.db.insert(memberTempPasswords).values({
      memberId,
      passwordHash: await hashPassword(plain),
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    return plain;
  }

  /** PASSEXPIRY3: a password older than the configured age must be changed at login. */
  passwordExpired(member: Member): boolean {
    const maxAgeMs = this.config.passwordMaxAgeDays * 86_400_000;
    return Date.now() - member.passwordChangedAt.getTime() > maxAgeMs;
  }

  /**
   * Checks a payment password (withdrawals, transfers). Throws VALIDATION with a field message
   * when wrong, and pauses the member's payment password after repeated failures.
   *
   * The try is reserved before the hash is checked, in one conditional statement: a burst of
   * parallel guesses is counted one by one, and the try that reaches the limit starts the pause
   * itself, so at most PAYMENT_PASSWORD_MAX_FAILURES guesses are ever evaluated per pause.
   */
  async verifyPaymentPassword(memberId: number, password: string): Promise<void> {
    const m = await this.getById(memberId);
    if (!m) throw new AppError('NOT_FOUND');
    if (!m.paymentPasswordHash) {
      throw new AppError('VALIDATION', {
        messageKey: 'paymentPasswordNotSet',
        fields: { paymentPassword: 'paymentPasswordNotSet' },
      });
    }
    const expired = sql`(${members.paymentPasswordLockedUntil} is not null and ${members.paymentPasswordLockedUntil} <= now())`;
    const n = sql`(case when ${expired} then 1 else ${members.paymentPasswordFailures} + 1 end)`;
    const [reserved] = await this.db
      .update(members)
      .set({
        paymentPasswordFailures: n,
        paymentPasswordLockedUntil: sql`case when ${n} >= ${PAYMENT_PASSWORD_MAX_FAILURES}
          then now() + make_interval(mins => ${PAYMENT_PASSWORD_LOCK_MINUTES})
          when ${expired} then null else ${members.paymentPasswordLockedUntil} end`,
      })
      .where(
        and(
          eq(members.id, memberId),
          sql`((${members.paymentPasswordLockedUntil} is null and ${members.paymentPasswordFailures} < ${PAYMENT_PASSWORD_MAX_FAILURES}) or ${expired})`,
        ),
      )
      .returning({ failures: members.paymentPasswordFailures });
    if (!reserved) {
      const [row] = await this.db
        .select({ until: members.paymentPasswordLockedUntil })
        .from(members)
        .where(eq(members.id, memberId));
      const until = row?.until?.getTime() ?? Date.now() + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000;
      const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
      throw new AppError('ACCOUNT_LOCKED', { messageKey: 'paymentPasswordLocked', args: [minutes] });
    }
    const good = typeof password === 'string' && (await verifyPassword(m.paymentPasswordHash, password));
    if (good) {
      await this.db
        .update(members)
        .set({ paymentPasswordFailures: 0, paymentPasswordLockedUntil: null })
        .where(eq(members.id, memberId));
      return;
    }
    if (reserved.failures >= PAYMENT_PASSWORD_MAX_FAILURES) {
      throw new AppError('ACCOUNT_LOCKED', {
        messageKey: 'paymentPasswordLocked',
        args: [PAYMENT_PASSWORD_LOCK_MINUTES],
      });
    }
    throw new AppError('VALIDATION', {
      messageKey: 'paymentPasswordWrong',
      fields: { paymentPassword: 'paymentPasswordWrong' },
    });
  }

  async setPaymentPassword(memberId: number, password: string): Promise<void> {
    await this.db
      .update(members)
      .set({
        paymentPasswordHash: await hashPassword(password),
        paymentPasswordFailures: 0,
        paymentPasswordLockedUntil: null,
      })
      .where(eq(members.id, memberId));
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
    await this.db
      .insert(memberKnownIps)
      .values({ memberId, ip })
      .onConflictDoUpdate({
        target: [memberKnownIps.memberId, memberKnownIps.ip],
        set: { lastSeenAt: sql`now()` },
      });
  }

  /** `first`: the member has never logged in from anywhere; `known` / `new` otherwise. */
  async ipStatus(memberId: number, ip: string): Promise<'first' | 'known' | 'new'> {
    const rows = await this.db
      .select({ ip: memberKnownIps.ip })
      .from(memberKnownIps)
      .where(eq(memberKnownIps.memberId, memberId));
    if (rows.length === 0) return 'first';
    return rows.some((r) => r.ip === ip) ? 'known' : 'new';
  }

  async knownIps(memberId: number): Promise<Array<{ ip: string; firstSeenAt: Date; lastSeenAt: Date }>> {
    return this.db
      .select({
        ip: memberKnownIps.ip,
        firstSeenAt: memberKnownIps.firstSeenAt,
        lastSeenAt: memberKnownIps.lastSeenAt,
      })
      .from(memberKnownIps)
      .where(eq(memberKnownIps.memberId, memberId));
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
