import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * Game-session tokens we hand an aggregator at launch (Hub88 /game/url `token`); its wallet
 * calls bring them back. Stored as a SHA-256 hash: the table never holds a usable token.
 */
export const aggregatorSessions = pgTable(
  'aggregator_sessions',
  {
    tokenHash: text().primaryKey(),
    provider: text().notNull(),
    memberId: integer().notNull(),
    gameCode: text().notNull(),
    currency: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
    expiresAt: ts().notNull(),
  },
  (t) => [index('aggregator_sessions_member_idx').on(t.memberId, t.createdAt)],
);

/** The answer given per request_uuid: a duplicate request is answered the same (Hub88 wallet API). */
export const aggregatorRequests = pgTable(
  'aggregator_requests',
  {
    provider: text().notNull(),
    requestUuid: text().notNull(),
    endpoint: text().notNull(),
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ name: 'aggregator_requests_pk', columns: [t.provider, t.requestUuid] })],
);

/**
 * Free spins granted through the aggregator's Freebets API (migration 0062): one reward per grant,
 * for one player and game, `betCount` rounds of `betValue` (paisa) each, under one of our
 * promotions whose terms pay its wins (bonus with wagering, or cash). `operatorReference` is ours
 * (sent with the create call, so a retried grant is the same reward); `rewardUuid` is Hub88's, and
 * the wallet calls of the free rounds carry it. `status`: `pending` until Hub88 answers, then the
 * reward's status as Hub88 gave it (FRS_ACTIVE …), or `failed` when the create call was refused.
 */
export const aggregatorRewards = pgTable(
  'aggregator_rewards',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    provider: text().notNull(),
    operatorReference: text().notNull(),
    rewardUuid: text(),
    memberId: integer().notNull(),
    promotionId: integer().notNull(),
    gameCode: text().notNull(),
    currency: text().notNull(),
    prepaidUuid: text().notNull(),
    betValue: bigint({ mode: 'bigint' }).notNull(),
    betCount: integer().notNull(),
    startTime: ts().notNull(),
    endTime: ts().notNull(),
    status: text().notNull(),
    grantedBy: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    unique('aggregator_rewards_reference_uq').on(t.provider, t.operatorReference),
    uniqueIndex('aggregator_rewards_uuid_uq').on(t.provider, t.rewardUuid),
    index('aggregator_rewards_member_idx').on(t.memberId, t.createdAt),
  ],
);

/**
 * One wallet call of a free round (a free bet, which debits nothing, or its win), once per
 * transaction_uuid: a retry with the same fields is answered again, other fields are a duplicate.
 */
export const aggregatorFreeRounds = pgTable(
  'aggregator_free_rounds',
  {
    provider: text().notNull(),
    transactionUuid: text().notNull(),
    rewardId: bigint({ mode: 'number' }).notNull(),
    /** bet | win */
    kind: text().notNull(),
    round: text().notNull(),
    gameCode: text().notNull(),
    /** Paisa: the free bet's value, or the win paid. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: 'aggregator_free_rounds_pk', columns: [t.provider, t.transactionUuid] }),
    index('aggregator_free_rounds_reward_idx').on(t.rewardId),
  ],
);
