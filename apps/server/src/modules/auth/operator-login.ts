import { randomBytes } from 'node:crypto';
import { effectivePermissions, type OperatorSession } from '@wps/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Operator } from './operators.ts';
import { operatorLoginChallenges } from './schema.ts';
import type { LoginKernel, RequestContext } from './login-kernel.ts';
import { hashToken } from './sessions.ts';
import { totpRequiredFor } from './totp.ts';

/** The code step of a console sign-in stays open this long, for this many tries. */
export const TOTP_CHALLENGE_MINUTES = 5;
export const TOTP_CHALLENGE_MAX_ATTEMPTS = 5;
/** Code tries per operator across challenges (each needing the password again) in a window. */
export const TOTP_CODE_LIMIT = 10;
export const TOTP_CODE_WINDOW_MS = 15 * 60_000;
/** Code tries per client address per minute, whatever the operator. */
export const TOTP_IP_LIMIT_PER_MINUTE = 30;

/**
 * The operator console sign-in after the password: with TOTP enrolled, a one-time challenge
 * and then the code (or a recovery code) step; otherwise the session at once. An owner or
 * finance operator without TOTP gets a session that may only enrol (see hook.ts).
 */
export class OperatorSignIn {
  constructor(
    private readonly db: Db,
    private readonly auth: LoginKernel,
  ) {}

  async afterPassword(op: Operator, ctx: RequestContext): Promise<OperatorSession> {
    if (!op.totpEnabledAt) return this.open(op, ctx, 'username');
    const challenge = randomBytes(32).toString('base64url');
    await this.db.insert(operatorLoginChallenges).values({
      ticketHash: hashToken(challenge),
      operatorId: op.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + TOTP_CHALLENGE_MINUTES * 60_000),
    });
    await this.auth.audit({ ...this.base(op, ctx), result: 'second_verification', operatorId: op.id });
    return {
      token: null,
      account: op.account,
      role: op.role,
      permissions: effectivePermissions(op.role, op.permissions),
      totpRequired: true,
      challenge,
      totpEnrolmentRequired: false,
    };
  }

  /** POST /wps/admin/session/login/totp. */
  async finish(body: { challenge: string; code: string }, ctx: RequestContext): Promise<OperatorSession> {
    await this.auth.rateLimit(`totp:ip:${ctx.ip}`, TOTP_IP_LIMIT_PER_MINUTE, 60_000);
    const [ch] = await this.db
      .select()
      .from(operatorLoginChallenges)
      .where(
        and(
          eq(operatorLoginChallenges.ticketHash, hashToken(body.challenge)),
          isNull(operatorLoginChallenges.consumedAt),
          gt(operatorLoginChallenges.expiresAt, sql`now()`),
        ),
      );
    if (!ch) throw new AppError('CODE_EXPIRED');
    const op = await this.auth.operators.getById(ch.operatorId);
    if (!op) throw new AppError('CODE_EXPIRED');
    const base = { ...this.base(op, ctx), loginType: 'totp' };
    try {
      await this.auth.rateLimit(`totp:op:${op.id}`, TOTP_CODE_LIMIT, TOTP_CODE_WINDOW_MS);
    } catch (err) {
      await this.auth.audit({ ...base, result: 'rate_limited', operatorId: op.id });
      throw err;
    }
    const [counted] = await this.db
      .update(operatorLoginChallenges)
      .set({ attempts: sql`${operatorLoginChallenges.attempts} + 1` })
      .where(eq(operatorLoginChallenges.id, ch.id))
      .returning({ attempts: operatorLoginChallenges.attempts });
    if ((counted?.attempts ?? 0) > TOTP_CHALLENGE_MAX_ATTEMPTS) {
      await this.consume(ch.id);
      throw new AppError('CODE_EXPIRED');
    }
    if (!(await this.auth.totp.verify(op.id, op.account, body.code))) {
      await this.auth.audit({ ...base, result: 'code_invalid', operatorId: op.id });
      throw new AppError('CODE_INVALID', { messageKey: 'totpInvalid' });
    }
    if (!(await this.consume(ch.id))) throw new AppError('CODE_EXPIRED');
    if (op.status !== 'active') {
      await this.auth.audit({ ...base, result: 'disabled', operatorId: op.id });
      throw new AppError('FORBIDDEN', { messageKey: 'accountDisabled' });
    }
    return this.open(op, ctx, 'totp');
  }

  private async open(op: Operator, ctx: RequestContext, loginType: string): Promise<OperatorSession> {
    const { token } = await this.auth.sessions.open({
      operatorId: op.id,
      role: 'operator',
      loginType,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    await this.auth.operators.recordLogin(op.id);
    await this.auth.audit({ ...this.base(op, ctx), loginType, result: 'ok', operatorId: op.id });
    return {
      token,
      account: op.account,
      role: op.role,
      permissions: effectivePermissions(op.role, op.permissions),
      totpRequired: false,
      challenge: null,
      totpEnrolmentRequired: totpRequiredFor(op.role) && !op.totpEnabledAt,
    };
  }

  /** Marks a challenge used; false when someone else did first. */
  private async consume(id: number): Promise<boolean> {
    const rows = await this.db
      .update(operatorLoginChallenges)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(operatorLoginChallenges.id, id), isNull(operatorLoginChallenges.consumedAt)))
      .returning({ id: operatorLoginChallenges.id });
    return rows.length === 1;
  }

  private base(op: Operator, ctx: RequestContext) {
    return { portal: 'operator' as const, loginType: 'username', account: op.account, ctx };
  }
}
