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
  // identity (issue 3)
  passwordWrong: 'The password is incorrect',
  checkFields: 'Please check the highlighted fields',
  loginFailed: 'Incorrect username or password',
  accountLockedFor: 'Too many failed attempts. The account is locked, please try again after {0} minutes.',
  accountDisabled: 'This account has been disabled, please contact customer service.',
  captchaWrong: 'The image code is incorrect, please try again',
  captchaNeeded: 'Please enter the image code',
  usernameTaken: 'This username is already taken',
  mobileTaken: 'This mobile number is already registered',
  passwordsInconsistent: 'The passwords entered twice are inconsistent',
  passwordNotAllowed: 'This password is not allowed, please choose another one',
  passwordSameAsOld: 'The new password must be different from the old one',
  oldPasswordWrong: 'The old password is incorrect',
  changePasswordFirst: 'Please change your password first',
  paymentPasswordWrong: 'The payment password is incorrect',
  paymentPasswordNotSet: 'Please set a payment password first',
  paymentPasswordLocked: 'Too many wrong payment passwords, please try again after {0} minutes.',
  resetEmailSent:
    'If the username and email match an account, a temporary password has been sent to that email.',
  termsName: 'terms and conditions',
  ageConfirm: 'Please confirm that you are at least {0} years old',
  newLocation: 'You are signing in from a new location. Please complete the verification.',
  realNameMismatch: 'The real name does not match our records',
  verificationExpired: 'The verification has expired, please sign in again.',
  smsCodeText: 'Your verification code is {0}. It expires in {1} minutes. Never share it with anyone.',
  mailCodeSubject: 'Your verification code',
  mailResetSubject: 'Your temporary password',
  mailResetText:
    'Someone asked to reset the password of {0}. Your temporary password is {1}. It works once within {2} minutes, then you will be asked to choose a new password. If this was not you, ignore this email: your current password still works.',
  // wallet and cashier (issue 4)
  requestNotPending: 'This request has already been processed.',
  invalidAmount: 'Please enter a valid amount greater than 0 with at most two decimals.',
  amountBelowMin: 'The amount must be at least {0}.',
  amountAboveMax: 'The amount must be at most {0}.',
  playerNotFound: 'Player not found.',
  signatureInvalid: 'The request signature is invalid.',
  txCancelled: 'This transaction was already rolled back.',
  rollbackNotBet: 'Only a bet can be rolled back.',
  channelUnavailable: 'This payment channel is not available.',
  imageTooLarge: 'The image must not be larger than 5MB.',
  imageWrongType: 'Only PNG or JPG images are accepted.',
  payeeMismatch: 'The account holder name must match your real name.',
  payeeNotSet: 'Please set your real name first.',
  withdrawDailyLimit: "You have reached today's limit of {0} withdrawals.",
  transferNotInTeam: 'You can only transfer to members of your own team.',
  transferSelf: 'You cannot transfer to yourself.',
  reasonRequired: 'Please enter a reason.',
  receivedAmountInvalid: 'The received amount must be more than 0 and less than the withdrawal amount.',
  proofRequired: 'Please upload a proof image.',
  realAccountNeeded: 'This needs a real account. Please register to continue.',
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
