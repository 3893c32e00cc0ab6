import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * A member's points (PTSYS3). Points never expire (SPEC §9). `remainder` is valid stake in paisa
 * not yet worth a whole point: nothing is lost to rounding, and a rollback takes from it first.
 */
export const pointsAccounts = pgTable('points_accounts', {
  memberId: integer().primaryKey(),
  balance: bigint({ mode: 'bigint' }).notNull().default(0n),
  earned: bigint({ mode: 'bigint' }).notNull().default(0n),
  remainder: bigint({ mode: 'bigint' }).notNull().default(0n),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** Every change of a member's points: earned from bets, spent on a redemption, refunded. */
export const pointsEntries = pgTable('points_entries', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  memberId: integer().notNull(),
  delta: bigint({ mode: 'bigint' }).notNull(),
  balanceAfter: bigint({ mode: 'bigint' }).notNull(),
  /** bets | redeem | refund */
  reason: text().notNull(),
  ref: text(),
  createdAt: ts().notNull().default(sql`now()`),
});

/** One row: how much valid stake earns a point, and the rules text the mall shows. */
export const pointsSettings = pgTable('points_settings', {
  id: integer().primaryKey().default(1),
  paisaPerPoint: bigint({ mode: 'bigint' }).notNull().default(10_000n),
  rules: text().notNull().default(''),
  /** What one point converts to, in paisa; null: converting is off (migration 0064). */
  convertPaisaPerPoint: bigint({ mode: 'bigint' }),
  /** The fewest points one conversion takes. */
  convertMinPoints: bigint({ mode: 'bigint' }).notNull().default(100n),
});

/**
 * Points converted to cash (SPEC §7), one row per member request: `(member, request id)` is unique,
 * so a retried request converts once. `amount = points × paisaPerPoint` (a check constraint), at
 * the rate of the moment, kept on the row.
 */
export const pointsConversions = pgTable('points_conversions', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  memberId: integer().notNull(),
  requestId: text().notNull(),
  points: bigint({ mode: 'bigint' }).notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  paisaPerPoint: bigint({ mode: 'bigint' }).notNull(),
  createdAt: ts().notNull().default(sql`now()`),
});

/**
 * Mall products: bonus cash (paid through the ledger when approved), a physical item (delivered) or
 * reward tickets (issued to the reward centre when approved).
 */
export const pointsProducts = pgTable('points_products', {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  /** Nepali texts (migration 0058): empty reads the English one. */
  nameNe: text().notNull().default(''),
  descriptionNe: text().notNull().default(''),
  /** cash | physical | ticket */
  kind: text().notNull(),
  points: bigint({ mode: 'bigint' }).notNull(),
  cashValue: bigint({ mode: 'bigint' }),
  /** Kind ticket: WHEEL | ENVELOPE | EGG, and how many. */
  ticketKind: text(),
  ticketCount: integer(),
  /** null: unlimited. */
  stock: integer(),
  imageUrl: text(),
  enabled: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
  createdAt: ts().notNull().default(sql`now()`),
});

/** A redemption (SPEC §4 redeem status): in process → approved | rejected (points refunded). */
export const pointsRedemptions = pgTable('points_redemptions', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  memberId: integer().notNull(),
  productId: integer().notNull(),
  productName: text().notNull(),
  points: bigint({ mode: 'bigint' }).notNull(),
  cashValue: bigint({ mode: 'bigint' }),
  ticketKind: text(),
  ticketCount: integer(),
  address: text(),
  /** process | approved | rejected */
  status: text().notNull(),
  reviewNote: text(),
  reviewedBy: text(),
  reviewedAt: ts(),
  createdAt: ts().notNull().default(sql`now()`),
});
