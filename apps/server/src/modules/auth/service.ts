import { randomBytes } from 'node:crypto';
import {
  isAgentType,
  isTrialType,
  type LoginRequest,
  type LoginValue,
  type OperatorLoginRequest,
  type OperatorSession,
  memberRole,
  SPEC,
} from '@wps/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { normalizeAccount, phoneDestination } from '../members/normalize.ts';
import type { Member } from '../members/service.ts';
import { FieldErrors, parsePhone } from '../members/validation.ts';
import { CaptchaService } from './captcha.ts';
import {
  accountKey,
  CAPTCHA_AFTER_ACCOUNT_FAILURES,
  CAPTCHA_AFTER_IP_FAILURES,
  ipKey,
  type LoginAttempt,
  LoginFailures,
  pairKey,
} from './failures.ts';
import { HumanCheckService } from './human-check.ts';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './limiter.ts';
import { LoginHistory } from './login-history.ts';
import { OperatorSignIn } from './operator-login.ts';
import { OperatorService } from './operators.ts';
import { SecondVerification } from './second-verification.ts';
import { loginAudit } from './schema.ts';
import { SessionService } from './sessions.ts';
import { TotpService } from './totp.ts';
import type {
  AuditEntry,
  AuditResult,
  AuthDeps,
  LoginKernel,
  Portal,
  RequestContext,
} from './login-kernel.ts';

export type {
  AuditEntry,
  AuditResult,
  AuthDeps,
  LoginKernel,
  Portal,
  RequestContext,
} from './login-kernel.ts';

/**
 * Login attempts per account (or phone number) per minute from one address. Per address, so a
 * stranger's flood cannot make the owner wait; across addresses the captcha takes over.
 */
export const ACCOUNT_LOGIN_LIMIT_PER_MINUTE = 10;
/** Trial accounts one address may open per hour. */
export const FREEPLAY_PER_IP_PER_HOUR = 20;

/** Why a member that is not active may not sign in: frozen and closed say so (console, issue 16). */
export const memberStatusMessage = (status: string) =>
  status === 'frozen' ? 'accountFrozen' : status === 'closed' ? 'accountClosed' : 'accountDisabled';

/**
 * Sign-in for members and operators: sessions, failure tracking, captcha, human check, rate
 * limits, the audit trail and the login flows of SPEC §4.
 */
export class AuthService implements LoginKernel {
  /**
   * Player protection (issue 16): refuses a sign-in (exclusion, session limit) before the session
   * opens. Bound by services.ts after both services exist: protection ends sessions through auth,
   * auth asks protection at sign-in, a true cycle. It fails closed: `assertWired` stops the
   * server's start-up when unbound, and a sign-in never passes unchecked.
   */
  loginGuard: ((member: Member) => Promise<void>) | null = null;
  /** Player protection: an excluded member is refused before any second-verification code is sent. */
  loginPrecheck: ((member: Member) => Promise<void>) | null = null;

  /** Start-up check (services.ts): the late-bound protection hooks are in place. */
  assertWired(): void {
    this.bound(this.loginGuard, 'loginGuard');
    this.bound(this.loginPrecheck, 'loginPrecheck');
  }

  private bound<T>(hook: T | null, name: string): T {
    if (hook === null) throw new Error(`auth: player protection's ${name} is not bound (services.ts)`);
    return hook;
  }
  readonly sessions: SessionService;
  readonly operators: OperatorService;
  readonly totp: TotpService;
  readonly operatorSignIn: OperatorSignIn;
  /** The code (or real-name) step of a member sign-in from a new address. */
  readonly secondVerification: SecondVerification;
  readonly failures: LoginFailures;
  readonly captcha: CaptchaService;
  readonly humanCheck: HumanCheckService;
  readonly limiter: RateLimiter;
  /** Member login history and shared addresses/devices (read by the console). */
  readonly loginHistory: LoginHistory;
  private readonly pending = new Set<Promise<void>>();
  private readonly log;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: AuthDeps,
  ) {
    this.sessions = new SessionService(db, config);
    this.loginHistory = new LoginHistory(db);
    this.operators = new OperatorService(
      db,
      deps.audit ? (entry, tx) => deps.audit!.record(entry, tx) : undefined,
      (id) => this.sessions.forgetOperator(id),
    );
    this.totp = new TotpService(db, config.totpKey);
    this.operatorSignIn = new OperatorSignIn(db, this);
    this.secondVerification = new SecondVerification(db, deps, this);
    this.failures = new LoginFailures(db);
    this.captcha = new CaptchaService(db, config);
    this.humanCheck = new HumanCheckService(db, config);
    this.limiter = config.redisUrl ? new RedisRateLimiter(config.redisUrl) : new MemoryRateLimiter();
    this.log = pino({ level: config.logLevel, name: 'auth' });
  }

  async close(): Promise<void> {
    await this.settle();
    await this.limiter.close();
  }

  /** Work that must not delay (or time) the answer, e.g. mail for forgot-password. */
  background(task: () => Promise<void>): void {
    const p = task()
      .catch((err) => this.log.error({ err }, 'background task failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /**
   * Deletes what no longer matters: sessions and tickets long past their end, used or expired
   * codes, captchas and human-check nonces, failure streaks gone cold. The login audit is kept.
   * Idempotent, so every instance may run it.
   */
  async prune(): Promise<void> {
    const db = this.db;
    await db.execute(sql`delete from sessions where expires_at < now() - interval '7 days'
      or revoked_at < now() - interval '7 days'`);
    await db.execute(sql`delete from login_challenges where expires_at < now() - interval '1 day'`);
    await db.execute(sql`delete from operator_login_challenges where expires_at < now() - interval '1 day'`);
    await db.execute(sql`delete from verification_codes where expires_at < now() - interval '1 day'`);
    await db.execute(sql`delete from captchas where expires_at < now()`);
    await db.execute(sql`delete from human_checks_used where expires_at < now()`);
    await db.execute(sql`delete from login_failures where last_failed_at < now() - interval '1 day'
      and (locked_until is null or locked_until < now())`);
  }

  /** Waits for background work (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Throws RATE_LIMITED ('Too many requests, please try again after 5 minutes.') past the limit. */
  async rateLimit(key: string, limit: number, windowMs: number): Promise<void> {
    const r = await this.limiter.hit(key, limit, windowMs);
    if (!r.allowed) {
      throw new AppError('RATE_LIMITED', { extra: { retryAfterSeconds: Math.ceil(r.retryAfterMs / 1000) } });
    }
  }

  /** The ALTCHA check of a call; a no-op when HUMAN_CHECK=off. */
  async requireHumanCheck(payload: string | undefined): Promise<void> {
    if (!this.config.humanCheck) return;
    if (!(await this.humanCheck.verify(payload))) {
      throw new AppError('HUMAN_CHECK_FAILED', {
        messageKey: 'completeVerification',
        fields: { altcha: 'completeVerification' },
      });
    }
  }

  /** An image captcha the caller must have answered (register setting or failed logins). */
  async requireCaptcha(key: string | undefined, answer: string | undefined): Promise<void> {
    if (!this.config.humanCheck) return;
    if (!answer?.trim()) {
      throw new AppError('CAPTCHA_REQUIRED', {
        messageKey: 'captchaNeeded',
        fields: { captcha: 'captchaNeeded' },
        extra: { captcha: true },
      });
    }
    if (!(await this.captcha.verify(key, answer))) {
      throw new AppError('CAPTCHA_INVALID', {
        messageKey: 'captchaWrong',
        fields: { captcha: 'captchaWrong' },
        extra: { captcha: true },
      });
    }
  }

  /** True when attempts beyond the thresholds have been made before this one. */
  private captchaDue(a: LoginAttempt, after = 1): boolean {
    return (
      this.config.humanCheck &&
      (a.accountAttempts - after >= CAPTCHA_AFTER_ACCOUNT_FAILURES ||
        a.ipAttempts - after >= CAPTCHA_AFTER_IP_FAILURES)
    );
  }

  /**
   * Everything a password try must pass before the password is looked at: the human check; the
   * attempt reserved on the account and on the address, with the captcha asked when earlier
   * attempts passed a threshold; then the (account, address) progressive delay. Reserving first is what keeps a
   * burst of parallel guesses from all being checked under the threshold.
   */
  private async guardPasswordTry(
    portal: Portal | 'operator',
    account: string,
    body: { altcha?: string | undefined; captchaKey?: string | undefined; captcha?: string | undefined },
    base: Omit<AuditEntry, 'result'>,
  ) {
    const ctx = base.ctx;
    await this.auditing(base, 'human_check_failed', () => this.requireHumanCheck(body.altcha));
    const keys = {
      account: accountKey(portal === 'player' || portal === 'agent' ? 'member' : portal, account),
      pair: pairKey(portal === 'operator' ? 'operator' : 'member', account, ctx.ip),
      ip: ipKey(ctx.ip),
    };
    const attempt = await this.failures.reserve(keys.account, keys.ip);
    if (this.captchaDue(attempt)) {
      await this.auditing(base, 'captcha_wrong', () => this.requireCaptcha(body.captchaKey, body.captcha));
    }
    // Only tries that could reach the password count against the pair (a missing or wrong
    // captcha costs nothing there): the owner typing from their own address is never held back
    // by someone else's failures.
    const pair = await this.failures.reservePair(keys.pair);
    if ('retryAt' in pair) {
      await this.audit({ ...base, result: 'locked' });
      throw this.locked(pair.retryAt);
    }
    return {
      /** The password was wrong: the answer, with `captcha: true` when the next try needs one. */
      failed: () =>
        new AppError('UNAUTHORIZED', {
          messageKey: 'loginFailed',
          ...(this.captchaDue(attempt, 0) ? { extra: { captcha: true } } : {}),
        }),
      succeeded: () => this.failures.succeeded(keys.account, keys.pair, keys.ip),
    };
  }

  private locked(until: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
    return new AppError('ACCOUNT_LOCKED', { messageKey: 'accountLockedFor', args: [minutes] });
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.db.insert(loginAudit).values({
      portal: entry.portal,
      loginType: entry.loginType,
      account: entry.account.slice(0, 100),
      memberId: entry.memberId ?? null,
      operatorId: entry.operatorId ?? null,
      ip: entry.ctx.ip,
      userAgent: entry.ctx.userAgent?.slice(0, 300) ?? null,
      deviceId: entry.ctx.deviceId ?? null,
      result: entry.result,
    });
  }

  async auditTrail(opts: { account?: string; limit?: number } = {}) {
    return this.db
      .select()
      .from(loginAudit)
      .where(opts.account ? eq(loginAudit.account, normalizeAccount(opts.account)) : undefined)
      .orderBy(desc(loginAudit.id))
      .limit(Math.min(Math.max(opts.limit ?? 50, 1), 500));
  }

  /** Runs `fn`; an AppError on the way is audited with `result` before it propagates. */
  async auditing<T>(base: Omit<AuditEntry, 'result'>, result: AuditResult, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) await this.audit({ ...base, result });
      throw err;
    }
  }

  /** POST /wps/session/login (portal player) and /wps/session/login/agent (portal agent). */
  async login(portal: Portal, body: LoginRequest, ctx: RequestContext): Promise<LoginValue> {
    if ((body.type ?? 'username') === 'sms') return this.loginBySms(portal, body, ctx);
    const { members, system } = this.deps;

    const errors = new FieldErrors(ctx.locale);
    const account = normalizeAccount(body.username ?? '');
    const password = body.password ?? '';
    if (!account) errors.add('username', 'inputEmpty');
    if (!password) errors.add('password', 'inputEmpty');
    errors.throwIfAny();

    const base = { portal, loginType: 'username', account, ctx } as const;
    await this.auditing(base, 'rate_limited', async () => {
      await this.rateLimit(`login:ip:${ctx.ip}`, this.config.loginIpLimitPerMinute, 60_000);
      await this.rateLimit(`login:acct:${account}@${ctx.ip}`, ACCOUNT_LOGIN_LIMIT_PER_MINUTE, 60_000);
    });

    const guard = await this.guardPasswordTry(portal, account, body, base);

    // Exactly one argon2 verification on every path, so timing does not tell names apart. An
    // operator's name is not a member here: the player and agent doors never check an operator's
    // password (issue 28: a 403 "non-member" for the right one against 401 for a wrong one told
    // anyone, on a budget of its own, when they had guessed it); it fails as any unknown name does.
    const member = await members.getByAccount(account);
    let check: 'ok' | 'temp' | false = false;
    if (member) check = await members.checkPassword(member, password, { allowTemp: true });
    else await members.checkPassword(null, password);

    if (!member || !check) {
      await this.audit({ ...base, result: 'bad_password', memberId: member?.id ?? null });
      throw guard.failed();
    }
    if (member.status !== 'active') {
      await this.audit({ ...base, result: 'disabled', memberId: member.id });
      throw new AppError('FORBIDDEN', { messageKey: memberStatusMessage(member.status) });
    }
    if (portal === 'agent' && !isAgentType(member.type)) {
      await this.audit({ ...base, result: 'non_agent', memberId: member.id });
      throw new AppError('FORBIDDEN', { messageKey: 'nonAgent' });
    }
    await guard.succeeded();

    const flags = await system.flags();
    const passwordExpired = Boolean(flags.PASSEXPIRY3) && members.passwordExpired(member);
    const forceChangePassword = password === SPEC.defaultWeakPassword || passwordExpired || check === 'temp';
    try {
      await this.bound(this.loginPrecheck, 'loginPrecheck')(member);
    } catch (e) {
      await this.audit({ ...base, result: 'protection', memberId: member.id });
      throw e;
    }
    if ((await members.ipStatus(member.id, ctx.ip)) === 'new') {
      const challenge = await this.secondVerification.open(member, {
        portal,
        loginType: 'username',
        mustChangePassword: forceChangePassword,
        ctx,
      });
      if (challenge) {
        await this.audit({ ...base, result: 'second_verification', memberId: member.id });
        return {
          ...this.loginValue(member, null, { passwordExpired, forceChangePassword }),
          secondVerification: challenge,
        };
      }
    }
    return this.completeLogin(member, {
      portal,
      loginType: 'username',
      passwordExpired,
      forceChangePassword,
      ctx,
    });
  }

  /** Login with an SMS code (SPEC: no human check, no forced password change). */
  private async loginBySms(portal: Portal, body: LoginRequest, ctx: RequestContext): Promise<LoginValue> {
    const { members, system, verification } = this.deps;
    if (!(await system.isFlagEnabled('SMSLOGIN3'))) throw new AppError('NOT_ENABLED');
    const errors = new FieldErrors(ctx.locale);
    const phone = parsePhone(errors, 'mobileNum', body.mobileNum, body.countryDialingCode);
    if (!body.verificationCode?.trim()) errors.add('verificationCode', 'codeMissing');
    errors.throwIfAny();
    const destination = phoneDestination(phone!.dialCode, phone!.mobile);
    const base = { portal, loginType: 'sms', account: destination, ctx } as const;
    await this.auditing(base, 'rate_limited', async () => {
      await this.rateLimit(`login:ip:${ctx.ip}`, this.config.loginIpLimitPerMinute, 60_000);
      await this.rateLimit(`login:phone:${destination}@${ctx.ip}`, ACCOUNT_LOGIN_LIMIT_PER_MINUTE, 60_000);
    });
    await this.auditing(base, 'code_invalid', () =>
      verification.consume({ purpose: 'login', destination, code: body.verificationCode }),
    );
    const member = await members.getByMobile(phone!.dialCode, phone!.mobile);
    if (!member) {
      // Codes only go to registered numbers, so this is a forged or stale request.
      await this.audit({ ...base, result: 'code_invalid' });
      throw new AppError('CODE_INVALID', { fields: { verificationCode: 'codeInvalid' } });
    }
    if (member.status !== 'active') {
      await this.audit({ ...base, result: 'disabled', memberId: member.id });
      throw new AppError('FORBIDDEN', { messageKey: memberStatusMessage(member.status) });
    }
    if (portal === 'agent' && !isAgentType(member.type)) {
      await this.audit({ ...base, result: 'non_agent', memberId: member.id });
      throw new AppError('FORBIDDEN', { messageKey: 'nonAgent' });
    }
    if (!member.mobileVerified) await members.markMobileVerified(member.id);
    // Holding the phone is the second factor here, so no new-address check follows.
    return this.completeLogin(member, {
      portal,
      loginType: 'sms',
      passwordExpired: false,
      forceChangePassword: false,
      ctx,
    });
  }

  /** Opens the session, records the address as known, audits, and builds the login value. */
  async completeLogin(
    member: Member,
    opts: {
      portal: Portal;
      loginType: string;
      passwordExpired: boolean;
      forceChangePassword: boolean;
      ctx: RequestContext;
    },
  ): Promise<LoginValue> {
    try {
      await this.bound(this.loginGuard, 'loginGuard')(member);
    } catch (e) {
      await this.audit({
        portal: opts.portal,
        loginType: opts.loginType,
        account: member.account,
        ctx: opts.ctx,
        result: 'protection',
        memberId: member.id,
      });
      throw e;
    }
    const { token } = await this.sessions.open({
      memberId: member.id,
      role: memberRole(member.type),
      loginType: opts.loginType,
      mustChangePassword: opts.forceChangePassword,
      ip: opts.ctx.ip,
      userAgent: opts.ctx.userAgent,
    });
    await this.deps.members.recordLogin(member.id, opts.ctx.ip);
    await this.audit({
      portal: opts.portal,
      loginType: opts.loginType,
      account: member.account,
      ctx: opts.ctx,
      result: 'ok',
      memberId: member.id,
    });
    return this.loginValue(member, token, opts);
  }

  loginValue(
    member: Member,
    token: string | null,
    opts: { passwordExpired: boolean; forceChangePassword: boolean },
  ): LoginValue {
    return {
      token,
      userName: member.account,
      account: member.account,
      customerId: member.id,
      nickname: member.nickname,
      type: member.type,
      isAgent: isAgentType(member.type),
      isTrial: isTrialType(member.type),
      firstTimeLogin: !member.firstLoginDone,
      passwordExpired: opts.passwordExpired,
      forceChangePassword: opts.forceChangePassword,
      secondVerification: null,
    };
  }

  /** POST /wps/session/login/freeplay: a fresh trial member (type 4) with its own session. */
  async freeplay(ctx: RequestContext): Promise<LoginValue> {
    if (!(await this.deps.system.isFlagEnabled('FREEPLAY3'))) throw new AppError('NOT_ENABLED');
    await this.rateLimit(`freeplay:ip:${ctx.ip}`, FREEPLAY_PER_IP_PER_HOUR, 3_600_000);
    const member = await this.deps.members.create({
      account: `trial${randomBytes(5).toString('hex')}`,
      passwordHash: '!',
      type: 4,
      registerMethod: 'FREEPLAY',
      registerIp: ctx.ip,
    });
    return this.completeLogin(member, {
      portal: 'player',
      loginType: 'freeplay',
      passwordExpired: false,
      forceChangePassword: false,
      ctx,
    });
  }

  /**
   * POST /wps/admin/session/login: operators only; same human check, limits and audit as members.
   * With TOTP enrolled the answer is a challenge for the code step (operator-login.ts).
   */
  async operatorLogin(body: OperatorLoginRequest, ctx: RequestContext): Promise<OperatorSession> {
    const errors = new FieldErrors(ctx.locale);
    const account = normalizeAccount(body.username ?? '');
    const password = body.password ?? '';
    if (!account) errors.add('username', 'inputEmpty');
    if (!password) errors.add('password', 'inputEmpty');
    errors.throwIfAny();
    const base = { portal: 'operator', loginType: 'username', account, ctx } as const;
    await this.auditing(base, 'rate_limited', async () => {
      await this.rateLimit(`login:ip:${ctx.ip}`, this.config.loginIpLimitPerMinute, 60_000);
      await this.rateLimit(`login:op:${account}@${ctx.ip}`, ACCOUNT_LOGIN_LIMIT_PER_MINUTE, 60_000);
    });
    const guard = await this.guardPasswordTry('operator', account, body, base);
    const op = await this.operators.getByAccount(account);
    const good = await this.operators.checkPassword(op, password);
    if (!op || !good) {
      await this.audit({ ...base, result: 'bad_password', operatorId: op?.id ?? null });
      throw guard.failed();
    }
    if (op.status !== 'active') {
      await this.audit({ ...base, result: 'disabled', operatorId: op.id });
      throw new AppError('FORBIDDEN', { messageKey: 'accountDisabled' });
    }
    await guard.succeeded();
    return this.operatorSignIn.afterPassword(op, ctx);
  }
}
