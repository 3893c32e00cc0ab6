import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
