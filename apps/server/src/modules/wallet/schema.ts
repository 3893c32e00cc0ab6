import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * Accounts a member owns. They can never go below zero: the CHECK constraint below is the last
 * line of defence behind the ledger service's own check.
 */
export const MEMBER_ACCOUNT_TYPES = [
  'player_cash',
  'player_bonus',
  'player_hold',
  'trial',
  'agent_commission',
] as const;

/**
 * The world side of the books: money entering or leaving the platform passes through these,
 * so they may go negative (a house that pays out more than it took is simply below zero).
 */
export const WORLD_ACCOUNT_TYPES = [
  'house',
  'trial_house',
  'channel_clearing',
  'trial_issuance',
  'promotion',
  'adjustment',
] as const;

/**
 * House money set aside for a purpose: a progressive jackpot pool (ref = pool id) holds the stakes'
 * shares until a winner takes them. Never below zero (the CHECK below and wallet_post treat it as
 * they treat a member's account): a pool cannot promise money it does not hold.
 */
export const POOL_ACCOUNT_TYPES = ['jackpot'] as const;

export const ACCOUNT_TYPES = [
  ...MEMBER_ACCOUNT_TYPES,
  ...WORLD_ACCOUNT_TYPES,
  ...POOL_ACCOUNT_TYPES,
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

const quoted = (list: readonly string[]) => sql.raw(list.map((t) => `'${t}'`).join(', '));

/**
 * One row per account. `balance` is kept here (updated in the same database transaction as the
 * postings) so a bet reads and writes one row instead of summing history; `version` counts the
 * postings applied, so every posting names the exact account state it produced.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** Canonical identity, e.g. `player_cash:42` or `house:SANDBOX:7`: get-or-create keys on it. */
    key: text().notNull(),
    type: text().notNull(),
    memberId: integer(),
    /** Vendor code for house accounts, channel code for clearing accounts. */
    ref: text(),
    shard: integer().notNull().default(0),
    currency: text().notNull().default('NPR'),
    balance: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    version: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key_unique').on(t.key),
    index('ledger_accounts_member_idx').on(t.memberId),
    check('ledger_accounts_type_known', sql`${t.type} in (${quoted(ACCOUNT_TYPES)})`),
    check(
      'ledger_accounts_member_non_negative',
      sql`${t.balance} >= 0 or ${t.type} in (${quoted(WORLD_ACCOUNT_TYPES)})`,
    ),
  ],
);

/**
 * A journal transaction: one money movement, applied once. The idempotency key is the caller's
 * (a vendor txId, a withdrawal id …); `fingerprint` hashes the reason, postings and metadata so a
 * retry with other fields is told apart from a true replay.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idempotencyKey: text().notNull(),
    reason: text().notNull(),
    fingerprint: text().notNull(),
    metadata: jsonb().notNull().default({}),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('ledger_transactions_key_unique').on(t.idempotencyKey)],
);

/**
 * Postings: append-only (a trigger refuses UPDATE and DELETE). Each keeps the balance before and
 * after and the account version it produced; (account, version) is unique, so a lost update
 * cannot hide — two postings would claim the same version.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    transactionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: 'bigint' }).notNull(),
    balanceBefore: bigint({ mode: 'bigint' }).notNull(),
    balanceAfter: bigint({ mode: 'bigint' }).notNull(),
    accountVersion: bigint({ mode: 'number' }).notNull(),
    /** Copied from the transaction so an account record filters by type without a join. */
    reason: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('ledger_postings_account_version_unique').on(t.accountId, t.accountVersion),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    index('ledger_postings_account_created_idx').on(t.accountId, t.createdAt),
    check('ledger_postings_nonzero', sql`${t.amount} <> 0`),
    check('ledger_postings_arithmetic', sql`${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`),
  ],
);

/**
 * Two-phase holds (TigerBeetle's pending → post | void): a withdrawal under review moves the
 * amount from cash to the member's hold account; paying posts it out, rejecting voids it back.
 * The status flips with a conditional UPDATE in the same transaction as the posting, so a hold
 * settles exactly once however often pay/reject is clicked.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    key: text().notNull(),
    memberId: integer().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    reason: text().notNull(),
    status: text().notNull().default('pending'),
    holdTransactionId: bigint({ mode: 'number' }).notNull(),
    settleTransactionId: bigint({ mode: 'number' }),
    createdAt: ts().notNull().default(sql`now()`),
    settledAt: ts(),
  },
  (t) => [
    uniqueIndex('ledger_holds_key_unique').on(t.key),
    index('ledger_holds_member_idx').on(t.memberId),
    check('ledger_holds_status_known', sql`${t.status} in ('pending', 'posted', 'voided')`),
    check('ledger_holds_positive', sql`${t.amount} > 0`),
  ],
);
