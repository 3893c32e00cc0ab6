import { z } from 'zod';
import { safeString } from './safe.ts';
import { MONEY_RE, toMinor } from './money.ts';
import { MAX_AMOUNT_MINOR } from './amounts.ts';

/**
 * The seamless wallet API (DESIGN §4): game vendors call us per bet.
 * `POST /seamless/v1/{vendor}/{balance|bet|win|rollback}` with
 * `X-Signature: hex(HMAC-SHA256(vendorSecret, rawBody))`.
 */
export const SEAMLESS_OPERATIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type SeamlessOperation = (typeof SEAMLESS_OPERATIONS)[number];

const id = safeString().min(1).max(100);

/** A decimal string with at most two decimals, greater than zero (never a JSON number). */
export const seamlessAmountSchema = safeString()
  .regex(MONEY_RE, 'amount must be a decimal string with at most two decimals')
  // zod runs refinements even after the regex failed: guard, or toMinor throws on a bad string.
  .refine((s) => MONEY_RE.test(s) && toMinor(s) > 0n, 'amount must be greater than 0')
  .refine((s) => !MONEY_RE.test(s) || toMinor(s) <= MAX_AMOUNT_MINOR, 'amount is too large');

export const seamlessBalanceRequestSchema = z.object({ username: id });
export const seamlessBetRequestSchema = z.object({
  txId: id,
  roundId: id,
  username: id,
  gameCode: id,
  amount: seamlessAmountSchema,
});
export const seamlessWinRequestSchema = z.object({
  txId: id,
  roundId: id,
  username: id,
  amount: seamlessAmountSchema,
});
export const seamlessRollbackRequestSchema = z.object({
  txId: id,
  refTxId: id,
  username: id,
});
export type SeamlessBetRequest = z.infer<typeof seamlessBetRequestSchema>;
export type SeamlessWinRequest = z.infer<typeof seamlessWinRequestSchema>;
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequestSchema>;

/**
 * What a money call did: applied; rejected (insufficient funds, answered the same on retry);
 * rolled_back (a rollback reversed its bet); already_rolled_back (a second rollback of the same
 * bet: nothing moved); not_found (a rollback before its bet: nothing moved, the bet will be refused).
 */
export const SEAMLESS_STATUSES = [
  'applied',
  'rejected',
  'rolled_back',
  'already_rolled_back',
  'not_found',
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUSES)[number];

/** `value` of every seamless answer, errors included once the caller is authenticated. */
export const seamlessValueSchema = z.object({
  username: safeString(),
  /** The player's balance after the call (for a replayed txId: after its first application). */
  balance: safeString(),
  currency: safeString(),
  txId: safeString().optional(),
  status: z.enum(SEAMLESS_STATUSES).optional(),
});
export type SeamlessValue = z.infer<typeof seamlessValueSchema>;

/** GET /wps/admin/seamless/vendors: the vendor store, never the secrets themselves. */
export const seamlessVendorSchema = z.object({
  code: safeString(),
  secretSource: z.enum(['database', 'env', 'none']),
  secretHint: safeString().nullable(),
  enabled: z.boolean(),
  allowBetlessWins: z.boolean(),
  createdAt: safeString().nullable(),
  rotatedAt: safeString().nullable(),
});
export type SeamlessVendor = z.infer<typeof seamlessVendorSchema>;

/** POST /wps/admin/seamless/vendors/{code}/secret: the new secret, answered this once. */
export const seamlessVendorSecretSchema = z.object({
  code: safeString(),
  secret: safeString(),
  secretSource: z.enum(['database', 'env']),
});

/** PATCH /wps/admin/seamless/vendors/{code}: bet-less wins are an explicit per-vendor opt-in. */
export const seamlessVendorUpdateSchema = z
  .object({ enabled: z.boolean().optional(), allowBetlessWins: z.boolean().optional() })
  .strict();
