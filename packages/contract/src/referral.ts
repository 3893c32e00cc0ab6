import { z } from 'zod';
import { MAX_AMOUNT_MINOR, MONEY_RE, toMinor } from './amounts.ts';
import { moneyString } from './money.ts';
import { safeString } from './safe.ts';

/**
 * Refer and earn, the affiliate application and the public ranking (issue 14; SPEC §2 referral
 * item rules and the implied screens "refer and earn", "affiliate application", "ranking and winners").
 */

export const REFERRAL_REWARD_KINDS = ['cash', 'bonus'] as const;
export type ReferralRewardKind = (typeof REFERRAL_REWARD_KINDS)[number];
/** process: under way · qualified: rule met, reward paid · expired: the window closed first. */
export const REFERRAL_STATUSES = ['process', 'qualified', 'expired'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

const amountOrZero = moneyString.refine(
  (s) => MONEY_RE.test(s) && toMinor(s) <= MAX_AMOUNT_MINOR,
  'Invalid amount',
);
const positiveAmount = moneyString.refine(
  (s) => MONEY_RE.test(s) && toMinor(s) > 0n && toMinor(s) <= MAX_AMOUNT_MINOR,
  'Invalid amount',
);

/** The operator's rule: a referred player qualifies with a first deposit and turnover within N days of joining. */
export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  minDeposit: amountOrZero,
  minTurnover: amountOrZero,
  withinDays: z.number().int().min(1).max(365),
  rewardKind: z.enum(REFERRAL_REWARD_KINDS),
  reward: positiveAmount,
  /** bonus only: wager the reward this many times before it becomes cash. */
  wageringMultiplier: z.number().int().min(0).max(100),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

export const referralInviteeSchema = z.object({
  /** Masked account (de***01). */
  account: safeString(),
  joinedAt: safeString(),
  /** The window closes at this instant. */
  deadline: safeString(),
  firstDeposit: moneyString,
  turnover: moneyString,
  /** 0–100 for each leg of the rule. */
  depositPercent: z.number().int(),
  turnoverPercent: z.number().int(),
  status: z.enum(REFERRAL_STATUSES),
  reward: moneyString.nullable(),
});
export type ReferralInvitee = z.infer<typeof referralInviteeSchema>;

export const referralOverviewSchema = z.object({
  referralCode: safeString(),
  invited: z.number().int(),
  qualified: z.number().int(),
  rewardsTotal: moneyString,
  rules: referralSettingsSchema,
  list: z.array(referralInviteeSchema),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;

// ------------------------------------------------------------------ affiliate application

export const AFFILIATE_CHANNELS = [
  'facebook',
  'whatsapp',
  'telegram',
  'tiktok',
  'youtube',
  'website',
  'offline',
  'other',
] as const;
export const AFFILIATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
export const AFFILIATE_LIMITS = { contactMax: 100, expectedPlayersMax: 100_000 } as const;

/**
 * Loose on purpose: the service checks each field and answers the spec's messages ("Input
 * cannot be empty", the 140-character remark rule); the schema only stops absurd sizes.
 */
export const affiliateApplyInputSchema = z.object({
  contact: safeString().max(1000).optional(),
  channel: safeString().max(100).optional(),
  expectedPlayers: z.union([z.number(), safeString().max(20)]).optional(),
  remark: safeString().max(2000).optional(),
});
export type AffiliateApplyInput = z.infer<typeof affiliateApplyInputSchema>;

export const affiliateApplicationSchema = z.object({
  id: z.number().int(),
  account: safeString(),
  contact: safeString(),
  channel: safeString(),
  expectedPlayers: z.number().int(),
  remark: safeString(),
  status: z.enum(AFFILIATE_STATUSES),
  reason: safeString().nullable(),
  reviewedBy: safeString().nullable(),
  createdAt: safeString(),
  reviewedAt: safeString().nullable(),
});
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;

/** The member's own view: the newest application (null when none) and whether they are an agent already. */
export const myAffiliateSchema = z.object({
  isAgent: z.boolean(),
  application: affiliateApplicationSchema.nullable(),
});
export type MyAffiliate = z.infer<typeof myAffiliateSchema>;

export const affiliateQueueQuerySchema = z.object({
  status: z.enum(AFFILIATE_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const affiliateQueueSchema = z.object({
  content: z.array(affiliateApplicationSchema),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AffiliateQueue = z.infer<typeof affiliateQueueSchema>;
export const affiliateIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const affiliateRejectSchema = z.object({ reason: safeString().max(1000).optional() });

// ------------------------------------------------------------------ ranking

export const RANKING_PERIODS = ['day', 'week', 'month'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export const RANKING_SIZE = 10;
export const rankingQuerySchema = z.object({ period: z.enum(RANKING_PERIODS).default('week') });
export const rankingSchema = z.object({
  period: z.enum(RANKING_PERIODS),
  periodStart: safeString(),
  /** When this answer was computed (boards are cached for a minute). */
  asOf: safeString(),
  list: z.array(z.object({ rank: z.number().int(), account: safeString(), turnover: moneyString })),
  /** Latest large wins (masked names). */
  bigWins: z.array(
    z.object({ account: safeString(), amount: moneyString, game: safeString(), time: safeString() }),
  ),
});
export type Ranking = z.infer<typeof rankingSchema>;

/**
 * Invite links (issue 31, SPEC "other screens implied": link management): an agent or a referrer
 * keeps several links, each with its own name and channel, and sees how many registered through
 * each. An agent's link puts the new member in its team; a player's counts as its referral.
 */
export const INVITE_LINK_CHANNELS = [
  'FACEBOOK',
  'TIKTOK',
  'INSTAGRAM',
  'YOUTUBE',
  'WHATSAPP',
  'VIBER',
  'TELEGRAM',
  'SMS',
  'OTHER',
] as const;
export type InviteLinkChannel = (typeof INVITE_LINK_CHANNELS)[number];
/** The most links one member keeps (disabled ones count: they keep their history). */
export const INVITE_LINKS_MAX = 50;
export const INVITE_LINK_NAME_MAX = 60;

const linkName = safeString()
  .transform((s) => s.trim())
  .pipe(z.string().min(1).max(INVITE_LINK_NAME_MAX));

export const inviteLinkSchema = z.object({
  id: z.number().int(),
  /** The `link` query parameter of the register address. */
  code: safeString(),
  name: safeString(),
  channel: z.enum(INVITE_LINK_CHANNELS),
  enabled: z.boolean(),
  /** Members who registered through this link. */
  registrations: z.number().int(),
  createdAt: safeString(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;
export const inviteLinkListSchema = z.object({ content: z.array(inviteLinkSchema), max: z.number().int() });

/** POST /wps/invite-links */
export const inviteLinkCreateSchema = z.object({ name: linkName, channel: z.enum(INVITE_LINK_CHANNELS) });
/** PATCH /wps/invite-links/{id}: rename, change channel, disable or enable. */
export const inviteLinkUpdateSchema = z
  .object({
    name: linkName.optional(),
    channel: z.enum(INVITE_LINK_CHANNELS).optional(),
    enabled: z.boolean().optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.channel !== undefined || v.enabled !== undefined,
    'Nothing to change',
  );
export const inviteLinkIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
