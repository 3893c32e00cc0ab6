import { z } from 'zod';
import { contentImageSchema } from './content.ts';
import { moneyString } from './money.ts';
import { safeString } from './safe.ts';
import { TICKET_KINDS } from './tickets.ts';
import { pageOf, pageQuerySchema } from './wallet.ts';

/** SPEC §3 promotion categories (the page's filter adds `all`). */
export const PROMOTION_CATEGORIES = [
  'newbie',
  'deposit',
  'sports',
  'live',
  'slots',
  'cards',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'appDownload',
  'games',
  'others',
] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

/** SPEC §3 labels. */
export const PROMOTION_LABELS = [
  'NEWBIE',
  'LIMITED',
  'SPECIAL_OFFER',
  'DAILY',
  'HIGH_REBATE',
  'VIP',
] as const;

/**
 * deposit_bonus: the member joins, then their nth approved deposit earns percent of it up to cap;
 * reload: once joined, every approved deposit after the nth (any deposit when nth is empty) earns
 * percent of it up to cap, at most `claimLimit` times per `period`;
 * cashback: once joined, percent of the net loss of each `period` (from `minLoss`, up to cap),
 * computed once per period by a job and paid at once (`autoCredit`) or claimed;
 * free_bonus: a fixed bonus the member claims; apply: the member applies (remark, images), the
 * operator approves (then a bonus amount, if any, can be claimed) or rejects; tickets: reward
 * tickets (wheel, envelope, egg), claimed for free or, with a deposit number, earned by that deposit.
 */
export const PROMOTION_KINDS = [
  'deposit_bonus',
  'reload',
  'cashback',
  'free_bonus',
  'apply',
  'tickets',
] as const;
export const PROMOTION_PERIODS = ['day', 'week'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_AUDIENCES = ['all', 'new_players', 'players', 'agents'] as const;

/** SPEC §4 activity status, as this member sees the promotion. */
export const ACTIVITY_STATUSES = [
  'comingSoon',
  'join',
  'joined',
  'applying',
  'rejected',
  'claim',
  'claimed',
  'process',
  'issued',
  'closed',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/**
 * Why a promotion is `closed` for this member, so the page can say it (issue 27): it ended; it is
 * for another audience; the deposit it is for was already made (a first-deposit bonus after the
 * first deposit); or the member joined and the deposit did not meet its terms.
 */
export const PROMOTION_CLOSED_REASONS = [
  'ended',
  'newPlayersOnly',
  'playersOnly',
  'agentsOnly',
  'depositMade',
  'notQualified',
] as const;
export type PromotionClosedReason = (typeof PROMOTION_CLOSED_REASONS)[number];

/**
 * Percent of a valid stake that counts toward wagering, per game type (SPEC §3 game types), or
 * per game of a type, `TYPE:GAME` (e.g. `INHOUSE:DICE`, `INHOUSE:CRASH`), which wins over its type.
 */
export const contributionsSchema = z
  .record(safeString().regex(/^[A-Z]{2,12}(:[A-Z0-9_-]{1,32})?$/), z.number().int().min(0).max(100))
  .refine((r) => Object.keys(r).length <= 20, 'badRequest');

/** At most this many announcement images on a promotion (the database holds the same limit). */
export const PROMOTION_ANNOUNCEMENT_IMAGES_MAX = 10;

export const promotionSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  summary: safeString(),
  body: safeString(),
  category: z.enum(PROMOTION_CATEGORIES),
  labels: z.array(z.enum(PROMOTION_LABELS)),
  imageUrl: safeString().nullable(),
  /** The uploaded image's WebP/AVIF widths (a `<picture>`); imageUrl is then its widest WebP. */
  image: contentImageSchema.nullable(),
  /** SPEC §3 Promotion announcementImages: the detail's images in order (url: the widest WebP). */
  announcementImages: z.array(
    z.object({ sequence: z.number().int().min(1), url: safeString(), image: contentImageSchema }),
  ),
  kind: z.enum(PROMOTION_KINDS),
  startsAt: safeString(),
  endsAt: safeString().nullable(),
  depositNth: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  cap: moneyString.nullable(),
  minDeposit: moneyString.nullable(),
  bonusAmount: moneyString.nullable(),
  period: z.enum(PROMOTION_PERIODS).nullable(),
  claimLimit: z.number().int().nullable(),
  minLoss: moneyString.nullable(),
  autoCredit: z.boolean(),
  wageringMultiplier: z.number().int(),
  expiryDays: z.number().int(),
  contributions: z.record(safeString(), z.number().int()),
  /** Cashback computed for this member and waiting for their claim (null: none, or a visitor). */
  pendingAmount: moneyString.nullable(),
  /** Kind tickets: which ticket and how many each member receives. */
  ticketKind: z.enum(TICKET_KINDS).nullable(),
  ticketCount: z.number().int().nullable(),
  /** Null for a visitor (no session): the page shows the promotion without an action. */
  status: z.enum(ACTIVITY_STATUSES).nullable(),
  /** With status `closed` on the promotions pages: why (absent or null otherwise). */
  closedReason: z.enum(PROMOTION_CLOSED_REASONS).nullable().optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/**
 * GET /wps/cashier/deposit-bonus: the bonus the member's next deposit can earn, for the deposit
 * form to offer (issue 27). `depositNth` is that deposit's number (1 = the first). `offer` is the
 * first deposit bonus for that number the member may join (`status` join) or has joined (`joined`,
 * then nothing to opt into), else null; its terms are the promotion's own fields.
 */
export const depositBonusOfferSchema = z.object({
  depositNth: z.number().int().min(1),
  offer: promotionSchema.nullable(),
});
export type DepositBonusOffer = z.infer<typeof depositBonusOfferSchema>;

export const promotionListQuerySchema = z.object({
  category: z.enum(['all', ...PROMOTION_CATEGORIES]).optional(),
  language: safeString().trim().max(8).optional(),
});
export const promotionListSchema = z.array(promotionSchema);
export const promotionIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Apply-to-join (SPEC §5): remark at most 140 characters; images come as multipart files. */
export const applyInputSchema = z.object({ remark: safeString().trim().max(140).optional() });

export const bonusGrantSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: safeString(),
  amount: moneyString,
  wageringRequired: moneyString,
  wagered: moneyString,
  /** 0–100, for the progress bar. */
  progress: z.number().int().min(0).max(100),
  status: z.enum(['active', 'converted', 'forfeited']),
  contributions: z.record(safeString(), z.number().int()),
  expiresAt: safeString(),
  createdAt: safeString(),
  settledAt: safeString().nullable(),
});
export type BonusGrant = z.infer<typeof bonusGrantSchema>;
export const bonusSummarySchema = z.object({
  bonusBalance: moneyString,
  grants: z.array(bonusGrantSchema),
});
export type BonusSummary = z.infer<typeof bonusSummarySchema>;

/** rewardCenter: what the member takes part in, and how many rewards wait to be claimed. */
export const rewardSchema = z.object({
  promotionId: z.number().int(),
  title: safeString(),
  kind: z.enum(PROMOTION_KINDS),
  status: z.enum(ACTIVITY_STATUSES),
  remark: safeString().nullable(),
  reviewNote: safeString().nullable(),
  updatedAt: safeString(),
});
export const rewardCenterSchema = z.object({
  claimable: z.number().int(),
  rewards: z.array(rewardSchema),
});
export type RewardCenter = z.infer<typeof rewardCenterSchema>;

// ---------------------------------------------------------------- operator

export const promotionInputSchema = z.object({
  title: safeString().trim().min(1).max(120),
  summary: safeString().trim().max(300).default(''),
  body: safeString().trim().max(8000).default(''),
  /** Nepali versions (issue 27): empty shows the English to a Nepali reader. */
  titleNe: safeString().trim().max(120).default(''),
  summaryNe: safeString().trim().max(300).default(''),
  bodyNe: safeString().trim().max(8000).default(''),
  category: z.enum(PROMOTION_CATEGORIES),
  labels: z.array(z.enum(PROMOTION_LABELS)).max(6).default([]),
  languages: z.array(safeString().trim().min(2).max(8)).max(40).default([]),
  imageUrl: safeString().trim().max(500).nullable().default(null),
  /** An id from POST /wps/admin/promotions/images. */
  imageId: safeString()
    .regex(/^[A-Za-z0-9_-]{10,64}$/)
    .nullable()
    .default(null),
  /** Announcement images (ids from the same upload), in the order the detail shows them. */
  announcementImageIds: z
    .array(safeString().regex(/^[A-Za-z0-9_-]{10,64}$/))
    .max(PROMOTION_ANNOUNCEMENT_IMAGES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'badRequest')
    .default([]),
  kind: z.enum(PROMOTION_KINDS),
  audience: z.enum(PROMOTION_AUDIENCES).default('all'),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  enabled: z.boolean().default(true),
  /** deposit_bonus: which deposit (1–5); reload: deposits after this one (0 or empty: every deposit). */
  depositNth: z.number().int().min(0).max(100).nullable().default(null),
  percent: z.number().int().min(1).max(1000).nullable().default(null),
  cap: moneyString.nullable().default(null),
  minDeposit: moneyString.nullable().default(null),
  bonusAmount: moneyString.nullable().default(null),
  period: z.enum(PROMOTION_PERIODS).nullable().default(null),
  claimLimit: z.number().int().min(1).max(100).nullable().default(null),
  minLoss: moneyString.nullable().default(null),
  autoCredit: z.boolean().default(false),
  wageringMultiplier: z.number().int().min(0).max(100).default(0),
  expiryDays: z.number().int().min(1).max(365).default(7),
  contributions: contributionsSchema.default({}),
  ticketKind: z.enum(TICKET_KINDS).nullable().default(null),
  ticketCount: z.number().int().min(1).max(50).nullable().default(null),
  sort: z.number().int().min(-1000).max(1000).default(0),
});
export type PromotionInput = z.infer<typeof promotionInputSchema>;

export const adminPromotionSchema = promotionSchema.omit({ status: true, pendingAmount: true }).extend({
  imageId: safeString().nullable(),
  announcementImageIds: z.array(safeString()),
  audience: z.enum(PROMOTION_AUDIENCES),
  languages: z.array(safeString()),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The console sees both languages: `title`, `summary`, `body` are the English ones. */
  titleNe: safeString(),
  summaryNe: safeString(),
  bodyNe: safeString(),
});
export const adminPromotionListSchema = z.array(adminPromotionSchema);

export const applicationSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: safeString(),
  memberId: z.number().int(),
  account: safeString(),
  status: safeString(),
  remark: safeString().nullable(),
  images: z.array(safeString()),
  reviewNote: safeString().nullable(),
  reviewedBy: safeString().nullable(),
  createdAt: safeString(),
});
export const applicationPageSchema = pageOf(applicationSchema);
export const applicationQuerySchema = pageQuerySchema.extend({
  status: z.enum(['applying', 'rejected', 'claim', 'joined', 'process', 'issued', 'closed']).optional(),
});
export const applicationReviewSchema = z.object({ note: safeString().trim().max(200).optional() });

export const promotionReportSchema = z.array(
  z.object({
    promotionId: z.number().int(),
    title: safeString(),
    grants: z.number().int(),
    /** Bonus money given out (the cost if all of it converts). */
    granted: moneyString,
    converted: moneyString,
    forfeited: moneyString,
    active: moneyString,
  }),
);

// ---------------------------------------------------------------- manual rebate (MANPLAYREB3)

export const rebatePreviewSchema = z.object({
  /** What a claim now would pay. */
  amount: moneyString,
  validStake: moneyString,
  lines: z.array(
    z.object({
      gameType: safeString(),
      validStake: moneyString,
      rateBp: z.number().int(),
      amount: moneyString,
    }),
  ),
  since: safeString().nullable(),
  /** Already claimed in this business day: the next claim opens tomorrow. */
  claimedToday: z.boolean(),
});
export type RebatePreview = z.infer<typeof rebatePreviewSchema>;
export const rebateClaimSchema = z.object({ amount: moneyString, period: safeString() });
export const rebateRatesSchema = z.array(
  z.object({
    /** A game type (`RNG`), or one game of a type (`INHOUSE:DICE`), whose own rate then wins over its type's. */
    gameType: safeString().regex(/^[A-Z]{2,12}(:[A-Z0-9][A-Z0-9_.-]{0,47})?$/),
    rateBp: z.number().int().min(0).max(500),
  }),
);
export const rebateRatesInputSchema = rebateRatesSchema
  .max(30)
  .refine((rates) => new Set(rates.map((r) => r.gameType)).size === rates.length, 'badRequest');

/** Refer and earn: the member's code (the register link's `referralCode`) and how many joined with it. */
export const referralSchema = z.object({ referralCode: safeString(), invited: z.number().int() });
export type Referral = z.infer<typeof referralSchema>;
