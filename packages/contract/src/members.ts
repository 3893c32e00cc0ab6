import { z } from 'zod';
import { safeString } from './safe.ts';
import { MEMBER_TYPES } from './constants.ts';

/** Roles of SPEC §6 as the API speaks of them. Operators are separate accounts, not a member type. */
export type MemberRole = 'player' | 'trial' | 'agent';

const AGENT_TYPES: readonly number[] = MEMBER_TYPES.agents;

export const isAgentType = (type: number): boolean => AGENT_TYPES.includes(type);
export const isTrialType = (type: number): boolean => type === MEMBER_TYPES.trial;

export function memberRole(type: number): MemberRole {
  if (isTrialType(type)) return 'trial';
  if (isAgentType(type)) return 'agent';
  return 'player';
}

/**
 * Profile fields named in SPEC §3 (Telegram, Zalo, birthday, address, nationality, occupation,
 * source of income), edited in the security centre and checked against the register field rules
 * of the same names (pattern, length). An empty value clears the field.
 */
export const PROFILE_FIELDS = [
  // SPEC §3 names a nickname among the profile fields: the member's own to change (issue 31).
  'nickname',
  'telegram',
  'zalo',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * What the cashier needs of a member's profile before it moves money (issue 27): a date of birth
 * before a deposit (the age rule), a real name before a payout account (its holder must be the
 * member), a payment password before a withdrawal. A refusal for one of them answers
 * `PROFILE_INCOMPLETE` with `value.fields` naming each missing one.
 */
export const REQUIRED_PROFILE_FIELDS = ['payeeName', 'birthday', 'paymentPassword'] as const;
export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];
export const memberProfileSchema = z.object(
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, safeString().nullable()])) as Record<
    ProfileField,
    z.ZodNullable<ReturnType<typeof safeString>>
  >,
);
export type MemberProfile = z.infer<typeof memberProfileSchema>;
/** GET /wps/member/info (SPEC §3 member info plus the login-state flags). */
export const memberInfoSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  account: safeString(),
  userName: safeString(),
  nickname: safeString().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  payeeName: safeString().nullable(),
  email: safeString().nullable(),
  emailVerified: z.boolean(),
  countryDialingCode: safeString().nullable(),
  mobileNum: safeString().nullable(),
  mobileVerified: z.boolean(),
  hasPaymentPassword: z.boolean(),
  parentId: z.number().int().nullable(),
  affiliateCode: safeString().nullable(),
  referralCode: safeString(),
  firstTimeLogin: z.boolean(),
  /** The session may only change its password until it does (default or expired password). */
  mustChangePassword: z.boolean(),
  createdAt: safeString(),
  lastLoginAt: safeString().nullable(),
  /** The avatar (`GET /wps/member/info/icon`), null until one is uploaded. */
  iconUrl: safeString().nullable(),
  /** Interface language last sent by `PUT /wps/member/language` (SPEC §4), null until then. */
  language: safeString().nullable(),
  profile: memberProfileSchema,
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** One row of an agent's downline (any depth; depth 1 = direct). */
export const downlineMemberSchema = z.object({
  id: z.number().int(),
  account: safeString(),
  type: z.number().int(),
  parentId: z.number().int().nullable(),
  depth: z.number().int(),
  createdAt: safeString(),
});
export type DownlineMember = z.infer<typeof downlineMemberSchema>;

/** Country picker of the phone fields: ISO code, dialing code and names (SPEC §3 Country). */
export const countryCodeSchema = z.object({
  countryCode: safeString(),
  countryDialingCode: safeString(),
  name: safeString(),
  native: safeString(),
});
export type CountryCode = z.infer<typeof countryCodeSchema>;

/**
 * PUT /wps/member/profile: only the fields sent change; the server answers rule messages per field.
 * `payeeName` is the real name (the register rule of the same name): the member sets it while it
 * is empty; once set, only an operator changes it (`realNameLocked`), audited.
 */
export const memberProfileUpdateSchema = z
  .object({
    ...(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, safeString().max(200).optional()])) as Record<
      ProfileField,
      z.ZodOptional<z.ZodString>
    >),
    payeeName: safeString().max(200).optional(),
  })
  .strict();
export type MemberProfileUpdate = z.infer<typeof memberProfileUpdateSchema>;

/** GET /wps/member/info/icon and the answer of its upload. */
export const memberIconSchema = z.object({ iconUrl: safeString().nullable() });
export type MemberIcon = z.infer<typeof memberIconSchema>;

/** PUT /wps/member/language (SPEC §4 "server notified" of a language change; SPEC §3 codes). */
export const memberLanguageUpdateSchema = z.object({ language: safeString().trim().min(2).max(8) });

/**
 * GET /wps/member/menu: the member's account menu under the flags (SPEC §2 header dropdown):
 * points only with PTSYS3, agent centre only for agents, manual rebate only with MANPLAYREB3.
 * Sign-out is always there and not listed.
 */
export const MEMBER_MENU_KEYS = [
  'bettingRecord',
  'accountRecord',
  'profitLoss',
  'rewardCenter',
  'points',
  'myAccount',
  'agentCentre',
  'manualRebate',
] as const;
export type MemberMenuKey = (typeof MEMBER_MENU_KEYS)[number];
export const memberMenuSchema = z.array(z.object({ key: z.enum(MEMBER_MENU_KEYS), path: safeString() }));
export type MemberMenu = z.infer<typeof memberMenuSchema>;

/**
 * GET /wps/member/info/store: the public store's counters of SPEC §3 (hasVip, unread messages,
 * available promotions). Trial members skip it (SPEC §4), the server refuses them.
 */
export const memberStoreSchema = z.object({
  hasVip: z.boolean(),
  unreadMessageCount: z.number().int().min(0),
  availablePromoCount: z.number().int().min(0),
});
export type MemberStore = z.infer<typeof memberStoreSchema>;

/**
 * GET /wps/member/info/funds/consolidated: the consolidated CONTRACT info of SPEC §3, gated by
 * AGENTPOLICY3 and never asked by trial members (SPEC §4). Each `*req*` field is the kind of the
 * member's open request for that contract ('NEW' or 'TERMINATE', SPEC §4 request kinds), null
 * when none is open; each info is the member's active contract of that kind, null when none.
 */
export const CONTRACT_REQUEST_KINDS = ['NEW', 'TERMINATE'] as const;
const contractRequest = z.enum(CONTRACT_REQUEST_KINDS).nullable();
export const contractInfoSchema = z.object({
  /** Rate in percent, two decimals. */
  rate: safeString(),
  period: z.enum(['daily', 'weekly', 'semimonthly', 'monthly', 'hourly', 'realtime']),
  uplineAccount: safeString().nullable(),
  since: safeString(),
});
export const consolidatedContractSchema = z.object({
  dailysalreqtype: contractRequest,
  divtypereq: contractRequest,
  contracthoursalreq: contractRequest,
  realtimesalreqtype: contractRequest,
  dailySalaryInfo: contractInfoSchema.nullable(),
  hourSalaryInfo: contractInfoSchema.nullable(),
  salaryInfo: contractInfoSchema.nullable(),
  contractDividendInfo: contractInfoSchema.nullable(),
  /** Session storage keys of SPEC §3: salary (daily/hourly/real-time) and dividend contracts offered. */
  enableSalary: z.boolean(),
  enableContract: z.boolean(),
});
export type ConsolidatedContract = z.infer<typeof consolidatedContractSchema>;
