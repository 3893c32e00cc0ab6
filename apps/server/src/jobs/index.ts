import type { FastifyInstance } from 'fastify';
import { Scheduler } from './scheduler.ts';
import { withdrawalReceiptJob } from './withdrawal-receipt.ts';

/** Every periodic job of the platform; started by the app when JOBS=on (off in tests). */
export function startJobs(app: FastifyInstance): Scheduler {
  const scheduler = new Scheduler(app.database.db, { log: app.log });
  scheduler.register(withdrawalReceiptJob(app.services.cashier));
  scheduler.start();
  return scheduler;
}
