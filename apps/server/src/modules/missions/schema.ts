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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/** A daily or weekly task defined by the operator. `target` is paisa, or a count for `rounds`. */
export const missions = pgTable('missions', {
  id: serial().primaryKey(),
  title: text().notNull(),
  description: text().notNull().default(''),
  /** Nepali texts (migration 0058): empty reads the English one. */
  titleNe: text().notNull().default(''),
  descriptionNe: text().notNull().default(''),
  /** day | week (business periods) */
  period: text().notNull(),
  /** valid_bet | rounds | deposit */
  metric: text().notNull(),
  gameType: text(),
  target: bigint({ mode: 'bigint' }).notNull(),
  reward: bigint({ mode: 'bigint' }).notNull(),
  /** 0: the reward is cash; n: it is a bonus to wager n times before it turns into cash. */
  wageringMultiplier: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
  createdAt: ts().notNull().default(sql`now()`),
  updatedAt: ts().notNull().default(sql`now()`),
});

/**
 * One member's progress in one mission for one period: a new period is a new row (the reset).
 * `claimedAt` set once is the guard that pays the reward once; `reward` keeps what was paid.
 */
export const missionProgress = pgTable(
  'mission_progress',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    missionId: integer().notNull(),
    memberId: integer().notNull(),
    periodStart: ts().notNull(),
    progress: bigint({ mode: 'bigint' }).notNull().default(0n),
    claimedAt: ts(),
    reward: bigint({ mode: 'bigint' }),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('mission_progress_uq').on(t.missionId, t.memberId, t.periodStart),
    index('mission_progress_member_idx').on(t.memberId, t.periodStart),
  ],
);

/** Valid stake and rounds per member per day/week, for the mission leaderboard. */
export const missionTurnover = pgTable(
  'mission_turnover',
  {
    period: text().notNull(),
    periodStart: ts().notNull(),
    memberId: integer().notNull(),
    validStake: bigint({ mode: 'bigint' }).notNull().default(0n),
    rounds: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'mission_turnover_pk', columns: [t.period, t.periodStart, t.memberId] }),
    index('mission_turnover_rank_idx').on(t.period, t.periodStart, t.validStake),
  ],
);

/** The operator's VIP table: level n needs both thresholds; reaching it pays `bonus` once. */
export const vipLevels = pgTable('vip_levels', {
  level: integer().primaryKey(),
  name: text().notNull(),
  /** The name in Nepali (empty: the English one). */
  nameNe: text().notNull().default(''),
  minTurnover: bigint({ mode: 'bigint' }).notNull(),
  minDeposits: bigint({ mode: 'bigint' }).notNull(),
  bonus: bigint({ mode: 'bigint' }).notNull(),
  /** Paid each month to every member standing at this level (once per member and month). */
  monthlyBonus: bigint({ mode: 'bigint' }).notNull().default(0n),
});

/** A member's lifetime valid turnover and approved deposits, and the level they reached (never lowered). */
export const vipMembers = pgTable('vip_members', {
  memberId: integer().primaryKey(),
  turnover: bigint({ mode: 'bigint' }).notNull().default(0n),
  deposits: bigint({ mode: 'bigint' }).notNull().default(0n),
  level: integer().notNull().default(0),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** One row per level a member reached: the primary key pays each level-up bonus once. */
export const vipLevelAwards = pgTable(
  'vip_level_awards',
  {
    memberId: integer().notNull(),
    level: integer().notNull(),
    bonus: bigint({ mode: 'bigint' }).notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ name: 'vip_level_awards_pk', columns: [t.memberId, t.level] })],
);

/** One row per member and month (`2026-11`): the primary key pays each monthly bonus once. */
export const vipMonthlyAwards = pgTable(
  'vip_monthly_awards',
  {
    memberId: integer().notNull(),
    month: text().notNull(),
    level: integer().notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ name: 'vip_monthly_awards_pk', columns: [t.memberId, t.month] })],
);
