import {
  ageOn,
  checkFieldRule,
  type CompleteLocale,
  type FieldRuleLike,
  type MemberInfo,
  type Promotion,
  REQUIRED_PROFILE_FIELDS,
  type RequiredProfileField,
} from '@wps/contract';
import { ApiError } from '../../../shared/api/client.ts';
import { specText } from './money.ts';

/**
 * What the cashier needs of a profile, asked before it is needed (issue 27): the first deposit
 * asks for the date of birth (the age rule) and the real name (withdrawals go only to an account
 * in that name) together, in the deposit form itself.
 */
export type ProfileStepField = Extract<RequiredProfileField, 'payeeName' | 'birthday'>;
export const DEPOSIT_PROFILE_FIELDS: readonly ProfileStepField[] = ['payeeName', 'birthday'];

/** The fields of `wanted` this member has not set yet. */
export function missingProfile(
  info: (Pick<MemberInfo, 'payeeName' | 'profile'> & { isTrial?: boolean }) | undefined,
  wanted: readonly ProfileStepField[] = DEPOSIT_PROFILE_FIELDS,
): ProfileStepField[] {
  // Trial accounts never deposit (a real account is needed first): nothing to ask them.
  if (!info || info.isTrial) return [];
  return wanted.filter((f) => (f === 'payeeName' ? !info.payeeName?.trim() : !info.profile.birthday));
}

/** The fields a PROFILE_INCOMPLETE refusal names (`value.fields`), in the contract's order; [] otherwise. */
export function incompleteFields(err: unknown): RequiredProfileField[] {
  if (!(err instanceof ApiError) || err.code !== 'PROFILE_INCOMPLETE') return [];
  return REQUIRED_PROFILE_FIELDS.filter((f) => f in err.fields);
}

/** A real name as the server stores it: one space between words, none around. */
export const tidyName = (name: string): string => name.trim().replace(/\s+/g, ' ');

export interface ProfileStepValues {
  payeeName: string;
  birthday: string;
}

/**
 * The step's messages before anything is sent: the real-name register rule (the one the server
 * and the cashier's holder-name matching use), a real date, and the minimum age.
 */
export function validateProfileStep(
  values: ProfileStepValues,
  need: readonly ProfileStepField[],
  opts: { nameRule?: FieldRuleLike | undefined; ageMin: number; today?: Date },
  locale: CompleteLocale,
): Partial<Record<ProfileStepField, string>> {
  const out: Partial<Record<ProfileStepField, string>> = {};
  if (need.includes('payeeName')) {
    const name = tidyName(values.payeeName);
    if (!name) out.payeeName = specText('inputEmpty', locale);
    else if (opts.nameRule) {
      const bad = checkFieldRule(name, { ...opts.nameRule, field: 'payeeName' }, locale);
      if (bad) out.payeeName = bad;
    }
  }
  if (need.includes('birthday')) {
    if (!values.birthday) out.birthday = specText('inputEmpty', locale);
    else {
      const age = ageOn(values.birthday, opts.today ?? new Date());
      if (age === null || age > 130) out.birthday = specText('birthdayFormat', locale);
      else if (age < opts.ageMin) out.birthday = specText('underAge', locale, opts.ageMin);
    }
  }
  return out;
}

/** The body of PUT /wps/member/profile for the step: only what it asked. */
export function profileStepBody(
  values: ProfileStepValues,
  need: readonly ProfileStepField[],
): { payeeName?: string; birthday?: string } {
  return {
    ...(need.includes('payeeName') ? { payeeName: tidyName(values.payeeName) } : {}),
    ...(need.includes('birthday') ? { birthday: values.birthday } : {}),
  };
}

/** Where a missing field is set in the security centre (the section's anchor). */
export const PROFILE_FIELD_LINK: Record<RequiredProfileField, string> = {
  payeeName: '/member?page=securityCenter#personal-details',
  birthday: '/member?page=securityCenter#personal-details',
  paymentPassword: '/member?page=securityCenter#payment-password',
};

/** A deposit bonus's terms as numbers for the one-line text; null when it pays nothing. */
export function bonusTerms(
  p: Pick<Promotion, 'percent' | 'cap' | 'wageringMultiplier' | 'expiryDays' | 'minDeposit'>,
): { percent: number; cap: string; times: number; days: number; min: string | null } | null {
  if (!p.percent || !p.cap) return null;
  return {
    percent: p.percent,
    cap: p.cap,
    times: p.wageringMultiplier,
    days: p.expiryDays,
    min: p.minDeposit && p.minDeposit !== '0.00' ? p.minDeposit : null,
  };
}
