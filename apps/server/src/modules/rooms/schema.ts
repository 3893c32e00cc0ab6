import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/** A host room's messages (migration 0068); `room` is the LIVE_HOSTS id. Deleted rows are kept, unread. */
export const roomMessages = pgTable(
  'room_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    room: text().notNull(),
    memberId: integer().notNull(),
    /** The login name, for the console only; the room shows `authorName`. */
    memberAccount: text().notNull(),
    authorName: text().notNull(),
    /** As stored: already masked by the word filter of the moment it was posted. */
    body: text().notNull(),
    filtered: boolean().notNull().default(false),
    createdAt: ts().notNull().default(sql`now()`),
    deletedAt: ts(),
    /** The operator who deleted it. */
    deletedBy: integer(),
  },
  (t) => [index('room_messages_room').on(t.room, t.id).where(sql`${t.deletedAt} is null`)],
);

/** One member's sanction in one room: muted until a time and/or banned, with the last change's who and why. */
export const roomSanctions = pgTable(
  'room_sanctions',
  {
    room: text().notNull(),
    memberId: integer().notNull(),
    memberAccount: text().notNull(),
    mutedUntil: ts(),
    banned: boolean().notNull().default(false),
    reason: text().notNull().default(''),
    operatorId: integer().notNull(),
    operatorAccount: text().notNull(),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ name: 'room_sanctions_pk', columns: [t.room, t.memberId] })],
);

/** The word filter, shared by every room (words.ts keeps them in the form it compares). */
export const roomWords = pgTable('room_words', {
  word: text().primaryKey(),
  createdAt: ts().notNull().default(sql`now()`),
});
