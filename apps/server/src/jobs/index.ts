import type { FastifyInstance } from 'fastify';
import { Scheduler } from './scheduler.ts';
import { agentJobs } from './agents.ts';
import { betsAggregateJobs } from './bets-aggregate.ts';
import { aggregatesFinalThrough, betsPartitionsJob } from './bets-partitions.ts';
import { BetPartitions } from '../modules/bets/partitions.ts';
import { withdrawalReceiptJob } from './withdrawal-receipt.ts';
import { paymentsReconcileJob } from './payments.ts';
import { lotteryDrawJobs, lotteryResultsFeedJob } from './lottery-draws.ts';
import { bonusJob, pointsJob, referralJob } from './promotions.ts';
import { missionsJob } from './missions.ts';
import { jackpotJob } from './jackpot.ts';
import { promoKindJobs } from './promo-kinds.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's periodic jobs: ticking only when JOBS=on, but always visible to the operator. */
    jobs: Scheduler;
  }
}

/** Every periodic job of the platform, registered but not started (the app starts it when JOBS=on). */
export function createJobs(app: FastifyInstance): Scheduler {
  const scheduler = new Scheduler(app.database.db, {
    log: app.log,
    utcOffsetMinutes: app.config.businessUtcOffsetMinutes,
    maxCatchUp: app.config.jobsMaxCatchUp,
  });
  scheduler.register(withdrawalReceiptJob(app.services.cashier));
  scheduler.register(paymentsReconcileJob(app.services.payments));
  for (const job of betsAggregateJobs(app.services.bets)) scheduler.register(job);
  const partitions = new BetPartitions(app.database, {
    ...app.config.betsPartitions,
    utcOffsetMinutes: app.config.businessUtcOffsetMinutes,
    aggregatesFinalThrough: aggregatesFinalThrough(scheduler),
  });
  scheduler.register(betsPartitionsJob(partitions));
  for (const job of lotteryDrawJobs(app.services.lottery)) scheduler.register(job);
  const feed = app.config.lotteryResultsFeed;
  if (feed) scheduler.register(lotteryResultsFeedJob(app.services.lottery, feed.periodSeconds));
  for (const job of agentJobs(app.services.agents, app.config.agentRealtimePeriodMs)) scheduler.register(job);
  scheduler.register(bonusJob(app.services.bonusEngine));
  scheduler.register(pointsJob(app.services.points));
  scheduler.register(missionsJob(app.services.missions));
  scheduler.register(jackpotJob(app.services.jackpot));
  scheduler.register(referralJob(app.services.referral));
  const offset = app.config.businessUtcOffsetMinutes;
  for (const job of promoKindJobs(app.services.cashback, app.services.vip, offset)) scheduler.register(job);
  return scheduler;
}

/** Kept for callers that want a started scheduler in one call. */
export function startJobs(app: FastifyInstance): Scheduler {
  const scheduler = createJobs(app);
  scheduler.start();
  return scheduler;
}
