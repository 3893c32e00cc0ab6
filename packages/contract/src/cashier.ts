import { z } from 'zod';
import { depositGatewaySchema, paymentProviderSchema } from './payments.ts';
import { intFromText, safeString } from './safe.ts';
import { pageOf, pageQuerySchema } from './wallet.ts';

/**
 * Cashier calls: deposits, withdrawals with receipt confirmation (SPEC §4), payout accounts,
 * transfers within the agent tree, and the operator's queues. Amount fields accept a string
 * (or a number) and are checked by the server, which answers a field message in the caller's
 * language: `value.fields.amount`.
 */
const money = safeString().describe('Decimal string with two decimals, e.g. "1234.50"');
const amountInput = z
  .union([safeString().max(40), z.number()])
  .describe('Decimal string with at most two decimals, greater than 0');
/** A client-made id (e.g. a UUID) that makes a retried submit create one request, not two. */
const requestId = safeString()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
const text = (max: number) => safeString().trim().max(max);

export const CHANNEL_KINDS = ['bank', 'wallet'] as const;
export const channelKindSchema = z.enum(CHANNEL_KINDS);

/** A deposit channel as a member sees it (depositv2). */
export const paymentChannelSchema = z.object({
  id: z.number().int(),
  code: safeString(),
  kind: channelKindSchema,
  name: safeString(),
  bankName: safeString().nullable(),
  accountName: safeString(),
  accountNumber: safeString(),
  /** GET this path (with the session token) for the QR image, when the channel has one. */
  qrUrl: safeString().nullable(),
  min: money,
  max: money,
  /** The deposit tutorial for this channel, if the operator wrote one. */
  instructions: safeString().nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

export const adminPaymentChannelSchema = paymentChannelSchema.extend({
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Paid through the provider's API (issue 29: esewa, khalti), not confirmed by hand; null for manual channels. */
  gateway: paymentProviderSchema.nullable().optional(),
});

export const channelInputSchema = z.object({
  code: safeString().regex(/^[A-Z0-9_]{2,32}$/),
  kind: channelKindSchema,
  name: text(100).min(1),
  bankName: text(100).nullable().optional(),
  accountName: text(100).min(1),
  accountNumber: text(100).min(1),
  min: amountInput,
  max: amountInput,
  instructions: text(4000).nullable().optional(),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export const channelUpdateSchema = channelInputSchema.partial().omit({ code: true });

export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);

/** POST /wps/cashier/deposits: JSON, or multipart with the same fields and an optional `proof` image. */
export const depositInputSchema = z.object({
  channelId: intFromText(z.number().int().positive().max(2_147_483_647)),
  amount: amountInput,
  reference: text(100),
  requestId,
  /**
   * Opt in to the deposit bonus offered for this deposit (`GET /wps/cashier/deposit-bonus`): the
   * member joins it as the promotions page's Join does, and its approval then pays the bonus.
   * Absent: no bonus joined (opted out).
   */
  bonusPromotionId: intFromText(z.number().int().positive().max(2_147_483_647)).optional(),
});

export const depositSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelCode: safeString(),
  amount: money,
  reference: safeString(),
  proofUrl: safeString().nullable(),
  status: depositStatusSchema,
  reviewNote: safeString().nullable(),
  createdAt: safeString(),
  reviewedAt: safeString().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositPageSchema = pageOf(depositSchema);
export const depositListQuerySchema = pageQuerySchema.extend({ status: depositStatusSchema.optional() });

export const payoutAccountInputSchema = z.object({
  kind: channelKindSchema,
  /** Bank name, or the wallet: ESEWA, KHALTI, IMEPAY. */
  provider: text(100).min(1),
  accountNumber: safeString()
    .trim()
    .regex(/^[0-9A-Za-z-]{4,40}$/),
  /** Must equal the member's real name (profile payeeName). */
  accountName: text(100).min(1),
});
export const payoutAccountSchema = z.object({
  id: z.number().int(),
  kind: channelKindSchema,
  provider: safeString(),
  accountNumber: safeString(),
  accountName: safeString(),
  createdAt: safeString(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const withdrawSettingsSchema = z.object({
  min: money,
  max: money,
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  balance: money,
  receiptAutoMinutes: z.number().int(),
  payeeName: safeString().nullable(),
  hasPaymentPassword: z.boolean(),
});

export const withdrawInputSchema = z.object({
  payoutAccountId: z.number().int().positive().max(2_147_483_647),
  amount: amountInput,
  paymentPassword: safeString().min(1).max(200),
  requestId,
});

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export const RECEIPT_STATUSES = [
  'awaiting',
  'received',
  'partial',
  'all_received',
  'not_received',
  'auto_received',
  'resolved',
] as const;
export const receiptStatusSchema = z.enum(RECEIPT_STATUSES);

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: money,
  status: withdrawalStatusSchema,
  payout: z.object({
    kind: channelKindSchema,
    provider: safeString(),
    accountNumber: safeString(),
    accountName: safeString(),
  }),
  reviewNote: safeString().nullable(),
  /** The operator's reference for the payment sent outside (bank or wallet transaction id). */
  payoutReference: safeString().nullable(),
  createdAt: safeString(),
  paidAt: safeString().nullable(),
  receiptStatus: receiptStatusSchema.nullable(),
  receivedAmount: money,
  /** What has not arrived yet by the member's account (amount − received). */
  remainder: money,
  /** When an unanswered receipt counts as received (SPEC §4). */
  receiptDeadline: safeString().nullable(),
  receiptProofUrl: safeString().nullable(),
  resolution: safeString().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageOf(withdrawalSchema);
export const withdrawalListQuerySchema = pageQuerySchema.extend({
  status: withdrawalStatusSchema.optional(),
  receiptStatus: receiptStatusSchema.optional(),
});

export const RECEIPT_OUTCOMES = ['received', 'partial', 'not_received', 'all_received'] as const;
/** POST /wps/cashier/withdrawals/:id/receipt: JSON, or multipart with a `proof` image (not_received). */
export const receiptInputSchema = z.object({
  outcome: z.enum(RECEIPT_OUTCOMES),
  /** For `partial`: how much arrived. */
  amount: amountInput.optional(),
  note: text(500).optional(),
});

export const TRANSFER_DIRECTIONS = ['downline', 'upline'] as const;
/** POST /wps/relay/GCS_walletTransfer (transferFund / transferUpline). */
export const transferInputSchema = z.object({
  direction: z.enum(TRANSFER_DIRECTIONS),
  account: safeString().trim().min(1).max(100),
  amount: amountInput,
  paymentPassword: safeString().min(1).max(200),
  requestId,
});
export const transferResultSchema = z.object({
  transactionId: z.number().int(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  to: safeString(),
  amount: money,
  balance: money,
});
export const transferTargetsSchema = z.array(
  z.object({ id: z.number().int(), account: safeString(), depth: z.number().int() }),
);

// ------------------------------------------------------------------ operator console

export const adminDepositSchema = depositSchema.extend({
  memberId: z.number().int(),
  account: safeString(),
  reviewedBy: safeString().nullable(),
  /** A deposit paid through eSewa or Khalti: its provider references and reconciliation (issue 29). */
  gateway: depositGatewaySchema.nullable().optional(),
});
export const adminDepositPageSchema = pageOf(adminDepositSchema);

export const adminWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.number().int(),
  account: safeString(),
  reviewedBy: safeString().nullable(),
  receiptNote: safeString().nullable(),
});
export const adminWithdrawalPageSchema = pageOf(adminWithdrawalSchema);

export const reviewInputSchema = z.object({ note: text(500).optional() });
/**
 * Approve and pay: the reference of the transfer the operator made (bank or wallet transaction
 * id) is required, because the member needs it to find the money on their own statement.
 */
export const payWithdrawalInputSchema = z.object({
  reference: safeString().trim().min(1).max(100),
  note: text(500).optional(),
});
/** Rejections say why: the member sees the note. */
export const rejectInputSchema = z.object({ note: text(500) });
export const resolveInputSchema = z.object({
  /** paid_again: the money was re-sent outside the ledger; refunded: the amount returns to the member's cash. */
  outcome: z.enum(['paid_again', 'refunded']),
  note: text(500),
});

export const adjustmentInputSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: amountInput,
  /** Mandatory: why the operator moves money by hand (kept in the ledger metadata and the audit log). */
  reason: text(500),
  requestId,
});

export const adminPostingSchema = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  accountType: safeString(),
  reason: safeString(),
  amount: money,
  balanceBefore: money,
  balanceAfter: money,
  version: z.number().int(),
  idempotencyKey: safeString(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: safeString(),
});
export const playerWalletSchema = z.object({
  member: z.object({
    id: z.number().int(),
    account: safeString(),
    type: z.number().int(),
    status: safeString(),
  }),
  accounts: z.array(
    z.object({ id: z.number().int(), type: safeString(), balance: money, version: z.number().int() }),
  ),
  postings: pageOf(adminPostingSchema),
});

export const auditQuerySchema = pageQuerySchema.extend({
  action: safeString().max(100).optional(),
  targetType: safeString().max(100).optional(),
  targetId: safeString().max(100).optional(),
});
export const auditRecordSchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorAccount: safeString(),
  action: safeString(),
  targetType: safeString(),
  targetId: safeString(),
  before: z.unknown(),
  after: z.unknown(),
  ip: safeString().nullable(),
  createdAt: safeString(),
});
export const auditPageSchema = pageOf(auditRecordSchema);
