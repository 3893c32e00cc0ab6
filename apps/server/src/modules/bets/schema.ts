import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * DESIGN §7: one append-only record of every settled bet, whatever its source. A row is a change:
 * a round's figures are the sum of its rows (a rollback appends a negative row), so sums over any
 * period are right without editing history. A trigger refuses UPDATE and DELETE.
 * On PostgreSQL the table is partitioned by business day on settled_at (migration 0071,
 * partitions.ts) and its primary key is (id, settled_at); PGlite keeps one table keyed by id.
 * Either way ids come from one sequence and are unique.
 */
export const bets = pgTable(
  'bets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The writing transaction's id: consumers' high-water marks order by (txXid, id). */
    txXid: bigint({ mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text)::bigint`),
    memberId: integer().notNull(),
    /** Uplines, root first: subtree queries are `upline_path @> ARRAY[agentId]` (GIN index). */
    uplinePath: integer().array().notNull(),
    /** seamless | inhouse | lottery */
    source: text().notNull(),
    vendor: text().notNull(),
    gameCode: text(),
    gameType: text().notNull(),
    roundId: text().notNull(),
    stake: bigint({ mode: 'bigint' }).notNull(),
    payout: bigint({ mode: 'bigint' }).notNull(),
    /** Stake that counts for turnover, by the eligibility policy (db/functions/bets_valid_stake.sql). */
    validStake: bigint({ mode: 'bigint' }).notNull(),
    /** settled | cancelled | rolled_back */
    status: text().notNull(),
    trial: boolean().notNull().default(false),
    settledAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    index('bets_member_idx').on(t.memberId, t.settledAt),
    index('bets_round_idx').on(t.source, t.vendor, t.roundId, t.memberId),
    index('bets_settled_idx').on(t.settledAt),
    index('bets_xid_idx').on(t.txXid, t.id),
    index('bets_upline_idx').using('gin', t.uplinePath),
    check('bets_source_known', sql`${t.source} in ('seamless', 'inhouse', 'lottery')`),
    check('bets_status_known', sql`${t.status} in ('settled', 'cancelled', 'rolled_back')`),
    check('bets_trial_not_valid', sql`NOT ${t.trial} OR ${t.validStake} = 0`),
  ],
);

/** Per consumer (wagering, missions, points, agent pay): the last bet it has processed. */
export const betConsumers = pgTable('bet_consumers', {
  name: text().primaryKey(),
  lastXid: bigint({ mode: 'number' }).notNull().default(0),
  lastId: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: ts().notNull().default(sql`now()`),
  /** Every bet settled before this instant has been consumed (consumers.ts); null until drained dry. */
  consumedThrough: ts(),
});

const aggregateColumns = () => ({
  periodStart: ts().notNull(),
  memberId: integer().notNull(),
  uplinePath: integer().array().notNull(),
  source: text().notNull(),
  vendor: text().notNull(),
  gameType: text().notNull(),
  stake: bigint({ mode: 'bigint' }).notNull(),
  payout: bigint({ mode: 'bigint' }).notNull(),
  validStake: bigint({ mode: 'bigint' }).notNull(),
  rows: integer().notNull(),
});

/**
 * Hourly sums of the bets record per member, source, vendor and game type (rebuilt by `aggregate`).
 * The upline path is part of the key: a member moved to another agent mid-period leaves two rows,
 * each counting for the team the bets were placed under.
 */
export const betsHourly = pgTable('bets_hourly', aggregateColumns(), (t) => [
  primaryKey({
    name: 'bets_hourly_pk',
    columns: [t.periodStart, t.memberId, t.source, t.vendor, t.gameType, t.uplinePath],
  }),
  index('bets_hourly_member_idx').on(t.memberId, t.periodStart),
  index('bets_hourly_upline_idx').using('gin', t.uplinePath),
]);

/** Daily sums, same shape. */
export const betsDaily = pgTable('bets_daily', aggregateColumns(), (t) => [
  primaryKey({
    name: 'bets_daily_pk',
    columns: [t.periodStart, t.memberId, t.source, t.vendor, t.gameType, t.uplinePath],
  }),
  index('bets_daily_member_idx').on(t.memberId, t.periodStart),
  index('bets_daily_upline_idx').using('gin', t.uplinePath),
]);

/**
 * Per business day and member, the sums of its real (non-trial) bet rows: the team overview's
 * rollups (migration 0030), kept incrementally by the `agent-team-rollup` consumer (team-rollup.ts).
 */
export const betsTeamDaily = pgTable(
  'bets_team_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    memberId: integer().notNull(),
    uplinePath: integer().array().notNull(),
    validStake: bigint({ mode: 'bigint' }).notNull().default(0n),
    stake: bigint({ mode: 'bigint' }).notNull().default(0n),
    payout: bigint({ mode: 'bigint' }).notNull().default(0n),
  },
  (t) => [
    primaryKey({ name: 'bets_team_daily_pk', columns: [t.memberId, t.day, t.uplinePath] }),
    index('bets_team_daily_upline_idx').using('gin', t.uplinePath),
    index('bets_team_daily_day_idx').on(t.day),
  ],
);

/**
 * Each business day of the record that left the live table under the retention setting
 * (partitions.ts), with its sums: what an auditor reconciles against the export file or the
 * archive table that now holds the day. Aggregates never rebuild a period these ranges overlap.
 */
export const betsArchivedDays = pgTable(
  'bets_archived_days',
  {
    day: date({ mode: 'string' }).primaryKey(),
    rangeStart: ts().notNull(),
    rangeEnd: ts().notNull(),
    partitionName: text().notNull(),
    rows: bigint({ mode: 'bigint' }).notNull(),
    stake: bigint({ mode: 'bigint' }).notNull(),
    payout: bigint({ mode: 'bigint' }).notNull(),
    validStake: bigint({ mode: 'bigint' }).notNull(),
    /** tablespace | export */
    method: text().notNull(),
    archiveTable: text(),
    exportFile: text(),
    exportSha256: text(),
    archivedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [check('bets_archived_days_method_known', sql`${t.method} in ('tablespace', 'export')`)],
);
