import { z } from 'zod';
import { pageOf, pageQuerySchema } from './wallet.ts';

/**
 * Cashier calls: deposits, withdrawals with receipt confirmation (SPEC §4), payout accounts,
 * transfers within the agent tree, and the operator's queues. Amount fields accept a string
 * (or a number) and are checked by the server, which answers a field message in the caller's
 * language: `value.fields.amount`.
 */
const money = z.string().describe('Decimal string with two decimals, e.g. "1234.50"');
const amountInput = z
  .union([z.string().max(40), z.number()])
  .describe('Decimal string with at most two decimals, greater than 0');
/** A client-made id (e.g. a UUID) that makes a retried submit create one request, not two. */
const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
const text = (max: number) => z.string().trim().max(max);

export const CHANNEL_KINDS = ['bank', 'wallet'] as const;
export const channelKindSchema = z.enum(CHANNEL_KINDS);

/** A deposit channel as a member sees it (depositv2). */
export const paymentChannelSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: channelKindSchema,
  name: z.string(),
  bankName: z.string().nullable(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** GET this path (with the session token) for the QR image, when the channel has one. */
  qrUrl: z.string().nullable(),
  min: money,
  max: money,
  /** The deposit tutorial for this channel, if the operator wrote one. */
  instructions: z.string().nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

export const adminPaymentChannelSchema = paymentChannelSchema.extend({
  enabled: z.boolean(),
  sort: z.number().int(),
});

export const channelInputSchema = z.object({
  code: z.string().regex(/^[A-Z0-9_]{2,32}$/),
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
  channelId: z.coerce.number().int().positive(),
  amount: amountInput,
  reference: text(100),
  requestId,
});

export const depositSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelCode: z.string(),
  amount: money,
  reference: z.string(),
  proofUrl: z.string().nullable(),
  status: depositStatusSchema,
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositPageSchema = pageOf(depositSchema);
export const depositListQuerySchema = pageQuerySchema.extend({ status: depositStatusSchema.optional() });

export const payoutAccountInputSchema = z.object({
  kind: channelKindSchema,
  /** Bank name, or the wallet: ESEWA, KHALTI, IMEPAY. */
  provider: text(100).min(1),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{4,40}$/),
  /** Must equal the member's real name (profile payeeName). */
  accountName: text(100).min(1),
});
export const payoutAccountSchema = z.object({
  id: z.number().int(),
  kind: channelKindSchema,
  provider: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const withdrawSettingsSchema = z.object({
  min: money,
  max: money,
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  balance: money,
  receiptAutoMinutes: z.number().int(),
  payeeName: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
});

export const withdrawInputSchema = z.object({
  payoutAccountId: z.coerce.number().int().positive(),
  amount: amountInput,
  paymentPassword: z.string().min(1).max(200),
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
    provider: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
  }),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  receiptStatus: receiptStatusSchema.nullable(),
  receivedAmount: money,
  /** What has not arrived yet by the member's account (amount − received). */
  remainder: money,
  /** When an unanswered receipt counts as received (SPEC §4). */
  receiptDeadline: z.string().nullable(),
  receiptProofUrl: z.string().nullable(),
  resolution: z.string().nullable(),
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
  account: z.string().trim().min(1).max(100),
  amount: amountInput,
  paymentPassword: z.string().min(1).max(200),
  requestId,
});
export const transferResultSchema = z.object({
  transactionId: z.number().int(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  to: z.string(),
  amount: money,
  balance: money,
});
export const transferTargetsSchema = z.array(
  z.object({ id: z.number().int(), account: z.string(), depth: z.number().int() }),
);

// ------------------------------------------------------------------ operator console

export const adminDepositSchema = depositSchema.extend({
  memberId: z.number().int(),
  account: z.string(),
  reviewedBy: z.string().nullable(),
});
export const adminDepositPageSchema = pageOf(adminDepositSchema);

export const adminWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.number().int(),
  account: z.string(),
  reviewedBy: z.string().nullable(),
  receiptNote: z.string().nullable(),
});
export const adminWithdrawalPageSchema = pageOf(adminWithdrawalSchema);

export const reviewInputSchema = z.object({ note: text(500).optional() });
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
  accountType: z.string(),
  reason: z.string(),
  amount: money,
  balanceBefore: money,
  balanceAfter: money,
  version: z.number().int(),
  idempotencyKey: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const playerWalletSchema = z.object({
  member: z.object({ id: z.number().int(), account: z.string(), type: z.number().int(), status: z.string() }),
  accounts: z.array(
    z.object({ id: z.number().int(), type: z.string(), balance: money, version: z.number().int() }),
  ),
  postings: pageOf(adminPostingSchema),
});

export const auditQuerySchema = pageQuerySchema.extend({
  action: z.string().max(100).optional(),
  targetType: z.string().max(100).optional(),
  targetId: z.string().max(100).optional(),
});
export const auditRecordSchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorAccount: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const auditPageSchema = pageOf(auditRecordSchema);
