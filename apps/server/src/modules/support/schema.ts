import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/** PGlite hands bytea back as Uint8Array, node-postgres as Buffer: normalise to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** One support conversation: a member's (member_id) or a guest's (guest_token_hash), migration 0065. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: integer(),
    guestName: text(),
    /** sha256 of the guest's token: the token itself is shown once, to the guest. */
    guestTokenHash: text(),
    /** open (waiting for an operator) | assigned | closed */
    status: text().notNull().default('open'),
    assignedOperatorId: integer(),
    assignedAccount: text(),
    lastMessage: text().notNull().default(''),
    lastMessageAt: ts().notNull().default(sql`now()`),
    /** Operator messages the player has not read; player messages the operators have not read. */
    memberUnread: integer().notNull().default(0),
    operatorUnread: integer().notNull().default(0),
    createdAt: ts().notNull().default(sql`now()`),
    closedAt: ts(),
  },
  (t) => [
    index('support_conversations_member').on(t.memberId, t.status),
    index('support_conversations_queue').on(t.status, t.lastMessageAt),
    // A guest's badge finds its conversation by the token's hash (migration 0069).
    index('support_conversations_guest_token')
      .on(t.guestTokenHash)
      .where(sql`${t.guestTokenHash} IS NOT NULL`),
  ],
);

/** An image sent in a conversation, re-encoded on upload (nothing but its pixels is kept). */
export const supportAttachments = pgTable('support_attachments', {
  id: text().primaryKey(),
  conversationId: bigint({ mode: 'number' }).notNull(),
  mime: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  data: bytea().notNull(),
  createdAt: ts().notNull().default(sql`now()`),
});

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    conversationId: bigint({ mode: 'number' }).notNull(),
    /** member | guest | operator */
    author: text().notNull(),
    operatorId: integer(),
    authorName: text().notNull(),
    body: text().notNull().default(''),
    attachmentId: text(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('support_messages_conversation').on(t.conversationId, t.id)],
);

/** The console's prepared answers, each in English and Nepali. */
export const supportCanned = pgTable('support_canned', {
  id: serial().primaryKey(),
  title: text().notNull(),
  textEn: text().notNull(),
  textNe: text().notNull(),
  createdAt: ts().notNull().default(sql`now()`),
  updatedAt: ts().notNull().default(sql`now()`),
});

/**
 * Members with a support socket open, per instance (migration 0069): read before a reply is pushed
 * to the member's devices, so a member with the app open is not notified twice (presence.ts).
 */
export const supportPresence = pgTable(
  'support_presence',
  {
    memberId: integer().notNull(),
    instance: text().notNull(),
    seenAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.instance] })],
);
