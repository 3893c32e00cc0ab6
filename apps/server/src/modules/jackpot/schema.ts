import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * A progressive jackpot pool (migration 0063): its settings and where it is in its cycle. The
 * money is on the ledger, in the pool's own account (`jackpot:<id>`); this row says how it fills
 * and how it is won. `cycle` counts wins: the next win closes it and starts the next one, re-seeded.
 */
export const jackpotPools = pgTable(
  'jackpot_pools',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    enabled: boolean().notNull().default(false),
    /** In-house game codes whose rounds feed the pool and may win it. */
    games: text().array().notNull().default(sql`'{}'`),
    /** Share of each eligible stake, in basis points (100 = 1%). */
    shareBps: integer().notNull(),
    /** What the pool holds when it (re)starts, paisa. */
    seedAmount: bigint({ mode: 'bigint' }).notNull(),
    /** The pool stops growing here (null: no cap); what would go over stays with the house. */
    capAmount: bigint({ mode: 'bigint' }),
    /** One hit per this much eligible stake on average (a round's chance is stake / hitEvery). */
    hitEvery: bigint({ mode: 'bigint' }).notNull(),
    cycle: integer().notNull().default(0),
    /** The cycle whose seed has been posted (-1: never seeded). */
    seededCycle: integer().notNull().default(-1),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    check('jackpot_pools_share', sql`${t.shareBps} between 1 and 1000`),
    check('jackpot_pools_seed', sql`${t.seedAmount} > 0`),
    check('jackpot_pools_cap', sql`${t.capAmount} is null or ${t.capAmount} > ${t.seedAmount}`),
    check('jackpot_pools_hit_every', sql`${t.hitEvery} > 0`),
  ],
);

/**
 * Every movement of a pool, each with the key of its ledger transaction (none when the amount is
 * zero: a share rounded to nothing, or a pool at its cap). Signed: what it did to the pool. A
 * contribution or take-back names the bets-record row it came from (one per pool and row).
 */
export const jackpotEntries = pgTable(
  'jackpot_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    poolId: integer().notNull(),
    cycle: integer().notNull(),
    /** seed | contribution | takeback | payout */
    kind: text().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    betId: bigint({ mode: 'number' }),
    source: text(),
    vendor: text(),
    roundId: text(),
    memberId: integer(),
    gameCode: text(),
    stake: bigint({ mode: 'bigint' }),
    shareBps: integer(),
    ledgerKey: text().notNull(),
    ledgerTx: bigint({ mode: 'number' }),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    check('jackpot_entries_kind', sql`${t.kind} in ('seed', 'contribution', 'takeback', 'payout')`),
    unique('jackpot_entries_ledger_key').on(t.ledgerKey),
    uniqueIndex('jackpot_entries_bet_uq').on(t.poolId, t.betId).where(sql`${t.betId} is not null`),
    index('jackpot_entries_round_idx').on(t.poolId, t.source, t.vendor, t.roundId, t.memberId),
    index('jackpot_entries_pool_idx').on(t.poolId, t.id),
  ],
);

/** One win per pool and cycle (the unique key is what makes two racing wins pay once). */
export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    poolId: integer().notNull(),
    cycle: integer().notNull(),
    memberId: integer().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    betId: bigint({ mode: 'number' }),
    roundId: text(),
    gameCode: text(),
    /** The in-house seed pair the draw used (its server seed is shown once revealed). */
    seedId: integer(),
    serverSeedHash: text(),
    clientSeed: text(),
    nonce: integer(),
    stake: bigint({ mode: 'bigint' }),
    hitEvery: bigint({ mode: 'bigint' }),
    /** Set when an operator forced the win (tests and demos, never in production): no draw. */
    forcedBy: text(),
    wonAt: ts().notNull().default(sql`now()`),
  },
  (t) => [unique('jackpot_wins_cycle_uq').on(t.poolId, t.cycle), index('jackpot_wins_won_idx').on(t.wonAt)],
);
