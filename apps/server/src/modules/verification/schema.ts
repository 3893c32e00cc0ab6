import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * One-time codes sent by SMS or mail. Only an HMAC of the code is stored; a code is consumed by
 * its first correct use and dies after a few wrong guesses, so six digits cannot be brute-forced.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial().primaryKey(),
    purpose: text().notNull(),
    channel: text().notNull(),
    /** `+977 9812345678` for SMS, the lower-cased address for mail. */
    destination: text().notNull(),
    memberId: integer(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: ts().notNull().default(sql`now()`),
    expiresAt: ts().notNull(),
    consumedAt: ts(),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.purpose, t.destination, t.createdAt)],
);

/**
 * The default "provider": messages that would go out by SMS or mail when no real provider is
 * configured. The operator console reads it; a log line is written as well.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial().primaryKey(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    meta: jsonb().$type<Record<string, unknown>>(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
