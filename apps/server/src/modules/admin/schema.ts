import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * Every operator action: who, when, what, and the state before and after. Append-only: a trigger
 * refuses UPDATE and DELETE, so the log cannot be edited from the application either.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: integer(),
    actorAccount: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * One row per (job, period): the unique key is what makes a periodic job run exactly once per
 * period across restarts and instances. A crashed run leaves its row `running`; another instance
 * may take it over once its heartbeat is older than the lease.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    job: text().notNull(),
    period: text().notNull(),
    periodStart: ts().notNull(),
    periodEnd: ts().notNull(),
    /** running | retry (a failed attempt, retried after retry_at) | done | failed (exhausted: blocks the job) */
    status: text().notNull(),
    owner: text().notNull(),
    attempts: integer().notNull().default(1),
    heartbeatAt: ts().notNull().default(sql`now()`),
    startedAt: ts().notNull().default(sql`now()`),
    finishedAt: ts(),
    result: jsonb(),
    error: text(),
    retryAt: ts(),
  },
  (t) => [
    uniqueIndex('job_runs_job_period_unique').on(t.job, t.period),
    index('job_runs_job_status_idx').on(t.job, t.status, t.periodStart),
    check('job_runs_status_known', sql`${t.status} in ('running', 'retry', 'done', 'failed')`),
  ],
);
