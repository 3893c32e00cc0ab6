import { z } from 'zod';
import { safeString } from './safe.ts';

/**
 * Player protection (issue 16): limits the player sets (deposit, loss, wager per business day,
 * week and month; session minutes per business day), time-out and self-exclusion, the reality
 * check, and the operator's view. The limit and exclusion shapes are fixed by the issue so
 * outside tools can drive them.
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** An increase or removal waits this long; a decrease or a new limit applies at once. */
export const COOLING_OFF_HOURS = 24;
/** Time-out: 1 to 42 days (24 h – 6 weeks). Self-exclusion: 183 days (6 months) to 5 years, or permanent. */
export const TIMEOUT_DAYS = { min: 1, max: 42 } as const;
export const SELF_EXCLUSION_DAYS = { min: 183, max: 5 * 365 + 1 } as const;
export const REALITY_CHECK_MINUTES = { min: 10, max: 240, default: 60 } as const;
/** A session limit in minutes a day: at least 5, at most the whole day. */
export const SESSION_LIMIT_MINUTES = { min: 5, max: 1440 } as const;

/** Money limits: a decimal string "500.00"; session: whole minutes (number or digits). */
export const limitValueSchema = z
  .union([safeString().max(20), z.number()])
  .nullable()
  .describe('Decimal string for money limits ("500.00"), whole minutes for session; null removes');

export const setLimitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS).optional(),
  value: limitValueSchema,
});
export type SetLimitRequest = z.infer<typeof setLimitSchema>;

/** A limit as the wire shows it: money as "500.00", session as minutes. */
export const limitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  value: z.union([safeString(), z.number()]),
});
export const pendingLimitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  value: z.union([safeString(), z.number()]).nullable(),
  effectiveAt: safeString(),
});
export const limitsSchema = z.object({
  limits: z.array(limitSchema),
  pending: z.array(pendingLimitSchema),
});
export type Limits = z.infer<typeof limitsSchema>;

export const EXCLUSION_KINDS = ['timeout', 'self'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

export const exclusionRequestSchema = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  days: z.number().int().min(1).max(SELF_EXCLUSION_DAYS.max).nullable().optional(),
  password: safeString().min(1).max(100),
});
export type ExclusionRequest = z.infer<typeof exclusionRequestSchema>;

export const exclusionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EXCLUSION_KINDS),
  startsAt: safeString(),
  /** null: permanent. */
  endsAt: safeString().nullable(),
  createdBy: safeString(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const realityCheckSettingsSchema = z.object({
  intervalMinutes: z.number().int().min(REALITY_CHECK_MINUTES.min).max(REALITY_CHECK_MINUTES.max),
});

/** GET /wps/member/protection: what the reality-check popup and the security centre show. */
export const protectionStatusSchema = z.object({
  intervalMinutes: z.number().int(),
  sessionStartedAt: safeString().nullable(),
  previousLoginAt: safeString().nullable(),
  bets: safeString(),
  wins: safeString(),
  net: safeString(),
  birthday: safeString().nullable(),
  minAge: z.number().int(),
});
export type ProtectionStatus = z.infer<typeof protectionStatusSchema>;

// ---------------------------------------------------------------- operator side
export const adminProtectionAccountParams = z.object({ account: safeString().trim().min(1).max(64) });
export const adminProtectionPlayerSchema = z.object({
  memberId: z.number().int(),
  account: safeString(),
  limits: limitsSchema,
  exclusions: z.array(exclusionSchema),
  intervalMinutes: z.number().int(),
});
export const adminExclusionRequestSchema = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  days: z.number().int().min(1).max(SELF_EXCLUSION_DAYS.max).nullable().optional(),
  note: safeString().trim().max(500).optional(),
});
export const limitHitSchema = z.object({
  id: z.number().int(),
  account: safeString(),
  kind: safeString(),
  period: safeString().nullable(),
  context: safeString(),
  limit: safeString().nullable(),
  attempted: safeString().nullable(),
  createdAt: safeString(),
});
export const limitHitsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const limitHitsPageSchema = z.object({
  list: z.array(limitHitSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** A date of birth "YYYY-MM-DD". */
export const BIRTHDAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** Whole years between `birthday` (YYYY-MM-DD) and `on`; null for a malformed or impossible date. */
export function ageOn(birthday: string, on: Date): number | null {
  if (!BIRTHDAY_RE.test(birthday)) return null;
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  if (dt.getTime() > on.getTime()) return null;
  let age = on.getUTCFullYear() - y;
  const mm = on.getUTCMonth() + 1;
  if (mm < m || (mm === m && on.getUTCDate() < d)) age -= 1;
  return age;
}
