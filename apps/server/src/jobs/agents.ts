import type { PayPeriod, PeriodKind } from '@wps/contract';
import type { AgentsService } from '../modules/agents/service.ts';
import type { JobDefinition } from './scheduler.ts';

const DIVIDEND_PERIODS: Array<[PayPeriod, PeriodKind]> = [
  ['DAILY', 'day'],
  ['WEEKLY', 'week'],
  ['SEMIMONTHLY', 'semimonth'],
  ['MONTHLY', 'month'],
];

/**
 * Agent pay (issue 12, SPEC §9): real-time salary every 5 minutes, hourly and daily salaries, and
 * dividends per pay period. Every period counts (catch-up after downtime) and runs in order, since
 * a dividend carries its deficit into the next period and real-time accruals close period by period.
 * The scheduler runs each (job, period) once across instances; each payout is keyed
 * `contract:<id>:<period>` besides, so a run killed midway and run again pays nothing twice.
 */
export function agentJobs(agents: AgentsService, realtimePeriodMs: number): JobDefinition[] {
  const s = agents.settlement;
  return [
    {
      name: 'agent-realtime-salary',
      ...(realtimePeriodMs === 300_000 ? { period: '5min' as const } : { periodMs: realtimePeriodMs }),
      catchUp: true,
      run: (ctx) => s.settleRealtime(ctx),
    },
    {
      name: 'agent-hourly-salary',
      period: 'hour',
      catchUp: true,
      run: (ctx) => s.settleTiered('HOURLY', ctx),
    },
    // The team overview's rollups: the overview reads the bets after the rollup's mark from the
    // record, so this only keeps that tail short; a missed period needs no catch-up of its own.
    { name: 'agent-team-rollup', period: '5min', catchUp: false, run: () => agents.rollUp() },
    { name: 'agent-daily-salary', period: 'day', catchUp: true, run: (ctx) => s.settleTiered('DAILY', ctx) },
    ...DIVIDEND_PERIODS.map(
      ([payPeriod, period]): JobDefinition => ({
        name: `agent-dividend-${payPeriod.toLowerCase()}`,
        period,
        catchUp: true,
        run: (ctx) => s.settleTiered('DIVIDEND', ctx, payPeriod),
      }),
    ),
  ];
}
