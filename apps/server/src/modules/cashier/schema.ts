import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/** PGlite hands bytea back as Uint8Array, node-postgres as Buffer: normalise to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Operator-configured deposit channels: bank transfer and the wallets players in Nepal use
 * (eSewa, Khalti, IME Pay). All are manual: the player pays the shown account or QR and the
 * operator confirms the money arrived.
 */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    /** bank | wallet */
    kind: text().notNull(),
    name: text().notNull(),
    bankName: text(),
    accountName: text().notNull(),
    accountNumber: text().notNull(),
    qrUploadId: uuid(),
    minAmount: bigint({ mode: 'bigint' }).notNull(),
    maxAmount: bigint({ mode: 'bigint' }).notNull(),
    instructions: text(),
    enabled: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    /**
     * esewa | khalti: a provider channel (issue 29), its deposits settled by the provider's own
     * status API through the payments module, never approved by hand. Null: a manual channel.
     */
    gateway: text(),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('payment_channels_code_unique').on(t.code),
    uniqueIndex('payment_channels_gateway_unique').on(t.gateway).where(sql`${t.gateway} is not null`),
    check('payment_channels_gateway_known', sql`${t.gateway} is null or ${t.gateway} in ('esewa', 'khalti')`),
    check('payment_channels_kind_known', sql`${t.kind} in ('bank', 'wallet')`),
    check('payment_channels_limits', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    // PAYOUT_… names the payout clearing accounts: a deposit channel must not draw on them.
    check('payment_channels_code_not_payout', sql`upper(${t.code}) not like 'PAYOUT\\_%'`),
  ],
);

/** Images (deposit proofs, not-received proofs, channel QR codes), sniffed to PNG/JPEG on upload. */
export const cashierUploads = pgTable(
  'cashier_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** member | operator */
    ownerType: text().notNull(),
    ownerId: integer().notNull(),
    purpose: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    data: bytea().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('cashier_uploads_owner_idx').on(t.ownerType, t.ownerId)],
);

export const depositRequests = pgTable(
  'deposit_requests',
  {
    id: serial().primaryKey(),
    memberId: integer().notNull(),
    /** `${memberId}:${client requestId}`: a double-clicked submit creates one request. */
    requestKey: text().notNull(),
    channelId: integer().notNull(),
    channelCode: text().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    reference: text().notNull(),
    proofUploadId: uuid(),
    /** pending | approved | rejected */
    status: text().notNull().default('pending'),
    reviewedBy: integer(),
    reviewedByAccount: text(),
    reviewedAt: ts(),
    reviewNote: text(),
    ledgerTransactionId: bigint({ mode: 'number' }),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('deposit_requests_key_unique').on(t.requestKey),
    index('deposit_requests_status_idx').on(t.status, t.createdAt),
    index('deposit_requests_member_idx').on(t.memberId, t.createdAt),
    check('deposit_requests_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('deposit_requests_positive', sql`${t.amount} > 0`),
  ],
);

/** Where a member's withdrawals are paid: a bank account or a wallet in the member's real name. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: serial().primaryKey(),
    memberId: integer().notNull(),
    /** bank | wallet */
    kind: text().notNull(),
    /** Bank name, or the wallet's code (ESEWA, KHALTI, IMEPAY). */
    provider: text().notNull(),
    accountNumber: text().notNull(),
    accountName: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
    removedAt: ts(),
  },
  (t) => [
    uniqueIndex('payout_accounts_active_unique')
      .on(t.memberId, t.kind, t.provider, t.accountNumber)
      .where(sql`${t.removedAt} is null`),
    check('payout_accounts_kind_known', sql`${t.kind} in ('bank', 'wallet')`),
  ],
);

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
/**
 * SPEC §4 withdrawal receipt: awaiting (paid, no answer yet) → received | partial → all_received |
 * not_received (investigation) → resolved | auto_received (no answer in time; not refunded).
 */
export const RECEIPT_STATUSES = [
  'awaiting',
  'received',
  'partial',
  'all_received',
  'not_received',
  'auto_received',
  'resolved',
] as const;

export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: serial().primaryKey(),
    memberId: integer().notNull(),
    requestKey: text().notNull(),
    payoutAccountId: integer().notNull(),
    /** Snapshot of the payout account at request time: the operator pays what the member saw. */
    payoutKind: text().notNull(),
    payoutProvider: text().notNull(),
    payoutAccountNumber: text().notNull(),
    payoutAccountName: text().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    status: text().notNull().default('pending'),
    holdId: bigint({ mode: 'number' }),
    reviewedBy: integer(),
    reviewedByAccount: text(),
    reviewedAt: ts(),
    reviewNote: text(),
    /** Reference of the payment the operator sent outside (shown to the member on the record). */
    payoutReference: text(),
    paidAt: ts(),
    receiptStatus: text(),
    receivedAmount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    receiptProofUploadId: uuid(),
    receiptNote: text(),
    receiptDeadline: ts(),
    receiptAt: ts(),
    /** How an investigation ended: paid_again | refunded. */
    resolution: text(),
    resolutionNote: text(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('withdrawal_requests_key_unique').on(t.requestKey),
    index('withdrawal_requests_status_idx').on(t.status, t.createdAt),
    index('withdrawal_requests_member_idx').on(t.memberId, t.createdAt),
    index('withdrawal_requests_receipt_idx').on(t.receiptStatus, t.receiptDeadline),
    check('withdrawal_requests_status_known', sql`${t.status} in ('pending', 'paid', 'rejected')`),
    check(
      'withdrawal_requests_receipt_known',
      sql`${t.receiptStatus} is null or ${t.receiptStatus} in ('awaiting', 'received', 'partial', 'all_received', 'not_received', 'auto_received', 'resolved')`,
    ),
    check('withdrawal_requests_positive', sql`${t.amount} > 0`),
    check(
      'withdrawal_requests_received_range',
      sql`${t.receivedAmount} >= 0 and ${t.receivedAmount} <= ${t.amount}`,
    ),
  ],
);

/**
 * Every receipt answer on a paid withdrawal (the member's, the auto-receipt job's, the operator's
 * resolution), append-only: the withdrawal row holds the current state, this how it got there.
 */
export const withdrawalReceipts = pgTable(
  'withdrawal_receipts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    withdrawalId: integer().notNull(),
    memberId: integer().notNull(),
    outcome: text().notNull(),
    receivedAmount: bigint({ mode: 'bigint' }).notNull(),
    proofUploadId: uuid(),
    note: text(),
    /** member | job | operator */
    actorType: text().notNull(),
    actorId: integer(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    index('withdrawal_receipts_withdrawal_idx').on(t.withdrawalId, t.id),
    check('withdrawal_receipts_actor_known', sql`${t.actorType} in ('member', 'job', 'operator')`),
  ],
);
