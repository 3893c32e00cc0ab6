import type { CompleteLocale, FieldRuleLike, RegisterFieldRule } from '@wps/contract';
import { ageOn, SPEC } from '@wps/contract';
import {
  checkCode,
  checkConfirm,
  checkNewPassword,
  checkValue,
  type Errors,
  normalizeMobile,
  rulesByField,
  specMessage,
} from './validation.ts';

export type RegisterTab = 'username' | 'mobile';

/** SPEC §5 optional registration fields: shown when enabled, required per setting. */
export const OPTIONAL_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
] as const;

export type RegisterFieldName =
  | 'username'
  | 'mobileNum'
  | 'verificationCode'
  | 'password'
  | 'confirmPassword'
  | (typeof OPTIONAL_FIELDS)[number]
  | 'birthday'
  | 'paymentPassword'
  | 'captcha';

export interface RegisterFieldSpec {
  name: RegisterFieldName;
  required: boolean;
  rule?: FieldRuleLike;
}

export type RegisterValues = Record<RegisterFieldName | 'countryDialingCode', string> & {
  terms: boolean;
  ageConfirmed: boolean;
};

export const emptyRegisterValues = (): RegisterValues => ({
  username: '',
  mobileNum: '',
  countryDialingCode: '977',
  verificationCode: '',
  password: '',
  confirmPassword: '',
  payeeName: '',
  email: '',
  qqNum: '',
  line: '',
  whatsapp: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  recommenderId: '',
  affiliateCode: '',
  birthday: '',
  paymentPassword: '',
  captcha: '',
  terms: false,
  ageConfirmed: false,
});

/** Which tabs the register popup shows (SPEC §2) and which opens first (MOBILENUMREG3 wins). */
export function registerTabs(flags: Record<string, boolean>): RegisterTab[] {
  const tabs: RegisterTab[] = [];
  if (flags.MOBILENUMREG3) tabs.push('mobile');
  if (flags.USERNAMEREG3) tabs.push('username');
  return tabs;
}

/** The fields a tab shows, in order, with whether each is required (SPEC §5, as the server decides). */
export function registerFields(
  tab: RegisterTab,
  flags: Record<string, boolean>,
  rules: readonly RegisterFieldRule[] | undefined,
): RegisterFieldSpec[] {
  const byField = rulesByField(rules);
  const rule = (name: string) => byField.get(name);
  const withRule = (name: RegisterFieldName, required: boolean): RegisterFieldSpec => {
    const r = rule(name);
    return r ? { name, required, rule: r } : { name, required };
  };
  const out: RegisterFieldSpec[] = [];
  if (tab === 'username') out.push(withRule('username', true));
  const mobileRule = rule('mobileNum');
  const showMobile = tab === 'mobile' || Boolean(mobileRule?.enabled);
  if (showMobile) {
    out.push(withRule('mobileNum', tab === 'mobile' || Boolean(mobileRule?.required)));
    // The code is needed whenever a number is given with REGMOBVERF3 (checked in validation).
    if (flags.REGMOBVERF3) out.push(withRule('verificationCode', tab === 'mobile'));
  }
  if (tab === 'username' || flags.MOBILENUMPASSREG3) {
    out.push(withRule('password', true), { name: 'confirmPassword', required: true });
  }
  for (const name of OPTIONAL_FIELDS) {
    const r = rule(name);
    if (r?.enabled) out.push({ name, required: r.required, rule: r });
  }
  // Date of birth (player protection's age rule): optional here, asked again at the first deposit.
  out.push({ name: 'birthday', required: false });
  const pay = rule('paymentPassword');
  if (pay?.enabled) out.push({ name: 'paymentPassword', required: true, rule: pay });
  const captcha = rule('captcha');
  if (captcha?.enabled) out.push({ name: 'captcha', required: true });
  return out;
}

const UNTRIMMED: ReadonlySet<RegisterFieldName> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/** Every message the form shows before it calls the server, keyed by field. */
export function validateRegister(
  values: RegisterValues,
  fields: readonly RegisterFieldSpec[],
  locale: CompleteLocale,
  ageMin: number = SPEC.ageDefault,
): Errors {
  const errors: Errors = {};
  const set = (name: string, message: string | null) => {
    if (message && !errors[name]) errors[name] = message;
  };
  for (const f of fields) {
    const raw = values[f.name] ?? '';
    switch (f.name) {
      case 'password':
        set('password', checkNewPassword(raw, f.rule, locale));
        break;
      case 'confirmPassword':
        set('confirmPassword', checkConfirm(raw, values.password, locale, 'passwordsInconsistent'));
        break;
      case 'mobileNum':
        set('mobileNum', checkValue(normalizeMobile(raw), { required: f.required, rule: f.rule }, locale));
        break;
      case 'verificationCode': {
        const needed = f.required || normalizeMobile(values.mobileNum).length > 0;
        if (needed) set('verificationCode', checkCode(raw, locale));
        break;
      }
      case 'captcha':
        if (!raw.trim()) set('captcha', specMessage('captchaNeeded', locale));
        break;
      case 'birthday': {
        if (!raw) break;
        const age = ageOn(raw, new Date());
        if (age === null || age > 130) set('birthday', specMessage('birthdayFormat', locale));
        else if (age < ageMin) set('birthday', specMessage('underAge', locale, ageMin));
        break;
      }
      default:
        set(
          f.name,
          checkValue(raw, { required: f.required, rule: f.rule, trim: !UNTRIMMED.has(f.name) }, locale),
        );
    }
  }
  if (!values.ageConfirmed) set('ageConfirmed', specMessage('ageConfirm', locale, ageMin));
  if (!values.terms) set('terms', specMessage('agreeTo', locale, specMessage('termsName', locale)));
  return errors;
}

/** The body of PUT /wps/member/register(/mobile): only the fields the tab shows, trimmed like the checks. */
export function registerBody(
  values: RegisterValues,
  fields: readonly RegisterFieldSpec[],
  extra: { referralCode?: string | null; domain: string; registerUrl: string },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = values[f.name] ?? '';
    const v = UNTRIMMED.has(f.name) ? raw : f.name === 'mobileNum' ? normalizeMobile(raw.trim()) : raw.trim();
    if (v) body[f.name] = v;
  }
  if (fields.some((f) => f.name === 'mobileNum') && body.mobileNum) {
    body.countryDialingCode = values.countryDialingCode;
    body.mobileNo = body.mobileNum;
  }
  if (extra.referralCode) body.referralCode = extra.referralCode;
  body.domain = extra.domain;
  body.registerUrl = extra.registerUrl;
  body.registerMethod = 'WEB';
  body.terms = values.terms;
  body.ageConfirmed = values.ageConfirmed;
  body.login = true;
  return body;
}
