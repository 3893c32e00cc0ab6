import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LoginValue, SecondVerificationMethod } from '@wps/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { maskEmail, maskMobile, phoneDestination } from '../members/normalize.ts';
import type { Member } from '../members/service.ts';
import { FieldErrors } from '../members/validation.ts';
import { loginChallenges } from './schema.ts';
import type { AuthDeps, LoginKernel, Portal, RequestContext } from './login-kernel.ts';
import { hashToken } from './sessions.ts';

/** A login waiting for its second verification stays open this long, for this many tries. */
export const SECOND_VERIFICATION_MINUTES = 10;
export const SECOND_VERIFICATION_MAX_ATTEMPTS = 5;
/**
 * Second-factor tries per member in a window, across all tickets: fresh tickets (each needing
 * the password again) must not multiply the per-ticket limit into a real-name guessing service.
 */
export const SECOND_VERIFICATION_MEMBER_LIMIT = 10;
export const SECOND_VERIFICATION_MEMBER_WINDOW_MINUTES = 60;
const secondFactorKey = (memberId: number) => `second:member:${memberId}`;

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const sameText = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b));
const normalizeName = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The second step of a member sign-in from an address the member has not used before (SPEC §4):
 * a one-time ticket, then a code sent to the account's own phone or mail, or the real name on
 * file. The password step and the session itself stay in AuthService, which opens a ticket here
 * and is called back to complete the login once the ticket is answered.
 */
export class SecondVerification {
  constructor(
    private readonly db: Db,
    private readonly deps: AuthDeps,
    private readonly auth: LoginKernel,
  ) {}

  /** Ways this member can prove it is them; none → the login goes through (nothing to ask). */
  private methods(member: Member): SecondVerificationMethod[] {
    const methods: SecondVerificationMethod[] = [];
    if (member.mobileNum) methods.push('sms');
    if (member.email) methods.push('email');
    if (member.payeeName) methods.push('payeeName');
    return methods;
  }

  async open(
    member: Member,
    opts: { portal: Portal; loginType: string; mustChangePassword: boolean; ctx: RequestContext },
  ): Promise<LoginValue['secondVerification']> {
    const methods = this.methods(member);
    if (methods.length === 0) return null;
    const ticket = randomBytes(32).toString('base64url');
    await this.db.insert(loginChallenges).values({
      ticketHash: hashToken(ticket),
      memberId: member.id,
      // The password this login proved: a later change or reset closes the challenge.
      passwordChangedAt: member.passwordChangedAt,
      portal: opts.portal,
      loginType: opts.loginType,
      mustChangePassword: opts.mustChangePassword,
      ip: opts.ctx.ip,
      userAgent: opts.ctx.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + SECOND_VERIFICATION_MINUTES * 60_000),
    });
    return {
      ticket,
      methods,
      mobileNum: maskMobile(member.mobileNum),
      email: maskEmail(member.email),
      expiresInSeconds: SECOND_VERIFICATION_MINUTES * 60,
    };
  }

  /** The pending login behind a ticket, if it is still open and asked from the same address. */
  private async challengeFor(ticket: string, ctx: RequestContext) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return null;
    const [row] = await this.db
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.ticketHash, hashToken(ticket)),
          isNull(loginChallenges.consumedAt),
          gt(loginChallenges.expiresAt, sql`now()`),
        ),
      );
    if (!row || row.ip !== ctx.ip || row.attempts >= SECOND_VERIFICATION_MAX_ATTEMPTS) return null;
    return row;
  }

  /**
   * Reserves one try on a ticket (same open, unexpired, same-address conditions as
   * challengeFor) in one conditional statement, before anything secret is compared.
   */
  private async reserveChallengeTry(ticket: string, ctx: RequestContext) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return null;
    const [row] = await this.db
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(
        and(
          eq(loginChallenges.ticketHash, hashToken(ticket)),
          isNull(loginChallenges.consumedAt),
          gt(loginChallenges.expiresAt, sql`now()`),
          eq(loginChallenges.ip, ctx.ip),
          lt(loginChallenges.attempts, SECOND_VERIFICATION_MAX_ATTEMPTS),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** The member behind a challenge, unless the password it proved has changed since. */
  private async challengeMember(challenge: { memberId: number; passwordChangedAt: Date | null }) {
    const member = await this.deps.members.getById(challenge.memberId);
    if (
      !member ||
      !challenge.passwordChangedAt ||
      member.passwordChangedAt.getTime() !== challenge.passwordChangedAt.getTime()
    )
      return null;
    return member;
  }

  /**
   * A password change or reset: open second-verification challenges die (they were opened with
   * the old password) and the member's second-factor allowance starts afresh.
   */
  async closeChallenges(memberId: number): Promise<void> {
    await this.db
      .update(loginChallenges)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(loginChallenges.memberId, memberId), isNull(loginChallenges.consumedAt)));
    await this.auth.failures.forget(secondFactorKey(memberId));
  }

  private destinationFor(member: Member, method: 'sms' | 'email'): string | null {
    if (method === 'sms') {
      return member.mobileNum ? phoneDestination(member.countryDialingCode ?? '', member.mobileNum) : null;
    }
    return member.email;
  }

  /** POST /wps/session/login/verification/send: a code to the account's own phone or mail. */
  async sendCode(
    body: { ticket: string; method: 'sms' | 'email' },
    ctx: RequestContext,
  ): Promise<{ expiredMinutes: number }> {
    const challenge = await this.challengeFor(body.ticket, ctx);
    if (!challenge) throw new AppError('UNAUTHORIZED', { messageKey: 'verificationExpired' });
    const member = await this.challengeMember(challenge);
    if (!member) throw new AppError('UNAUTHORIZED', { messageKey: 'verificationExpired' });
    const destination = this.destinationFor(member, body.method);
    if (!member || !destination) throw new AppError('VALIDATION', { fields: { method: 'notEnabled' } });
    await this.auth.rateLimit(`sms:ip:${ctx.ip}`, 10, 5 * 60_000);
    await this.auth.rateLimit(`second:${destination}`, 3, 5 * 60_000);
    return this.deps.verification.issue({
      purpose: 'secondFactor',
      channel: body.method,
      destination,
      memberId: member.id,
      locale: ctx.locale,
    });
  }

  /** POST /wps/session/login/verification: the code (or real name) that finishes the login. */
  async finish(
    body: {
      ticket: string;
      method: SecondVerificationMethod;
      verificationCode?: string | undefined;
      payeeName?: string | undefined;
    },
    ctx: RequestContext,
  ): Promise<LoginValue> {
    // The try is reserved on the ticket and on the member before anything is compared, so
    // parallel guesses (or fresh tickets) cannot exceed either limit.
    const challenge = await this.reserveChallengeTry(body.ticket, ctx);
    if (!challenge) throw new AppError('UNAUTHORIZED', { messageKey: 'verificationExpired' });
    const allowance = await this.auth.failures.reserveWithin(
      secondFactorKey(challenge.memberId),
      SECOND_VERIFICATION_MEMBER_LIMIT,
      SECOND_VERIFICATION_MEMBER_WINDOW_MINUTES,
    );
    if (!allowance.allowed) {
      throw new AppError('RATE_LIMITED', {
        extra: { retryAfterSeconds: Math.ceil(allowance.retryAfterMs / 1000) },
      });
    }
    const member = await this.challengeMember(challenge);
    if (!member) throw new AppError('UNAUTHORIZED', { messageKey: 'verificationExpired' });
    const base = {
      portal: challenge.portal as Portal,
      loginType: challenge.loginType,
      account: member.account,
      ctx,
      memberId: member.id,
    };

    await this.auth.auditing(base, 'second_verification_failed', async () => {
      if (body.method === 'payeeName') {
        const given = normalizeName(body.payeeName ?? '');
        if (!given) {
          const e = new FieldErrors(ctx.locale);
          e.add('payeeName', 'inputEmpty');
          e.throwIfAny();
        }
        if (!member.payeeName || !sameText(given, normalizeName(member.payeeName))) {
          throw new AppError('VALIDATION', {
            messageKey: 'realNameMismatch',
            fields: { payeeName: 'realNameMismatch' },
          });
        }
      } else {
        const destination = this.destinationFor(member, body.method);
        if (!destination) throw new AppError('CODE_INVALID', { fields: { verificationCode: 'codeInvalid' } });
        await this.deps.verification.consume({
          purpose: 'secondFactor',
          destination,
          code: body.verificationCode,
          memberId: member.id,
        });
      }
    });

    const used = await this.db
      .update(loginChallenges)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.consumedAt)))
      .returning({ id: loginChallenges.id });
    if (used.length === 0) throw new AppError('UNAUTHORIZED', { messageKey: 'verificationExpired' });
    const flags = await this.deps.system.flags();
    const passwordExpired = Boolean(flags.PASSEXPIRY3) && this.deps.members.passwordExpired(member);
    return this.auth.completeLogin(member, {
      portal: challenge.portal as Portal,
      loginType: challenge.loginType,
      passwordExpired,
      forceChangePassword: challenge.mustChangePassword,
      ctx,
    });
  }
}
