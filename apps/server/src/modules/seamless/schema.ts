import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * Every call a vendor makes that can move money, one row per (vendor, txId). The unique key is
 * also the mutex between a bet and a rollback that races it: a rollback for an unknown txId
 * inserts a `cancelled` row in the bet's slot, so the late bet finds the slot taken and is refused.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    vendor: text().notNull(),
    txId: text().notNull(),
    /** bet | win | rollback | cancelled (the slot of a bet rolled back before it arrived). */
    kind: text().notNull(),
    roundId: text(),
    /** For a rollback: the txId it reverses. */
    refTxId: text(),
    memberId: integer().notNull(),
    trial: boolean().notNull().default(false),
    gameCode: text(),
    amount: bigint({ mode: 'bigint' }),
    /**
     * pending (never visible outside its own transaction) | applied | rejected | rolled_back (a bet
     * reversed, or the rollback that reversed it) | already_rolled_back | not_found | cancelled |
     * round_paid (a rollback refused: the bet's round already paid a win).
     */
    status: text().notNull(),
    /** The answer's code, replayed to a duplicate call. */
    code: text().notNull().default('OK'),
    /**
     * The balance answered by a call that moved no money, replayed to a duplicate. A call that
     * moved money is linked to its ledger transaction by key (`seamless:{vendor}:{txId}`), whose
     * postings hold the balance it answered.
     */
    balanceAfter: bigint({ mode: 'bigint' }),
    /** Hash of the request fields: the same txId with other fields is an idempotency conflict. */
    fingerprint: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('seamless_transactions_vendor_tx_unique').on(t.vendor, t.txId),
    index('seamless_transactions_round_idx').on(t.vendor, t.roundId),
    check('seamless_transactions_kind_known', sql`${t.kind} in ('bet', 'win', 'rollback', 'cancelled')`),
  ],
);

/**
 * A member's part in a vendor's game round with its running totals, so the betting record reads
 * one row per round instead of folding transactions.
 */
export const seamlessRounds = pgTable(
  'seamless_rounds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    vendor: text().notNull(),
    roundId: text().notNull(),
    memberId: integer().notNull(),
    trial: boolean().notNull().default(false),
    gameCode: text(),
    betTotal: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    winTotal: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    refundTotal: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    betCount: integer().notNull().default(0),
    winCount: integer().notNull().default(0),
    /** open (bets only) | settled (a win arrived) | cancelled (every bet rolled back, no win). */
    status: text().notNull().default('open'),
    openedAt: ts().notNull().default(sql`now()`),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    // Live tables share one round id among every player at the table: a round row is per player.
    uniqueIndex('seamless_rounds_vendor_round_member_unique').on(t.vendor, t.roundId, t.memberId),
  ],
);

/**
 * The vendors allowed to call the seamless wallet, and how. A vendor's secret is set here (demo
 * vendors: random per installation; rotated by the operator) or in SEAMLESS_VENDOR_SECRETS; one
 * with neither, or disabled here, is refused. Stored readable: the server computes the HMAC with
 * it, and APP_SECRET (the only candidate key) is optional outside production.
 */
export const seamlessVendors = pgTable(
  'seamless_vendors',
  {
    code: text().primaryKey(),
    secret: text(),
    enabled: boolean().notNull().default(true),
    /** Wins without a bet in the round (free spins, promotions) are accepted only when opted in. */
    allowBetlessWins: boolean().notNull().default(false),
    createdAt: ts().notNull().default(sql`now()`),
    rotatedAt: ts(),
  },
  (t) => [
    check('seamless_vendors_code_format', sql`${t.code} ~ '^[A-Z0-9_]{1,32}$'`),
    check('seamless_vendors_secret_length', sql`${t.secret} is null or length(${t.secret}) >= 32`),
  ],
);
