import {
  dayRange,
  isBusinessDay,
  type JobRun,
  jobListSchema,
  jobNameParamsSchema,
  jobRunOutcomeSchema,
  jobRunRequestSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorPrincipal } from '../http/auth.ts';
import { operatorConsole } from '../http/console-route.ts';
import { clientIp } from '../http/client-ip.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { jobRuns } from '../modules/admin/schema.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function runView(r: typeof jobRuns.$inferSelect): JobRun {
  return {
    period: r.period,
    periodStart: new Date(r.periodStart).toISOString(),
    periodEnd: new Date(r.periodEnd).toISOString(),
    status: r.status as JobRun['status'],
    attempts: r.attempts,
    owner: r.owner,
    startedAt: new Date(r.startedAt).toISOString(),
    heartbeatAt: new Date(r.heartbeatAt).toISOString(),
    finishedAt: iso(r.finishedAt),
    retryAt: iso(r.retryAt),
    result: r.result ?? null,
    error: r.error,
  };
}

const periodError = (key: 'badRequest' | 'jobPeriodNotEnded') =>
  new AppError('VALIDATION', { messageKey: key, fields: { period: key } });

const consoleRoute = operatorConsole({ tag: 'admin: jobs', permission: 'system' });

/**
 * The operator's view of the scheduled jobs and the one lever over them: run an ended period now.
 * A failed (exhausted) period is the alert: it is listed under `failed` and, for a catch-up job,
 * `blocked` stays true until a run of that period succeeds.
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/admin/jobs',
    consoleRoute({
      summary: 'Scheduled jobs: recent periods with status, attempts and errors; failed periods',
      response: jobListSchema,
    }),
    async (req) => {
      const overview = await app.jobs.overview();
      return ok(req, {
        jobs: overview.map(({ job, runs, failed }) => ({
          name: job.name,
          period: job.period ?? `${job.periodMs}ms`,
          catchUp: !!job.catchUp,
          blocked: !!job.catchUp && failed.length > 0,
          lastDone: runs.find((r) => r.status === 'done')?.period ?? null,
          failed: failed.map(runView),
          runs: runs.map(runView),
        })),
      });
    },
  );

  app.post(
    '/wps/admin/jobs/:name/run',
    consoleRoute({
      summary: 'Run (or retry) one ended period of a job now; a period already done runs nothing',
      params: jobNameParamsSchema,
      body: jobRunRequestSchema,
      response: jobRunOutcomeSchema,
    }),
    async (req) => {
      const job = app.jobs.find(req.params.name);
      if (!job) throw new AppError('NOT_FOUND');
      const text = req.body.period.trim();
      let instant: Date;
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
        if (!isBusinessDay(text)) throw periodError('badRequest');
        instant = dayRange(text, app.config.businessUtcOffsetMinutes)[0];
      } else {
        // Only a full date-time with its zone: a bare time would be read in this process's zone.
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
          throw periodError('badRequest');
        instant = new Date(text);
        if (Number.isNaN(instant.getTime())) throw periodError('badRequest');
      }
      const start = app.jobs.periodOf(job, instant);
      if (start.getTime() < Date.UTC(2000, 0, 1)) throw periodError('badRequest');
      const now = await app.jobs.dbNow();
      const end = app.jobs.periodOf(job, now);
      // Only a period that has ended, on the database clock.
      if (start.getTime() >= end.getTime()) throw periodError('jobPeriodNotEnded');
      const outcome = await app.jobs.runNow(job, start);
      if (outcome.status === 'busy') throw new AppError('CONFLICT', { messageKey: 'jobPeriodRunning' });
      await app.services.audit.record({
        actor: { id: operatorPrincipal(req).operatorId, account: operatorPrincipal(req).account },
        action: 'job.run',
        target: { type: 'job', id: `${job.name}:${outcome.period}` },
        before: null,
        after: { status: outcome.status, attempts: outcome.attempts ?? null, error: outcome.error ?? null },
        ip: clientIp(req),
      });
      return ok(req, outcome);
    },
  );
};
