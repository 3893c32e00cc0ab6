import type { CompleteLocale, LoginValue } from '@wps/contract';
import type { Member, MembersService } from '../members/service.ts';
import type { SystemService } from '../system/service.ts';
import type { VerificationService } from '../verification/service.ts';
import type { LoginFailures } from './failures.ts';
import type { AuditRecorder, OperatorService } from './operators.ts';
import type { SessionService } from './sessions.ts';
import type { TotpService } from './totp.ts';

/**
 * The auth module's shared vocabulary, and what its login steps (operator-login.ts,
 * second-verification.ts) use of the auth service. The steps take a `LoginKernel`, which
 * AuthService implements, so they import nothing from service.ts and service.ts composes them:
 * the module's files import one way.
 */

export interface AuthDeps {
  system: SystemService;
  members: MembersService;
  verification: VerificationService;
  /** The audit log (operator changes); optional for suites that build the service alone. */
  audit?: { record: AuditRecorder };
}

/** Who is asking, as the login flows need it. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
  locale: CompleteLocale;
  /** The client's device id (`x-device-id`), when it sent a well-formed one. */
  deviceId?: string | null;
}

export type Portal = 'player' | 'agent';

export type AuditResult =
  | 'ok'
  | 'protection'
  | 'bad_password'
  | 'locked'
  | 'rate_limited'
  | 'human_check_failed'
  | 'captcha_required'
  | 'captcha_wrong'
  | 'non_member'
  | 'non_agent'
  | 'disabled'
  | 'second_verification'
  | 'second_verification_failed'
  | 'code_invalid';

/** One line of the login audit trail. */
export interface AuditEntry {
  portal: Portal | 'operator';
  loginType: string;
  account: string;
  ctx: RequestContext;
  result: AuditResult;
  memberId?: number | null;
  operatorId?: number | null;
}

/** What a login step needs of the auth service. */
export interface LoginKernel {
  readonly sessions: SessionService;
  readonly operators: OperatorService;
  readonly totp: TotpService;
  readonly failures: LoginFailures;
  rateLimit(key: string, limit: number, windowMs: number): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
  /** Runs `fn`; an AppError on the way is audited with `result` before it propagates. */
  auditing<T>(base: Omit<AuditEntry, 'result'>, result: AuditResult, fn: () => Promise<T>): Promise<T>;
  /** Opens the session, records the address as known, audits, and builds the login value. */
  completeLogin(
    member: Member,
    opts: {
      portal: Portal;
      loginType: string;
      passwordExpired: boolean;
      forceChangePassword: boolean;
      ctx: RequestContext;
    },
  ): Promise<LoginValue>;
}
