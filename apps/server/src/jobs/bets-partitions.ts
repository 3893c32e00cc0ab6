import type { BetPartitions } from '../modules/bets/partitions.ts';
import { BETS_AGGREGATE_JOBS } from './bets-aggregate.ts';
import type { JobDefinition, Scheduler } from './scheduler.ts';

/**
 * Issue 30: the bets record's business-day partitions (PostgreSQL; a no-op on PGlite), kept every
 * quarter hour: days created a week ahead, the default partition emptied into its days, and days
 * past the retention setting archived (modules/bets/partitions.ts). Housekeeping: a missed period
 * is simply superseded by the next, which does all the work still due.
 */
export function betsPartitionsJob(partitions: BetPartitions): JobDefinition {
  return {
    name: 'bets-partitions',
    periodMs: 15 * 60_000,
    maxAttempts: 3,
    run: async ({ periodEnd }) => partitions.maintain(periodEnd),
  };
}

/**
 * A day's aggregates are final once both aggregate jobs have run the period that starts where the
 * day ends: each run also rebuilds the period before it (bets-aggregate.ts), and catching-up jobs
 * run their periods in order.
 */
export const aggregatesFinalThrough =
  (scheduler: Pick<Scheduler, 'isDone'>) =>
  async (end: Date): Promise<boolean> =>
    (await scheduler.isDone(BETS_AGGREGATE_JOBS.hourly, end)) &&
    (await scheduler.isDone(BETS_AGGREGATE_JOBS.daily, end));
