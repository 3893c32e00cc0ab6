import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
 * Seed pairs (issue 11 fairness): one active pair per member; the server seed is revealed (the
 * row stops being active) when the member rotates. The active row is also the member's lock for
 * play: every round takes it FOR UPDATE, so nonces are handed out one at a time.
 */
export const inhouseSeeds = pgTable(
  'inhouse_seeds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: integer().notNull(),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    /** The nonce the next round will use. */
    nonce: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: ts().notNull().default(sql`now()`),
    revealedAt: ts(),
    /**
     * The server seed the next pair will use, committed (its hash shown) before the player's next
     * client seed exists; null on a rotated pair and, until first read, on pairs made before it.
     */
    nextServerSeed: text(),
    nextServerSeedHash: text(),
  },
  (t) => [
    uniqueIndex('inhouse_seeds_active_uq').on(t.memberId).where(sql`${t.active}`),
    index('inhouse_seeds_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * One row per round: the bet, the proof (seed pair and nonce), the full engine state (multi-step
 * games resume from it: game recall) and the money. `requestId` makes play idempotent per member;
 * `actionRequestIds` does the same for each later step of a blackjack or mines round.
 */
export const inhouseRounds = pgTable(
  'inhouse_rounds',
  {
    id: text().primaryKey(),
    memberId: integer().notNull(),
    game: text().notNull(),
    requestId: text().notNull(),
    trial: boolean().notNull(),
    seedId: bigint({ mode: 'number' }).notNull(),
    nonce: integer().notNull(),
    bet: jsonb().notNull(),
    actions: jsonb().notNull().default(sql`'[]'::jsonb`),
    actionRequestIds: text().array().notNull().default(sql`'{}'::text[]`),
    state: jsonb().notNull(),
    /** open (multi-step, waiting for the player) | settled */
    status: text().notNull(),
    stake: bigint({ mode: 'bigint' }).notNull(),
    payout: bigint({ mode: 'bigint' }).notNull().default(0n),
    /** True when the engine's payout was cut to the game's max payout per round. */
    capped: boolean().notNull().default(false),
    createdAt: ts().notNull().default(sql`now()`),
    settledAt: ts(),
  },
  (t) => [
    uniqueIndex('inhouse_rounds_request_uq').on(t.memberId, t.requestId),
    uniqueIndex('inhouse_rounds_open_uq').on(t.memberId, t.game).where(sql`${t.status} = 'open'`),
    index('inhouse_rounds_member_idx').on(t.memberId, t.createdAt),
    index('inhouse_rounds_game_idx').on(t.game, t.createdAt),
    check('inhouse_rounds_status_known', sql`${t.status} in ('open', 'settled')`),
    check('inhouse_rounds_money', sql`${t.stake} > 0 AND ${t.payout} >= 0`),
  ],
);

/** Operator settings per game; a game without a row uses the defaults its metadata publishes. */
export const inhouseSettings = pgTable(
  'inhouse_settings',
  {
    game: text().primaryKey(),
    minBet: bigint({ mode: 'bigint' }).notNull(),
    maxBet: bigint({ mode: 'bigint' }).notNull(),
    maxPayout: bigint({ mode: 'bigint' }).notNull(),
    paused: boolean().notNull().default(false),
    updatedAt: ts().notNull().default(sql`now()`),
    updatedBy: text(),
  },
  (t) => [
    check(
      'inhouse_settings_limits',
      sql`${t.minBet} > 0 AND ${t.maxBet} >= ${t.minBet} AND ${t.maxPayout} > 0`,
    ),
  ],
);
