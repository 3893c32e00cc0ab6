import { z } from 'zod';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, intFromText } from './safe.ts';

/**
 * Operator reports (issue 16, Reports). Every report covers business days `from`..`to` (both
 * included, cut at the business midnight: Nepal time by default) and answers JSON or, with
 * `format=csv`, a streamed CSV of the same rows. Amounts are decimal strings.
 *
 * GGR = stakes − payouts of real-money bets (trial play excluded).
 * NGR = GGR − bonus cost, where bonus cost = bonus money converted to cash + rebates paid +
 * points exchanged for cash (the player rewards that leave the promotion account as cash).
 */

/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 366;

const reportDay = z.iso
  .date()
  .refine(
    (s) => Number(s.slice(0, 4)) >= DATE_YEAR_MIN && Number(s.slice(0, 4)) <= DATE_YEAR_MAX,
    'badRequest',
  );

export const reportFormatSchema = z.enum(['json', 'csv']);

export const reportRangeQuerySchema = z.object({
  from: reportDay,
  to: reportDay,
  format: reportFormatSchema.default('json'),
});
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const GGR_GROUPINGS = ['day', 'vendor', 'game', 'agent'] as const;
export type GgrGrouping = (typeof GGR_GROUPINGS)[number];

export const ggrReportQuerySchema = reportRangeQuerySchema.extend({
  by: z.enum(GGR_GROUPINGS).default('day'),
  /** Only this agent's team (itself and its whole downline); with `by=agent`, one row per branch below it. */
  agentId: intFromText(z.number().int().min(1).max(2_147_483_647)).optional(),
});
export type GgrReportQuery = z.infer<typeof ggrReportQuerySchema>;

const money = z.string();

export const ggrRowSchema = z.object({
  /** The day, vendor, game code, or agent/member id the row sums. */
  key: z.string(),
  /** Human label: the account name of an agent row; the key otherwise. */
  label: z.string(),
  bets: z.number().int(),
  stake: money,
  payout: money,
  validStake: money,
  ggr: money,
  /** Agent rows: whether the row is an agent's branch (it can be opened); null otherwise. */
  isAgent: z.boolean().nullable(),
  /** Day and agent-branch rows (null by vendor or game): bonus cost and GGR − bonus cost. */
  bonusCost: money.nullable(),
  ngr: money.nullable(),
});
export type GgrRow = z.infer<typeof ggrRowSchema>;

export const ggrReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(GGR_GROUPINGS),
  agentId: z.number().int().nullable(),
  rows: z.array(ggrRowSchema),
  total: ggrRowSchema,
});
export type GgrReport = z.infer<typeof ggrReportSchema>;

export const cashflowRowSchema = z.object({
  day: z.string(),
  kind: z.enum(['deposit', 'withdrawal']),
  /** Deposit channel code, or the payout provider of a withdrawal. */
  channel: z.string(),
  count: z.number().int(),
  amount: money,
});
export type CashflowRow = z.infer<typeof cashflowRowSchema>;
export const cashflowReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(cashflowRowSchema),
  totals: z.object({
    deposits: money,
    depositCount: z.number().int(),
    withdrawals: money,
    withdrawalCount: z.number().int(),
  }),
});
export type CashflowReport = z.infer<typeof cashflowReportSchema>;

export const playersRowSchema = z.object({
  day: z.string(),
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
  firstDepositors: z.number().int(),
});
export type PlayersRow = z.infer<typeof playersRowSchema>;
export const playersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(playersRowSchema),
  /** Active over the whole range counts each member once. */
  totals: playersRowSchema.omit({ day: true }),
});
export type PlayersReport = z.infer<typeof playersReportSchema>;

export const bonusRowSchema = z.object({
  day: z.string(),
  /** Bonus money granted (not yet cash: informational). */
  bonusGranted: money,
  bonusConverted: money,
  rebates: money,
  pointsExchanged: money,
  /** bonusConverted + rebates + pointsExchanged. */
  cost: money,
});
export type BonusRow = z.infer<typeof bonusRowSchema>;
export const bonusReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(bonusRowSchema),
  total: bonusRowSchema.omit({ day: true }),
});
export type BonusReport = z.infer<typeof bonusReportSchema>;

export const dashboardDaySchema = z.object({
  day: z.string(),
  ggr: money,
  ngr: money,
  deposits: money,
  withdrawals: money,
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
  firstDepositors: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;
export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(dashboardDaySchema),
  totals: z.object({
    stake: money,
    payout: money,
    ggr: money,
    bonusCost: money,
    ngr: money,
    deposits: money,
    withdrawals: money,
    newPlayers: z.number().int(),
    activePlayers: z.number().int(),
    firstDepositors: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
