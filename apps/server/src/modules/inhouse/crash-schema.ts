import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * The pre-committed hash chain (round k reveals its own hash). Its seed is never stored: it is
 * HMAC-SHA256(CRASH_CHAIN_KEY, 'crash-chain:' + nonce), the key held outside the database
 * (crash-salt.ts). The salt's source (a beacon round named at commit) is published with the
 * terminating hash; the salt and the beacon's signature are written once that round is out.
 */
export const crashChains = pgTable('crash_chains', {
  id: serial().primaryKey(),
  /** Null on chains made before migration 0060 (their seed stood here; all retired). */
  nonce: text(),
  terminatingHash: text().notNull(),
  length: integer().notNull(),
  saltBeaconUrl: text(),
  saltBeaconChain: text(),
  saltRound: bigint({ mode: 'number' }),
  saltDueAt: ts(),
  salt: text(),
  saltSignature: text(),
  active: boolean().notNull().default(true),
  createdAt: ts().notNull().default(sql`now()`),
});

/**
 * Leader epochs: each instance that becomes the crash leader draws the next value, stamps it on
 * the newest round (claiming it) and fences every round write with it (migration 0054).
 */
export const crashLeaderEpoch = pgSequence('crash_leader_epoch');

/** One shared round: its chain hash and point (kept secret until it crashes). */
export const crashRounds = pgTable('crash_rounds', {
  id: serial().primaryKey(),
  chainId: integer().notNull(),
  roundNo: integer().notNull(),
  hash: text().notNull(),
  point: integer().notNull(),
  /** betting | running | crashed */
  status: text().notNull(),
  startsAt: ts().notNull(),
  crashedAt: ts(),
  /** The leader epoch that last wrote the row: a write by any other epoch is refused. */
  epoch: bigint({ mode: 'number' }).notNull().default(0),
  /** Interrupted before it crashed (restart, change of leader): its open bets were refunded. */
  voidedAt: ts(),
  createdAt: ts().notNull().default(sql`now()`),
});

/** A player's bet in a round (two slots); idempotent by (member, requestId). */
export const crashBets = pgTable('crash_bets', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  roundId: integer().notNull(),
  memberId: integer().notNull(),
  slot: smallint().notNull(),
  requestId: text().notNull(),
  trial: boolean().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  autoCashout: integer(),
  cashout: integer(),
  payout: bigint({ mode: 'bigint' }).notNull().default(0n),
  /** open | won | lost | void (refunded: its round was interrupted) */
  status: text().notNull().default('open'),
  createdAt: ts().notNull().default(sql`now()`),
  settledAt: ts(),
});
