import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from '../members/schema.ts';

const ts = () => timestamp({ withTimezone: true });
/** PGlite hands bytea back as Uint8Array, node-postgres as Buffer: normalise to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Operator notes on a player: append-only (a trigger refuses UPDATE and DELETE), with author. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    authorId: integer(),
    authorAccount: text().notNull(),
    body: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('player_notes_member_idx').on(t.memberId, t.id)],
);

/** Tags (free labels, e.g. `vip`) and risk flags (e.g. `bonus_abuse`) the console sets on a player. */
export const playerLabels = pgTable(
  'player_labels',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** tag | risk */
    kind: text().notNull(),
    value: text().notNull(),
    createdBy: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.kind, t.value] }),
    index('player_labels_value_idx').on(t.kind, t.value),
  ],
);

/**
 * KYC documents: images are re-encoded (cashier's pipeline), PDFs are kept as sent after a
 * signature and size check and only ever served as attachments.
 */
export const playerKycDocuments = pgTable(
  'player_kyc_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    data: bytea().notNull(),
    /** pending | approved | rejected */
    status: text().notNull().default('pending'),
    reason: text(),
    uploadedBy: text().notNull(),
    reviewedBy: text(),
    reviewedAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('player_kyc_documents_member_idx').on(t.memberId, t.createdAt)],
);
