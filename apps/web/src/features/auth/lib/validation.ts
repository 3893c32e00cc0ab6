import {
  type CompleteLocale,
  checkFieldRule,
  type FieldRuleLike,
  formatMessage,
  MESSAGES,
  MESSAGES_NE,
  type MessageKey,
  type RegisterFieldRule,
  SPEC,
} from '@wps/contract';

/**
 * Client-side checks of SPEC §5, word for word the server's messages (the same catalogue in
 * @wps/contract) and the same rule check (`checkFieldRule`), so a form never says one thing
 * and the server another.
 */
export type Errors = Record<string, string>;

export function specMessage(
  key: MessageKey,
  locale: CompleteLocale,
  ...args: Array<string | number>
): string {
  return formatMessage((locale === 'ne' ? MESSAGES_NE : MESSAGES)[key], ...args);
}

/** Digits only; the spaces and dashes people type are dropped (as the server does). */
export const normalizeMobile = (mobile: string): string => mobile.replace(/[\s-]/g, '');
export const normalizeDialCode = (code: string): string => code.replace(/[^0-9]/g, '');
const PHONE_SHAPE = /^[0-9]{6,15}$/;

/** Required + rule check of one value: null when fine, else the message to show under it. */
export function checkValue(
  value: string,
  opts: { required: boolean; rule?: FieldRuleLike | undefined; trim?: boolean },
  locale: CompleteLocale,
): string | null {
  const v = opts.trim === false ? value : value.trim();
  if (!v) return opts.required ? specMessage('inputEmpty', locale) : null;
  return opts.rule ? checkFieldRule(v, opts.rule, locale) : null;
}

/** A new password: required, the password rule, never the default weak one. */
export function checkNewPassword(value: string, rule: FieldRuleLike | undefined, locale: CompleteLocale) {
  const message = checkValue(value, { required: true, rule, trim: false }, locale);
  if (message) return message;
  return value === SPEC.defaultWeakPassword ? specMessage('passwordNotAllowed', locale) : null;
}

/**
 * The confirmation: required, and equal to what it confirms. SPEC §5: the register form says
 * 'inconsistent twice'; the other confirmations say 'Incorrect confirmation input'.
 */
export function checkConfirm(
  value: string,
  original: string,
  locale: CompleteLocale,
  mismatch: 'passwordsInconsistent' | 'confirmMismatch' = 'confirmMismatch',
): string | null {
  if (!value) return specMessage('inputEmpty', locale);
  return value === original ? null : specMessage(mismatch, locale);
}

/** SMS forms: a missing or malformed number gets 'Please enter a valid mobile number'. */
export function checkMobile(value: string, rule: FieldRuleLike | undefined, locale: CompleteLocale) {
  const m = normalizeMobile(value.trim());
  if (!m || !PHONE_SHAPE.test(m)) return specMessage('mobileEnterValid', locale);
  return rule ? checkFieldRule(m, rule, locale) : null;
}

/**
 * Before sending a code to a phone: the number the form holds, normalised, or null after
 * `flag` has put the message under the mobile field. `flag(null)` clears an earlier message.
 */
export function mobileTarget(
  values: { mobileNum: string; countryDialingCode: string },
  rule: FieldRuleLike | undefined,
  locale: CompleteLocale,
  flag: (message: string | null) => void,
): { mobileNum: string; countryDialingCode: string } | null {
  flag(null);
  const bad = checkMobile(values.mobileNum, rule, locale);
  if (bad) {
    flag(bad);
    return null;
  }
  return {
    mobileNum: normalizeMobile(values.mobileNum.trim()),
    countryDialingCode: values.countryDialingCode,
  };
}

export function checkCode(value: string, locale: CompleteLocale): string | null {
  const v = value.trim();
  return v && v.length <= SPEC.verificationCodeMaxLength ? null : specMessage('codeEnterValid', locale);
}

const collect = (entries: Array<[string, string | null]>): Errors => {
  const out: Errors = {};
  for (const [k, v] of entries) if (v) out[k] = v;
  return out;
};

export const rulesByField = (rules: readonly RegisterFieldRule[] | undefined) =>
  new Map((rules ?? []).map((r) => [r.field, r] as const));

// ---------- login ----------
export interface UsernameLoginValues {
  username: string;
  password: string;
  captcha: string;
}
export function validateUsernameLogin(
  v: UsernameLoginValues,
  opts: { captchaShown: boolean },
  locale: CompleteLocale,
): Errors {
  return collect([
    ['username', v.username.trim() ? null : specMessage('inputEmpty', locale)],
    ['password', v.password ? null : specMessage('inputEmpty', locale)],
    ['captcha', opts.captchaShown && !v.captcha.trim() ? specMessage('captchaNeeded', locale) : null],
  ]);
}

export interface SmsLoginValues {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
}
export function validateSmsLogin(v: SmsLoginValues, locale: CompleteLocale): Errors {
  return collect([
    ['mobileNum', checkMobile(v.mobileNum, undefined, locale)],
    ['verificationCode', checkCode(v.verificationCode, locale)],
  ]);
}

// ---------- passwords ----------
export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}
/** SPEC §5: old required unless known (a forced change just proved it), new by the rule, confirm equal. */
export function validateChangePassword(
  v: ChangePasswordValues,
  opts: { forced: boolean; rule: FieldRuleLike | undefined },
  locale: CompleteLocale,
): Errors {
  const errors = collect([
    ['oldPassword', !opts.forced && !v.oldPassword ? specMessage('inputEmpty', locale) : null],
    ['newPassword', checkNewPassword(v.newPassword, opts.rule, locale)],
    ['confirmNewPassword', checkConfirm(v.confirmNewPassword, v.newPassword, locale)],
  ]);
  if (!errors.newPassword && !opts.forced && v.oldPassword && v.oldPassword === v.newPassword)
    errors.newPassword = specMessage('passwordSameAsOld', locale);
  return errors;
}

export function validateForgotByEmail(
  v: { username: string; email: string },
  emailRule: FieldRuleLike | undefined,
  locale: CompleteLocale,
): Errors {
  return collect([
    ['username', checkValue(v.username, { required: true }, locale)],
    ['email', checkValue(v.email, { required: true, rule: emailRule }, locale)],
  ]);
}

export interface ForgotByPhoneValues {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}
export function validateForgotByPhone(
  v: ForgotByPhoneValues,
  passwordRule: FieldRuleLike | undefined,
  locale: CompleteLocale,
): Errors {
  return collect([
    ['mobileNum', checkMobile(v.mobileNum, undefined, locale)],
    ['verificationCode', checkCode(v.verificationCode, locale)],
    ['newPassword', checkNewPassword(v.newPassword, passwordRule, locale)],
    ['confirmNewPassword', checkConfirm(v.confirmNewPassword, v.newPassword, locale)],
  ]);
}

// ---------- security centre ----------
export interface PaymentPasswordValues {
  password: string;
  oldPaymentPassword: string;
  paymentPassword: string;
  confirmPaymentPassword: string;
}
export function validatePaymentPassword(
  v: PaymentPasswordValues,
  opts: { hasOne: boolean; rule: FieldRuleLike | undefined },
  locale: CompleteLocale,
): Errors {
  return collect([
    ['password', !opts.hasOne && !v.password ? specMessage('inputEmpty', locale) : null],
    ['oldPaymentPassword', opts.hasOne && !v.oldPaymentPassword ? specMessage('inputEmpty', locale) : null],
    [
      'paymentPassword',
      checkValue(v.paymentPassword, { required: true, rule: opts.rule, trim: false }, locale),
    ],
    ['confirmPaymentPassword', checkConfirm(v.confirmPaymentPassword, v.paymentPassword, locale)],
  ]);
}
