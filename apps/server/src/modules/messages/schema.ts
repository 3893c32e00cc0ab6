import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/** A message to one member: system notices (deposit approved, bonus issued, contract offered …). */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: integer().notNull(),
    /** system | bonus | deposit | contract | promotion … (free text, shown as a tag) */
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** The same message in Nepali (migration 0058; null: sent before, reads in English). */
    titleNe: text(),
    bodyNe: text(),
    readAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('member_messages_member_idx').on(t.memberId, t.id)],
);

/**
 * An operator's broadcast to an audience. Stored once, not copied per member: a broadcast to
 * every player is one row, and each member's read state is a row in `messageBroadcastReads`.
 */
export const messageBroadcasts = pgTable('message_broadcasts', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  /** all | players | agents */
  audience: text().notNull(),
  title: text().notNull(),
  body: text().notNull(),
  /** The operator's Nepali version (empty: Nepali readers get the English). */
  titleNe: text().notNull().default(''),
  bodyNe: text().notNull().default(''),
  createdBy: integer().notNull(),
  createdByAccount: text().notNull(),
  createdAt: ts().notNull().default(sql`now()`),
});

export const messageBroadcastReads = pgTable(
  'message_broadcast_reads',
  {
    broadcastId: bigint({ mode: 'number' }).notNull(),
    memberId: integer().notNull(),
    readAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ name: 'message_broadcast_reads_pk', columns: [t.broadcastId, t.memberId] })],
);
