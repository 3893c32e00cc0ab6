import type { BetsService } from '../modules/bets/service.ts';
import type { JobDefinition } from './scheduler.ts';

const HOUR = 3_600_000;

export const BETS_AGGREGATE_JOBS = {
  hourly: 'bets-aggregate-hourly',
  daily: 'bets-aggregate-daily',
} as const;

/**
 * The bets record's hourly and daily aggregates (DESIGN §7: `bets_hourly`, `bets_daily`), rebuilt
 * once each period has ended. Every period counts (catch-up after downtime). A seamless bet lands in
 * the record at its commit, which can be a moment after the period closed: each run also rebuilds
 * the period before, so such a late row is counted one run later. `aggregate` replaces a period's
 * rows in one transaction, so repeating a run (takeover, operator re-run) changes nothing.
 */
export function betsAggregateJobs(bets: BetsService): JobDefinition[] {
  return [
    {
      name: BETS_AGGREGATE_JOBS.hourly,
      period: 'hour',
      catchUp: true,
      run: async (ctx) => {
        const before = await bets.aggregate('hour', new Date(ctx.periodStart.getTime() - HOUR));
        await ctx.assertOwner();
        return { rows: await bets.aggregate('hour', ctx.periodStart), previousRows: before };
      },
    },
    {
      // Days cut at the business time zone's midnight (the scheduler aligns `day` periods to it).
      name: BETS_AGGREGATE_JOBS.daily,
      period: 'day',
      catchUp: true,
      run: async (ctx) => {
        const prev = new Date(ctx.periodStart.getTime() - 24 * HOUR);
        const before = await bets.aggregate('day', prev);
        await ctx.assertOwner();
        return { rows: await bets.aggregate('day', ctx.periodStart), previousRows: before };
      },
    },
  ];
}
