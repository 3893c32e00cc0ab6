import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

/** An operator-uploaded content image (banner, notice), checked and re-encoded on upload. */
export const contentImages = pgTable('content_images', {
  id: text().primaryKey(),
  width: integer().notNull(),
  height: integer().notNull(),
  uploadedBy: text().notNull(),
  /** Banner and notice images are public; a member's feedback proof is seen only by operators. */
  public: boolean().notNull(),
  createdAt: ts().notNull().default(sql`now()`),
});

/** Responsive WebP (and, for operator images, AVIF) widths of one image, served with a long immutable cache. */
export const contentImageVariants = pgTable(
  'content_image_variants',
  {
    imageId: text()
      .notNull()
      .references(() => contentImages.id, { onDelete: 'cascade' }),
    width: integer().notNull(),
    height: integer().notNull(),
    mime: text().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.mime] })],
);

/** SPEC §3 banners by group, language and schedule. */
export const banners = pgTable('banners', {
  id: serial().primaryKey(),
  groupName: text().notNull(),
  title: text().notNull().default(''),
  imageId: text()
    .notNull()
    .references(() => contentImages.id),
  linkageType: text().notNull(),
  link: text(),
  /** A SPEC language code; null shows in every language. */
  language: text(),
  startsAt: ts(),
  endsAt: ts(),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** Announcements and notices (SPEC §3): type, execution, sanitised HTML, languages, schedule. */
export const notices = pgTable('notices', {
  id: serial().primaryKey(),
  type: text().notNull(),
  execution: text().notNull(),
  title: text().notNull(),
  content: text().notNull(),
  /** SPEC language codes; empty shows in every language. */
  languages: text().array().notNull().default(sql`'{}'::text[]`),
  startsAt: ts(),
  endsAt: ts(),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  createdAt: ts().notNull().default(sql`now()`),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** Which notices a member has opened (read state and the unread count). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    memberId: integer().notNull(),
    noticeId: integer()
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    readAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.noticeId] })],
);

/** Help-centre articles per language and device, addressed by anchor (/help#term). */
export const helpArticles = pgTable('help_articles', {
  id: serial().primaryKey(),
  language: text().notNull(),
  device: text().notNull(),
  anchor: text().notNull(),
  title: text().notNull(),
  content: text().notNull(),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** SPEC §3 feedback as a ticket the operator answers. */
export const feedbackTickets = pgTable('feedback_tickets', {
  id: serial().primaryKey(),
  memberId: integer(),
  memberAccount: text(),
  type: integer().notNull(),
  content: text().notNull(),
  sender: text().notNull(),
  status: text().notNull().default('open'),
  proofImageId: text().references(() => contentImages.id),
  ip: text(),
  createdAt: ts().notNull().default(sql`now()`),
  updatedAt: ts().notNull().default(sql`now()`),
});

export const feedbackReplies = pgTable('feedback_replies', {
  id: serial().primaryKey(),
  ticketId: integer()
    .notNull()
    .references(() => feedbackTickets.id),
  author: text().notNull(),
  authorAccount: text().notNull(),
  body: text().notNull(),
  createdAt: ts().notNull().default(sql`now()`),
});
