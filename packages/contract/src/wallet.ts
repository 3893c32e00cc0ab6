import { z } from 'zod';
import { boundedDateSchema, intFromText, safeString } from './safe.ts';

/**
 * Why money moved: every ledger transaction carries one of these (TigerBeetle's transfer `code`).
 * The account record (transactionHistory) filters on them through RECORD_TYPES.
 */
export const REASON_CODES = [
  'deposit',
  'withdraw_hold',
  'withdraw_release',
  'withdraw_paid',
  'withdraw_refund',
  'bet',
  'win',
  'rollback',
  'transfer',
  'adjustment',
  'commission',
  'salary',
  'dividend',
  'bonus',
  'trial_grant',
  /** The progressive jackpot (issue 31): a stake's share into the pool, its take-back, the seed, the win. */
  'jackpot_contribution',
  'jackpot_seed',
  'jackpot_win',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** The account record's type filter: each type is a group of reason codes. */
export const RECORD_TYPES = {
  deposit: ['deposit'],
  withdraw: ['withdraw_hold', 'withdraw_release', 'withdraw_paid', 'withdraw_refund'],
  transfer: ['transfer'],
  game: ['bet', 'win', 'rollback', 'jackpot_win'],
  bonus: ['bonus'],
  commission: ['commission', 'salary', 'dividend'],
  adjustment: ['adjustment'],
} as const satisfies Record<string, readonly ReasonCode[]>;
export type RecordType = keyof typeof RECORD_TYPES;
export const recordTypeSchema = z.enum(Object.keys(RECORD_TYPES) as [RecordType, ...RecordType[]]);

export function recordTypeOf(reason: string): RecordType | null {
  for (const [type, reasons] of Object.entries(RECORD_TYPES) as Array<[RecordType, readonly string[]]>) {
    if (reasons.includes(reason)) return type;
  }
  return null;
}

/** The ledger's currency: Nepalese rupee, two decimals (paisa). */
export const CURRENCY = 'NPR';
export { MAX_AMOUNT_MINOR } from './amounts.ts';
export const ACCOUNT_RECORD_PAGE_SIZE = 20;
export const ACCOUNT_RECORD_MAX_PAGE_SIZE = 100;

const money = safeString().describe('Decimal string with two decimals, e.g. "1234.50"');

/** GET /wps/v2/wallets/balance: the header balance (SPEC §2, two decimals). */
export const walletBalanceSchema = z.object({
  balance: money,
  currency: safeString(),
  /** Held for withdrawals under review. */
  frozen: money,
  bonus: money,
  /** Trial members see their play money here; it never mixes with cash. */
  trial: z.boolean(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * GET /wps/member/info/funds/wallets: every wallet of the member in one answer (this was the
 * consolidated path before SPEC §3's consolidated contract info took it).
 */
export const consolidatedFundsSchema = z.object({
  balance: money,
  bonus: money,
  frozen: money,
  commission: money,
  /** balance + bonus + frozen + commission */
  total: money,
  currency: safeString(),
  trial: z.boolean(),
  wallets: z.array(z.object({ type: safeString(), balance: money })),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

/** A date (YYYY-MM-DD, the whole day in UTC) or an ISO date-time with offset. */
export const dateBoundSchema = boundedDateSchema;

const pageNo = intFromText(z.number().int().min(1).max(100_000)).default(1);
const pageSize = intFromText(z.number().int().min(1).max(ACCOUNT_RECORD_MAX_PAGE_SIZE)).default(
  ACCOUNT_RECORD_PAGE_SIZE,
);

export const pageQuerySchema = z.object({ pageNo, pageSize });

/** Paged lists answer SPEC's shape: content, pageNum, totalPages (plus pageSize and total). */
export const pageOf = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    content: z.array(item),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
export interface Page<T> {
  content: T[];
  pageNum: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** GET /wps/cashier/records (transactionHistory). */
export const accountRecordQuerySchema = z.object({
  type: recordTypeSchema.optional(),
  from: dateBoundSchema.optional(),
  to: dateBoundSchema.optional(),
  pageNo,
  pageSize,
});
export type AccountRecordQuery = z.infer<typeof accountRecordQuerySchema>;

export const accountRecordSchema = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  type: recordTypeSchema.nullable(),
  reason: safeString(),
  /** Signed: negative leaves the wallet. */
  amount: money,
  balanceBefore: money,
  balanceAfter: money,
  createdAt: safeString(),
  /** Human-relevant details: counterparty account, vendor, round, channel, request id. */
  detail: z.record(z.string(), safeString()),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;
export const accountRecordPageSchema = pageOf(accountRecordSchema);

/** GET /wps/cashier/profit (personalProfit). */
export const profitQuerySchema = z.object({
  from: dateBoundSchema.optional(),
  to: dateBoundSchema.optional(),
});

export const profitSummarySchema = z.object({
  from: safeString().nullable(),
  to: safeString().nullable(),
  bet: money,
  win: money,
  refund: money,
  /** win + refund − bet: what the member won (positive) or lost (negative) playing. */
  gameProfit: money,
  deposit: money,
  withdraw: money,
  transferIn: money,
  transferOut: money,
  bonus: money,
  commission: money,
  adjustment: money,
  betCount: z.number().int(),
});
export type ProfitSummary = z.infer<typeof profitSummarySchema>;

/** Result of the ledger reconciliation (operator console and `npm run ledger:check`). */
export const reconciliationSchema = z.object({
  ok: z.boolean(),
  checkedAt: safeString(),
  counts: z.object({ accounts: z.number(), transactions: z.number(), postings: z.number() }),
  violations: z.record(z.string(), z.array(safeString())),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** The credit report's period buckets (SPEC "other screens implied": credit report). */
export const CREDIT_REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type CreditReportInterval = (typeof CREDIT_REPORT_INTERVALS)[number];
/** The most buckets one report answers (a year of days). */
export const CREDIT_REPORT_MAX_BUCKETS = 366;

/** GET /wps/cashier/credit-report: a period (business days) cut into days, weeks or months. */
export const creditReportQuerySchema = z.object({
  from: dateBoundSchema.optional(),
  to: dateBoundSchema.optional(),
  interval: z.enum(CREDIT_REPORT_INTERVALS).default('day'),
});
export type CreditReportQuery = z.infer<typeof creditReportQuerySchema>;

/** Money in (credit, positive) and out (debit, positive too) of one slice of the report. */
const creditDebit = {
  credit: money,
  debit: money,
  /** credit − debit */
  net: money,
  count: z.number().int(),
};

export const creditReportSchema = z.object({
  from: safeString().nullable(),
  to: safeString().nullable(),
  interval: z.enum(CREDIT_REPORT_INTERVALS),
  totals: z.object(creditDebit),
  /** By transaction type (the account record's types; `other` for reasons outside them). */
  byType: z.array(z.object({ type: z.union([recordTypeSchema, z.literal('other')]), ...creditDebit })),
  /** By period, newest first; `start` is the business day the day, week (Monday) or month begins. */
  periods: z.array(z.object({ start: safeString(), ...creditDebit })),
});
export type CreditReport = z.infer<typeof creditReportSchema>;
