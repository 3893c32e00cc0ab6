import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * One row per draw, created ahead of time with its server seed committed (the hash is public from
 * then on; the seed itself only once drawn). open → drawn (results written, seed revealed) →
 * settled (every ticket paid or lost). The draw id is the fairness client seed.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: text().primaryKey(),
    gameCode: text().notNull(),
    drawTime: ts().notNull(),
    cutoffAt: ts().notNull(),
    stations: text().array().notNull().default(sql`'{}'::text[]`),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    status: text().notNull().default('open'),
    results: jsonb(),
    drawnAt: ts(),
    settledAt: ts(),
    /**
     * Settled through: every open ticket of the draw whose id is at or before this one is
     * settled, payout as stored (losers are never rewritten: settle.ts). Null until the first
     * chunk commits.
     */
    settledTicket: text(),
    /**
     * 'house': drawn from the committed server seed (provably fair, house-named games);
     * 'official': paid on the station's official result (official.ts), no house seed.
     */
    resultSource: text().notNull().default('house'),
    /** An official draw once drawn: where its result came from and who entered and approved it. */
    official: jsonb(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('lottery_draws_game_time_uq').on(t.gameCode, t.drawTime),
    index('lottery_draws_status_idx').on(t.status, t.drawTime),
    check(
      'lottery_draws_status_known',
      sql`${t.status} in ('open', 'waiting', 'conflict', 'drawn', 'settled')`,
    ),
    check('lottery_draws_result_source_known', sql`${t.resultSource} in ('house', 'official')`),
    check('lottery_draws_cutoff_before_draw', sql`${t.cutoffAt} <= ${t.drawTime}`),
  ],
);

/**
 * The official results of a draw, one per source (issue 28): the operator's entry, which counts
 * only once a different operator approved it (four eyes), and the results feed's. When two
 * present results differ the draw is in conflict and nothing settles (official.ts).
 */
export const lotteryOfficialResults = pgTable(
  'lottery_official_results',
  {
    drawId: text().notNull(),
    source: text().notNull(),
    results: jsonb().notNull(),
    enteredById: integer(),
    enteredByAccount: text(),
    enteredAt: ts().notNull().default(sql`now()`),
    approvedById: integer(),
    approvedByAccount: text(),
    approvedAt: ts(),
    feedUrl: text(),
    /** Four eyes on throwing a wrong result out (migration 0060): proposed with a reason by one operator… */
    discardReason: text(),
    discardProposedById: integer(),
    discardProposedByAccount: text(),
    discardProposedAt: ts(),
    /** …and approved by another; from then on the entry no longer counts (kept for the record). */
    discardedById: integer(),
    discardedByAccount: text(),
    discardedAt: ts(),
  },
  (t) => [
    primaryKey({ name: 'lottery_official_results_pk', columns: [t.drawId, t.source] }),
    check('lottery_official_results_source_known', sql`${t.source} in ('operator', 'feed')`),
    check(
      'lottery_official_results_four_eyes',
      sql`${t.approvedById} IS NULL OR ${t.approvedById} IS DISTINCT FROM ${t.enteredById}`,
    ),
    check(
      'lottery_official_results_discard_four_eyes',
      sql`${t.discardedById} IS NULL OR (${t.discardProposedById} IS NOT NULL AND ${t.discardedById} IS DISTINCT FROM ${t.discardProposedById})`,
    ),
  ],
);

/**
 * A ticket: one slip of bets on one draw, paid for in one ledger transaction. `bets` holds each
 * bet with its cost, as placed (settlement writes only status, payout and settled_at; each bet's
 * hits and payout are computed on read, ticket-view.ts); `odds` is the prize mode's table at the
 * time of the bet, so a later change of odds never changes a placed ticket.
 */
export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    id: text().primaryKey(),
    memberId: integer().notNull(),
    gameCode: text().notNull(),
    drawId: text().notNull(),
    requestId: text().notNull(),
    prizeMode: text().notNull(),
    trial: boolean().notNull(),
    bets: jsonb().notNull(),
    odds: jsonb().notNull(),
    /** What the ticket charged: the bets' face cost less `commission` (lottery-commission.ts). */
    cost: bigint({ mode: 'bigint' }).notNull(),
    commission: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    payout: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    status: text().notNull().default('open'),
    createdAt: ts().notNull().default(sql`now()`),
    settledAt: ts(),
  },
  (t) => [
    uniqueIndex('lottery_tickets_request_uq').on(t.memberId, t.requestId),
    // Settlement walks a draw's tickets in id order, a chunk after its draw's settled-through
    // cursor (settle.ts), and skips the settled ones on the heap: no index holds `status`, so
    // settling a winner is a HOT update (the table is created with fillfactor 50 in migration
    // 0035, room for each settled version).
    index('lottery_tickets_draw_idx').on(t.drawId, t.id),
    index('lottery_tickets_member_idx').on(t.memberId, t.createdAt),
    check('lottery_tickets_status_known', sql`${t.status} in ('open', 'settled', 'cancelled')`),
    check('lottery_tickets_money', sql`${t.cost} > 0 AND ${t.payout} >= 0`),
    check('lottery_tickets_commission', sql`${t.commission} >= 0`),
  ],
);

/**
 * The house's exposure per draw: stake taken per (bet type, number), and per draw in all under
 * type '~', spread over shard rows '*00' … '*15' (each holding at most its share of the limit), so
 * bets of one draw do not queue on one row.
 */
export const lotteryExposure = pgTable(
  'lottery_exposure',
  {
    drawId: text().notNull(),
    betType: text().notNull(),
    number: text().notNull(),
    stake: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ name: 'lottery_exposure_pk', columns: [t.drawId, t.betType, t.number] })],
);

/**
 * The prices per prize mode, draw structure and bet type (issue 26; migration 0049 keyed them by
 * structure and wrote the shipped defaults, @wps/games DEFAULT_ODDS_BY_STRUCTURE): the odds and
 * the commission in basis points (DEFAULT_COMMISSIONS); null keeps the default.
 */
export const lotteryOdds = pgTable(
  'lottery_odds',
  {
    prizeMode: text().notNull(),
    structure: text().notNull(),
    betType: text().notNull(),
    odds: jsonb(),
    commissionBps: integer(),
    updatedBy: text().notNull(),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: 'lottery_odds_pk', columns: [t.prizeMode, t.structure, t.betType] }),
    check('lottery_odds_structure_known', sql`${t.structure} in ('north', 'south', 'sea4d')`),
    check('lottery_odds_commission_range', sql`${t.commissionBps} between 0 and 5000`),
  ],
);

/** Operator overrides of a game's limits and cut-off (defaults in games.ts). */
export const lotteryGameSettings = pgTable(
  'lottery_game_settings',
  {
    gameCode: text().primaryKey(),
    cutoffSeconds: integer().notNull(),
    maxStakePerNumber: bigint({ mode: 'bigint' }).notNull(),
    maxStakePerDraw: bigint({ mode: 'bigint' }).notNull(),
    updatedBy: text().notNull(),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    check('lottery_game_settings_cutoff', sql`${t.cutoffSeconds} > 0`),
    check(
      'lottery_game_settings_limits',
      sql`${t.maxStakePerNumber} > 0 AND ${t.maxStakePerNumber} <= ${t.maxStakePerDraw}`,
    ),
  ],
);
