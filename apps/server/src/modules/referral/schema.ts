import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/** The operator's refer-and-earn rule: one row (id 1), seeded by the migration. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: integer().primaryKey().default(1),
    enabled: boolean().notNull().default(true),
    minDeposit: bigint({ mode: 'bigint' }).notNull(),
    minTurnover: bigint({ mode: 'bigint' }).notNull(),
    withinDays: integer().notNull(),
    /** cash | bonus */
    rewardKind: text().notNull(),
    reward: bigint({ mode: 'bigint' }).notNull(),
    wageringMultiplier: integer().notNull().default(0),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [check('referral_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * One reward per referred player, ever: the unique referred id is the guard that makes two
 * concurrent evaluations pay once (the ledger key `referral_reward:<referredId>` is the second).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    referredId: integer().notNull(),
    referrerId: integer().notNull(),
    kind: text().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('referral_rewards_referred_uq').on(t.referredId),
    index('referral_rewards_referrer_idx').on(t.referrerId),
  ],
);

/** A player's request to become an agent; at most one pending per member (partial unique index). */
export const affiliateApplications = pgTable(
  'affiliate_applications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: integer().notNull(),
    contact: text().notNull(),
    channel: text().notNull(),
    expectedPlayers: integer().notNull(),
    remark: text().notNull().default(''),
    /** pending | approved | rejected */
    status: text().notNull().default('pending'),
    reason: text(),
    reviewedBy: text(),
    reviewedAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('affiliate_applications_one_open').on(t.memberId).where(sql`${t.status} = 'pending'`),
    index('affiliate_applications_status_idx').on(t.status, t.createdAt),
  ],
);
