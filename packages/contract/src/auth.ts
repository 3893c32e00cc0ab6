import { z } from 'zod';
import { safeString } from './safe.ts';
import { SPEC } from './constants.ts';

/**
 * Identity calls (SPEC §4, §7 'Account'). Request schemas are deliberately permissive about
 * presence (every field optional, bounded in length): the server answers missing or malformed
 * values with the spec's own messages per field, which a schema error could not give.
 */
/**
 * NUL and unpaired surrogates have no place in any field and PostgreSQL cannot store them
 * (they would surface as a server error): refused up front. The message is a message key,
 * translated by the error handler.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const text = (max: number) =>
  safeString()
    .max(max)
    .refine((s) => !UNSTORABLE.test(s), { message: 'badRequest' });
const opt = (max: number) => text(max).optional();

/** The ALTCHA widget's payload (base64 JSON of challenge + solution): the human-check field. */
export const humanCheckFields = { altcha: opt(8_000) };
/** Image captcha answer and the client-chosen key it was fetched with (`GET /wps/captcha?captchaKey=`). */
export const captchaFields = { captcha: opt(20), captchaKey: opt(64) };

export const LOGIN_TYPES = ['username', 'sms'] as const;

/** POST /wps/session/login and /wps/session/login/agent. */
export const loginRequestSchema = z.object({
  type: z.enum(LOGIN_TYPES).optional(),
  username: opt(100),
  password: opt(200),
  mobileNum: opt(30),
  countryDialingCode: opt(8),
  verificationCode: opt(SPEC.verificationCodeMaxLength),
  ...captchaFields,
  ...humanCheckFields,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const SECOND_VERIFICATION_METHODS = ['sms', 'email', 'payeeName'] as const;
export type SecondVerificationMethod = (typeof SECOND_VERIFICATION_METHODS)[number];

/** Present instead of a token when the login comes from an address the account never used. */
export const secondVerificationSchema = z.object({
  ticket: safeString(),
  methods: z.array(z.enum(SECOND_VERIFICATION_METHODS)),
  /** Masked, so the person can tell where the code goes: `98******78`, `r**@example.com`. */
  mobileNum: safeString().nullable(),
  email: safeString().nullable(),
  expiresInSeconds: z.number().int(),
});

/** The login response value (SPEC §3: token, firstTimeLogin, passwordExpired, userName, …). */
export const loginValueSchema = z.object({
  /** null while `secondVerification` is pending. */
  token: safeString().nullable(),
  userName: safeString(),
  account: safeString(),
  customerId: z.number().int(),
  nickname: safeString().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** Default password, expired password or a mailed temporary one: the change popup is forced. */
  forceChangePassword: z.boolean(),
  secondVerification: secondVerificationSchema.nullable(),
});
export type LoginValue = z.infer<typeof loginValueSchema>;

/** POST /wps/session/login/verification/send: a code for the second verification. */
export const secondVerificationSendSchema = z.object({
  ticket: text(100),
  method: z.enum(['sms', 'email']),
});
/** POST /wps/session/login/verification: finish the login with the code or the real name. */
export const secondVerificationSchemaRequest = z.object({
  ticket: text(100),
  method: z.enum(SECOND_VERIFICATION_METHODS),
  verificationCode: opt(SPEC.verificationCodeMaxLength),
  payeeName: opt(100),
});

/** POST /wps/session/login/freeplay (SPEC: os, platform W, random value, gateway version). */
export const freeplayRequestSchema = z
  .object({
    os: opt(40),
    platform: opt(20),
    random: opt(200),
    gatewayVersion: z.union([opt(10), z.number()]),
  })
  .partial();

/** POST /wps/admin/session/login */
export const operatorLoginRequestSchema = z.object({
  username: opt(100),
  password: opt(200),
  ...captchaFields,
  ...humanCheckFields,
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequestSchema>;
/**
 * The operator login answer. With TOTP enrolled, the password step answers `token: null`,
 * `totpRequired: true` and a short-lived `challenge`; POST /wps/admin/session/login/totp with
 * the challenge and a code gives the token. `totpEnrolmentRequired`: this session may only enrol.
 */
export const operatorSessionSchema = z.object({
  token: safeString().nullable(),
  account: safeString(),
  role: safeString(),
  /** Effective permissions (role's set and explicit ones). */
  permissions: z.array(safeString()),
  totpRequired: z.boolean(),
  challenge: safeString().nullable(),
  totpEnrolmentRequired: z.boolean(),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;
export const operatorMeSchema = z.object({
  id: z.number().int(),
  account: safeString(),
  role: safeString(),
  permissions: z.array(safeString()),
  totpEnrolmentRequired: z.boolean(),
});

/** What a not-signed-in SMS code is for; a code only works for its own call. */
export const SMS_NO_LOGIN_PURPOSES = ['login', 'reset'] as const;
export type SmsNoLoginPurpose = (typeof SMS_NO_LOGIN_PURPOSES)[number];

/**
 * SMS code requests for people who are not signed in: `/wps/verification/sms/noLogin` (SPEC §7
 * "POST login code"; `/wps/verification/sms/login` is kept as an alias). The code is for the
 * `type: "sms"` login unless `purpose: "reset"` asks for one for the reset by phone.
 */
export const smsNoLoginRequestSchema = z.object({
  mobileNum: opt(30),
  countryDialingCode: opt(8),
  purpose: z.enum(SMS_NO_LOGIN_PURPOSES).optional(),
  ...humanCheckFields,
});
/** `/wps/verification/sms/register` (SPEC: registration uses `mobileNo`; `mobileNum` also accepted). */
export const smsRegisterRequestSchema = z.object({
  mobileNo: opt(30),
  mobileNum: opt(30),
  countryDialingCode: opt(8),
  ...humanCheckFields,
});
export const smsSentSchema = z.object({ expiredMinutes: z.number().int() });

/** The registration user of SPEC §3 plus the call's extras (registerUrl, registerMethod…). */
export const registerRequestSchema = z.object({
  username: opt(100),
  password: opt(200),
  confirmPassword: opt(200),
  payeeName: opt(255),
  email: opt(255),
  qqNum: opt(255),
  mobileNum: opt(30),
  mobileNo: opt(30),
  countryDialingCode: opt(8),
  verificationCode: opt(SPEC.verificationCodeMaxLength),
  recommenderId: opt(255),
  affiliateCode: opt(255),
  referralCode: opt(255),
  /** An invite link's code (`/register?link=`): the sign-up counts for that link (issue 31). */
  inviteLink: opt(64),
  paymentPassword: opt(200),
  line: opt(255),
  whatsapp: opt(255),
  facebook: opt(255),
  wechat: opt(255),
  idNumber: opt(255),
  domain: opt(255),
  registerUrl: opt(2_000),
  registerMethod: opt(20),
  /** Terms ticked (SPEC: inline 'Please agree to the {0}' otherwise). */
  terms: z.boolean().optional(),
  /** Age confirmation (SPEC §5, 18 by default). */
  ageConfirmed: z.boolean().optional(),
  /** Date of birth YYYY-MM-DD (player protection): optional here, required before the first deposit. */
  birthday: safeString().max(10).optional(),
  /** SPEC: `login: true` = sign the new member in (default). */
  login: z.boolean().optional(),
  ...captchaFields,
  ...humanCheckFields,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /wps/member/password (SPEC: `{data:{oldPassword,newPassword,confirmNewPassword}}`). */
export const changePasswordRequestSchema = z.object({
  data: z.object({
    oldPassword: opt(200),
    newPassword: opt(200),
    confirmNewPassword: opt(200),
  }),
});
/** POST /wps/member/password/email, form-encoded. */
export const forgotByEmailRequestSchema = z.object({ username: opt(100), email: opt(255) });
/** POST /wps/member/password/verification: reset by phone, then signed in. */
export const resetByPhoneRequestSchema = z.object({
  newPassword: opt(200),
  confirmNewPassword: opt(200),
  mobileNum: opt(30),
  countryDialingCode: opt(8),
  verificationCode: opt(SPEC.verificationCodeMaxLength),
});

/** Security centre. */
export const bindMobileCodeRequestSchema = z.object({ mobileNum: opt(30), countryDialingCode: opt(8) });
export const bindMobileRequestSchema = z.object({
  mobileNum: opt(30),
  countryDialingCode: opt(8),
  verificationCode: opt(SPEC.verificationCodeMaxLength),
});
export const bindEmailCodeRequestSchema = z.object({ email: opt(255) });
export const bindEmailRequestSchema = z.object({
  email: opt(255),
  verificationCode: opt(SPEC.verificationCodeMaxLength),
});
/**
 * Set (first time: confirm with the login `password`) or change (with `oldPaymentPassword`) the
 * payment password used by withdrawals and transfers.
 */
export const paymentPasswordRequestSchema = z.object({
  password: opt(200),
  oldPaymentPassword: opt(200),
  paymentPassword: opt(200),
  confirmPaymentPassword: opt(200),
});

/** GET /wps/agent/affiliate?code&domain: success means the code is a valid agent's. */
export const affiliateQuerySchema = z.object({ code: opt(255), domain: opt(255) });
export const affiliateValueSchema = z.object({ valid: z.literal(true) });

/** GET /wps/captcha?captchaKey=: the client names the captcha with a random 16-64 character key. */
export const captchaQuerySchema = z.object({ captchaKey: opt(64) });
