import { z } from 'zod';

/**
 * Every /wps response is this envelope (DESIGN §4). `code` is "OK" or one of ERROR_CODES;
 * `message` is the spec's text for the situation, in the caller's language.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'HUMAN_CHECK_FAILED',
  'RATE_LIMITED',
  'ACCOUNT_LOCKED',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_CONFLICT',
  'MAINTENANCE',
  'REGION_BLOCKED',
  'NOT_ENABLED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'ROUND_NOT_FOUND',
  'VENDOR_DISABLED',
  'GAME_MAINTENANCE',
  'QUOTA_EXCEEDED',
  'LIMIT_EXCEEDED',
  'SELF_EXCLUDED',
  /** An owner/finance operator who has not enrolled TOTP may only enrol. */
  'TOTP_ENROLMENT_REQUIRED',
  /** Lottery odds whose exact RTP would reach the limit (100 %) on a structure: nothing stored. */
  'ODDS_ABOVE_RTP_LIMIT',
  /**
   * The member's profile lacks what this operation needs (real name, date of birth, payment
   * password): `value.fields` names each missing field with the message saying where to set it.
   */
  'PROFILE_INCOMPLETE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export type ResponseCode = 'OK' | ErrorCode;

/** HTTP status for each error code: one table, so handlers never pick statuses ad hoc. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  HUMAN_CHECK_FAILED: 400,
  RATE_LIMITED: 429,
  ACCOUNT_LOCKED: 423,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_CONFLICT: 409,
  MAINTENANCE: 503,
  REGION_BLOCKED: 403,
  NOT_ENABLED: 403,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  /** Seamless: a win for a round in which the player placed no bet with that vendor. */
  ROUND_NOT_FOUND: 404,
  /** Seamless: the vendor has no configured secret or was disabled by the operator. */
  VENDOR_DISABLED: 403,
  GAME_MAINTENANCE: 409,
  /** SPEC §8 'Quota': the SMS provider refused for lack of credit or sending quota. */
  QUOTA_EXCEEDED: 503,
  /** Player protection: a deposit, bet or sign-in beyond a limit the player set (issue 16). */
  LIMIT_EXCEEDED: 403,
  /** Player protection: a time-out or self-exclusion is in force for this person. */
  SELF_EXCLUDED: 403,
  TOTP_ENROLMENT_REQUIRED: 403,
  ODDS_ABOVE_RTP_LIMIT: 400,
  /** Well-formed, but the account's current state refuses it until the member completes a field. */
  PROFILE_INCOMPLETE: 409,
  INTERNAL: 500,
};

export const envelopeSchema = <T extends z.ZodTypeAny>(value: T) =>
  z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    value,
  });

export interface Envelope<T> {
  success: boolean;
  code: ResponseCode;
  message: string;
  value: T;
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  value: z.union([z.null(), z.object({ fields: z.record(z.string(), z.string()).optional() }).passthrough()]),
});
