import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * Invite links (issue 31, migration 0066): an agent's or a referrer's named links, each with a
 * channel. A disabled link stays (its sign-ups are history) but attributes no new one.
 */
export const inviteLinks = pgTable(
  'invite_links',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    ownerId: integer().notNull(),
    /** The register address's `link` parameter: random, unique. */
    code: text().notNull(),
    name: text().notNull(),
    channel: text().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: ts().notNull().default(sql`now()`),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('invite_links_code_uq').on(t.code), index('invite_links_owner_idx').on(t.ownerId)],
);

/** Who registered through which link: one row per new member, at most one link each. */
export const inviteLinkSignups = pgTable(
  'invite_link_signups',
  {
    memberId: integer().primaryKey(),
    linkId: bigint({ mode: 'number' }).notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('invite_link_signups_link_idx').on(t.linkId)],
);
