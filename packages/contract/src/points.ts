import { z } from 'zod';
import { moneyString } from './money.ts';
import { safeString } from './safe.ts';
import { TICKET_KINDS } from './tickets.ts';
import { pageOf, pageQuerySchema } from './wallet.ts';

/** Points mall (PTSYS3, SPEC §7 Points): balance and ratio, products, redeem, history, rules. */
export const REDEEM_STATUSES = ['process', 'approved', 'rejected'] as const;
export const POINTS_PRODUCT_KINDS = ['cash', 'physical', 'ticket'] as const;

export const pointsSummarySchema = z.object({
  balance: z.number().int(),
  earned: z.number().int(),
  /** Valid bet (NPR, two decimals) that earns one point. */
  betPerPoint: moneyString,
  rules: safeString(),
  /** Cash one point converts to (NPR); null: converting is off. */
  convertPerPoint: moneyString.nullable(),
  /** The fewest points one conversion takes. */
  convertMinPoints: z.number().int(),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

export const pointsProductSchema = z.object({
  id: z.number().int(),
  name: safeString(),
  description: safeString(),
  kind: z.enum(POINTS_PRODUCT_KINDS),
  points: z.number().int(),
  cashValue: moneyString.nullable(),
  /** Kind ticket: which reward ticket and how many. */
  ticketKind: z.enum(TICKET_KINDS).nullable(),
  ticketCount: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  imageUrl: safeString().nullable(),
});
export type PointsProduct = z.infer<typeof pointsProductSchema>;
export const pointsProductListSchema = z.array(pointsProductSchema);

export const redeemInputSchema = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  paymentPassword: safeString().min(1).max(64),
  /** Delivery address, for physical items. */
  address: safeString().trim().max(300).optional(),
});

export const redemptionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: safeString(),
  points: z.number().int(),
  cashValue: moneyString.nullable(),
  address: safeString().nullable(),
  status: z.enum(REDEEM_STATUSES),
  reviewNote: safeString().nullable(),
  createdAt: safeString(),
  reviewedAt: safeString().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const redemptionPageSchema = pageOf(redemptionSchema);
export const adminRedemptionPageSchema = pageOf(redemptionSchema.extend({ account: safeString() }));
export const redemptionQuerySchema = pageQuerySchema.extend({ status: z.enum(REDEEM_STATUSES).optional() });

export const pointsProductInputSchema = z.object({
  name: safeString().trim().min(1).max(120),
  description: safeString().trim().max(2000).default(''),
  /** Nepali versions (issue 27): empty shows the English to a Nepali reader. */
  nameNe: safeString().trim().max(120).default(''),
  descriptionNe: safeString().trim().max(2000).default(''),
  kind: z.enum(POINTS_PRODUCT_KINDS),
  points: z.number().int().min(1).max(1_000_000_000),
  cashValue: moneyString.nullable().default(null),
  ticketKind: z.enum(TICKET_KINDS).nullable().default(null),
  ticketCount: z.number().int().min(1).max(50).nullable().default(null),
  stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
  imageUrl: safeString().trim().max(500).nullable().default(null),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(-1000).max(1000).default(0),
});
export type PointsProductInput = z.infer<typeof pointsProductInputSchema>;
export const adminPointsProductSchema = pointsProductSchema.extend({
  /** The console sees both languages: `name`, `description` are the English ones. */
  nameNe: safeString(),
  descriptionNe: safeString(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const pointsSettingsInputSchema = z.object({
  betPerPoint: moneyString,
  rules: safeString().trim().max(4000),
  /** Cash one point converts to (NPR); null turns converting off. Absent: unchanged. */
  convertPerPoint: moneyString.nullable().optional(),
  /** The fewest points one conversion takes. Absent: unchanged. */
  convertMinPoints: z.number().int().min(1).max(1_000_000_000).optional(),
});

/** The console's view of the points settings (what PUT /wps/admin/points/settings saves). */
export const pointsSettingsSchema = z.object({
  betPerPoint: moneyString,
  rules: safeString(),
  convertPerPoint: moneyString.nullable(),
  convertMinPoints: z.number().int(),
});
export type PointsSettings = z.infer<typeof pointsSettingsSchema>;

/** Points to cash (SPEC §7: convert points, password-checked). */
export const pointsConvertInputSchema = z.object({
  points: z.number().int().min(1).max(1_000_000_000),
  paymentPassword: safeString().min(1).max(64),
  /** The client's id for this conversion: a retried request with the same id converts once. */
  requestId: safeString().trim().min(8).max(64).optional(),
});

export const pointsConversionSchema = z.object({
  id: z.number().int(),
  points: z.number().int(),
  /** Cash paid to the balance. */
  amount: moneyString,
  /** Cash per point at the moment of the conversion. */
  perPoint: moneyString,
  /** Points left after it. */
  balance: z.number().int(),
  createdAt: safeString(),
});
export type PointsConversion = z.infer<typeof pointsConversionSchema>;

/** Why a member's points moved (SPEC §7 member transaction detail). */
export const POINTS_ENTRY_REASONS = ['bets', 'redeem', 'refund', 'convert', 'ticket'] as const;
export const pointsEntrySchema = z.object({
  id: z.number().int(),
  /** Points in (positive) or out (negative). */
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: safeString(),
  createdAt: safeString(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;
export const pointsEntryPageSchema = pageOf(pointsEntrySchema);
