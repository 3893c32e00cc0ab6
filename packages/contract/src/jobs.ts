import { z } from 'zod';
import { safeString } from './safe.ts';

/** Scheduled jobs as the operator sees them (`GET /wps/admin/jobs`). */
export const JOB_RUN_STATUSES = ['running', 'retry', 'done', 'failed'] as const;

export const jobRunSchema = z.object({
  /** The period's key: its start as an ISO instant. */
  period: safeString(),
  periodStart: safeString(),
  periodEnd: safeString(),
  /** retry: a failed attempt that will be retried; failed: attempts exhausted, the operator must act. */
  status: z.enum(JOB_RUN_STATUSES),
  attempts: z.number().int(),
  owner: safeString(),
  startedAt: safeString(),
  heartbeatAt: safeString(),
  finishedAt: safeString().nullable(),
  retryAt: safeString().nullable(),
  result: z.unknown(),
  error: safeString().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobSummarySchema = z.object({
  name: safeString(),
  /** A period kind (`5min`, `hour`, `day`, `week`, `semimonth`, `month`, `1min`) or a length such as `90000ms`. */
  period: safeString(),
  /** Every period counts and runs in order; a failed one blocks the later ones. */
  catchUp: z.boolean(),
  /** A failed period holds the job back: the operator alert. */
  blocked: z.boolean(),
  lastDone: safeString().nullable(),
  failed: z.array(jobRunSchema),
  runs: z.array(jobRunSchema),
});
export const jobListSchema = z.object({ jobs: z.array(jobSummarySchema) });
export type JobList = z.infer<typeof jobListSchema>;

export const jobNameParamsSchema = z.object({ name: safeString().regex(/^[a-z0-9][a-z0-9-]{0,63}$/) });

/** `period`: any instant inside the period (ISO date-time), or a business day `YYYY-MM-DD` (its start). */
export const jobRunRequestSchema = z.object({ period: safeString().min(10).max(40) });

export const jobRunOutcomeSchema = z.object({
  job: safeString(),
  period: safeString(),
  /** done: ran now; skipped: was already done (nothing ran); retry / failed: this run failed; lost: taken over. */
  status: z.enum(['done', 'skipped', 'busy', 'retry', 'failed', 'blocked', 'lost']),
  attempts: z.number().int().optional(),
  result: z.unknown().optional(),
  error: safeString().optional(),
});
export type JobRunOutcome = z.infer<typeof jobRunOutcomeSchema>;
