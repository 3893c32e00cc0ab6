import type { MemberInfo } from '@wps/contract';

/**
 * The security centre's sections, each opened on its own (`/member?page=securityCenter&section=`):
 * the account's own settings first, then player protection.
 */
export const SECURITY_SECTIONS = [
  'details',
  'password',
  'payment',
  'mobile',
  'email',
  'avatar',
  'limits',
  'reality',
  'exclusion',
  'help',
] as const;
export type SecuritySection = (typeof SECURITY_SECTIONS)[number];

/** The anchors other pages link to (the cashier's "set it in the security centre"), and their section. */
export const SECTION_ANCHORS: Readonly<Record<string, SecuritySection>> = {
  '#personal-details': 'details',
  '#payment-password': 'payment',
};

/** The section a security-centre address opens: `section=`, else a known anchor, else none (the index). */
export function sectionFrom(param: string | null, hash: string): SecuritySection | null {
  if (param && (SECURITY_SECTIONS as readonly string[]).includes(param)) return param as SecuritySection;
  return SECTION_ANCHORS[hash] ?? null;
}

export type SectionStateText =
  | 'complete'
  | 'missing'
  | 'verified'
  | 'notVerified'
  | 'notBound'
  | 'set'
  | 'notSet';

/** Where each account section stands, for its row in the index (none: nothing to report). */
export function sectionStates(
  m: Pick<
    MemberInfo,
    | 'payeeName'
    | 'profile'
    | 'hasPaymentPassword'
    | 'mobileNum'
    | 'mobileVerified'
    | 'email'
    | 'emailVerified'
  >,
): Partial<Record<SecuritySection, { ok: boolean; text: SectionStateText }>> {
  const contact = (value: string | null, verified: boolean) =>
    !value
      ? { ok: false, text: 'notBound' as const }
      : verified
        ? { ok: true, text: 'verified' as const }
        : { ok: false, text: 'notVerified' as const };
  // What the cashier asks of a profile: the real name and the date of birth.
  const detailsDone = Boolean(m.payeeName) && Boolean(m.profile.birthday);
  return {
    details: detailsDone ? { ok: true, text: 'complete' } : { ok: false, text: 'missing' },
    payment: m.hasPaymentPassword ? { ok: true, text: 'set' } : { ok: false, text: 'notSet' },
    mobile: contact(m.mobileNum, m.mobileVerified),
    email: contact(m.email, m.emailVerified),
  };
}
