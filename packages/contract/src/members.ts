import { z } from 'zod';
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

/** GET /wps/member/info (SPEC §3 member info plus the login-state flags). */
export const memberInfoSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  payeeName: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  mobileVerified: z.boolean(),
  hasPaymentPassword: z.boolean(),
  parentId: z.number().int().nullable(),
  affiliateCode: z.string().nullable(),
  referralCode: z.string(),
  firstTimeLogin: z.boolean(),
  /** The session may only change its password until it does (default or expired password). */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** One row of an agent's downline (any depth; depth 1 = direct). */
export const downlineMemberSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  type: z.number().int(),
  parentId: z.number().int().nullable(),
  depth: z.number().int(),
  createdAt: z.string(),
});
export type DownlineMember = z.infer<typeof downlineMemberSchema>;

/** Country picker of the phone fields: ISO code, dialing code and names (SPEC §3 Country). */
export const countryCodeSchema = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  native: z.string(),
});
export type CountryCode = z.infer<typeof countryCodeSchema>;
