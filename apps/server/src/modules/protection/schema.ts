import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from '../members/schema.ts';

const ts = () => timestamp({ withTimezone: true });
const memberRef = () =>
  integer()
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

/**
 * Per member: `restricted` (any limit or exclusion) lets the bet path skip members without one
 * after one cached read; the reality-check interval; the login times shown after sign-in; and the
 * start of today's play window for the session-time limit.
 */
export const protectionMembers = pgTable('protection_members', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  restricted: boolean().notNull().default(false),
  realityMinutes: integer().notNull().default(60),
  lastLoginAt: ts(),
  previousLoginAt: ts(),
  playDay: text(),
  playDayStartedAt: ts(),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** One limit per (member, kind, period): the value in force and an increase/removal waiting out the cooling-off. */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    memberId: memberRef(),
    kind: text().notNull(),
    period: text().notNull(),
    value: bigint({ mode: 'bigint' }),
    pending: boolean().notNull().default(false),
    pendingValue: bigint({ mode: 'bigint' }),
    effectiveAt: ts(),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.period] })],
);

/** A time-out or self-exclusion, with the identity data registration is checked against. */
export const protectionExclusions = pgTable(
  'protection_exclusions',
  {
    id: serial().primaryKey(),
    memberId: memberRef(),
    kind: text().notNull(),
    startsAt: ts().notNull(),
    endsAt: ts(),
    mobile: text(),
    email: text(),
    idNumber: text(),
    name: text(),
    birthday: text(),
    createdBy: text().notNull(),
    note: text(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('protection_exclusions_member_idx').on(t.memberId)],
);

/** Stakes of bets in flight, counted against wager/loss limits until the ledger shows them. */
export const protectionReservations = pgTable(
  'protection_reservations',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: memberRef(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('protection_reservations_member_idx').on(t.memberId)],
);

/** Every refusal by a limit or exclusion: the operator's "players who hit limits" report. */
export const protectionRefusals = pgTable(
  'protection_refusals',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: memberRef(),
    kind: text().notNull(),
    period: text(),
    context: text().notNull(),
    limitValue: bigint({ mode: 'bigint' }),
    attempted: bigint({ mode: 'bigint' }),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('protection_refusals_created_idx').on(t.createdAt)],
);
