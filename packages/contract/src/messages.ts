import type { ErrorCode } from './envelope.ts';

/**
 * The spec's user-facing texts (SPEC §5, §8), keyed so server and web pick the same words.
 * English lives here because the server answers in it by default; the web app and the server's
 * Nepali catalogue translate by key.
 */
export const MESSAGES = {
  inputEmpty: 'Input cannot be empty',
  confirmMismatch: 'Incorrect confirmation input',
  realNameFormat: 'Real name format is incorrect',
  phoneFormat: 'Phone number format is incorrect',
  invitationInvalid: 'Invalid invitation code',
  codeEnterValid: 'Please enter a valid verification code',
  mobileEnterValid: 'Please enter a valid mobile number',
  agreeTo: 'Please agree to the {0}',
  invalidPhone: 'Invalid phone number format.',
  missingPhone: 'Please enter a valid phone number.',
  tooManyRequests: 'Too many requests, please try again after 5 minutes.',
  unknown: 'An unknown error occured.',
  codeInvalid: 'Verification code is not valid',
  codeMissing: 'Verification code is missing',
  captchaFailed: 'Invalid reCaptcha input, or if this method was called from a non-whitelisted domain.',
  quota: 'Quota not sufficient, please contact customer service.',
  notEnabled: 'Not enabled function, please contact customer service.',
  codeExpired: 'Verification code has expired, please send again.',
  popupClosed: 'Login failure. Please try again.',
  userNotExist: 'Username/Email does not exist',
  network: 'Network link is abnormal, please try again',
  completeVerification: 'Please complete verification first',
  invalidUrl: 'Invalid URL, please contact customer service',
  popupBlocked: 'Pop-up blocked, please allow and try again',
  pleaseLogin: 'Please login to the user account',
  nonMember: 'Non-member account unable to login',
  nonAgent: 'Non-agents cannot log in',
  maintenance: 'The system is under maintenance, please come back later.',
  regionBlocked: 'Access from your region is restricted.',
  notFound: 'The requested resource does not exist.',
  forbidden: 'You do not have permission to perform this operation.',
  badRequest: 'The request could not be understood.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  insufficientFunds: 'Insufficient balance.',
  idempotencyConflict: 'This request id was already used with different details.',
  conflict: 'The request conflicts with the current state.',
  accountLocked: 'Too many failed attempts, the account is locked for a while.',
  ok: 'Success',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Default message for an error code when the handler gives none more specific. */
export const DEFAULT_MESSAGE_FOR_CODE: Record<ErrorCode, MessageKey> = {
  VALIDATION: 'badRequest',
  UNAUTHORIZED: 'pleaseLogin',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'notFound',
  METHOD_NOT_ALLOWED: 'notFound',
  CONFLICT: 'conflict',
  PAYLOAD_TOO_LARGE: 'payloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'unsupportedMediaType',
  CAPTCHA_REQUIRED: 'completeVerification',
  CAPTCHA_INVALID: 'captchaFailed',
  HUMAN_CHECK_FAILED: 'completeVerification',
  RATE_LIMITED: 'tooManyRequests',
  ACCOUNT_LOCKED: 'accountLocked',
  INSUFFICIENT_FUNDS: 'insufficientFunds',
  IDEMPOTENCY_CONFLICT: 'idempotencyConflict',
  MAINTENANCE: 'maintenance',
  REGION_BLOCKED: 'regionBlocked',
  NOT_ENABLED: 'notEnabled',
  CODE_INVALID: 'codeInvalid',
  CODE_EXPIRED: 'codeExpired',
  INTERNAL: 'unknown',
};

/** Fill {0}, {1}… placeholders. */
export function formatMessage(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const v = args[Number(i)];
    return v === undefined ? whole : String(v);
  });
}
