import { z } from 'zod';
import { MONEY_RE, toMinor } from './money.ts';
import { MAX_AMOUNT_MINOR } from './wallet.ts';

/**
 * The seamless wallet API (DESIGN §4): game vendors call us per bet.
 * `POST /seamless/v1/{vendor}/{balance|bet|win|rollback}` with
 * `X-Signature: hex(HMAC-SHA256(vendorSecret, rawBody))`.
 */
export const SEAMLESS_OPERATIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type SeamlessOperation = (typeof SEAMLESS_OPERATIONS)[number];

const id = z.string().min(1).max(100);

/** A decimal string with at most two decimals, greater than zero (never a JSON number). */
export const seamlessAmountSchema = z
  .string()
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
  username: z.string(),
  /** The player's balance after the call (for a replayed txId: after its first application). */
  balance: z.string(),
  currency: z.string(),
  txId: z.string().optional(),
  status: z.enum(SEAMLESS_STATUSES).optional(),
});
export type SeamlessValue = z.infer<typeof seamlessValueSchema>;
