import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  alignedStart,
  DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  nextPeriodStart,
  type PeriodKind,
  periodStart,
} from '@wps/contract';
import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobRuns } from '../modules/admin/schema.ts';

export interface JobContext {
  /** The period's key, its start as an ISO string: use it in idempotency keys of what the job writes. */
  period: string;
  periodStart: Date;
  periodEnd: Date;
  /** This run's attempt number, its fencing token: a takeover increments it. */
  attempt: number;
  /** True when an operator started the run. */
  manual: boolean;
  /** Aborted once this run has lost its lease: taken over elsewhere, or unconfirmed for a whole lease. */
  signal: AbortSignal;
  /**
   * Call between units of work. Renews the lease on the database clock and throws LeaseLostError
   * when another instance has taken the run over. Given the job's transaction, it also locks the
   * run's row until that transaction commits: no takeover can slip between the check and the writes.
   */
  assertOwner(tx?: DbOrTx): Promise<void>;
}

export interface JobDefinition {
  name: string;
  /** A calendar period (SPEC §9 pay periods), aligned to the business time zone… */
  period?: PeriodKind;
  /** …or a fixed length, aligned likewise. Exactly one of the two. */
  periodMs?: number;
  /** Minutes east of UTC the periods align to; the scheduler's (the business day's) by default. */
  utcOffsetMinutes?: number;
  /**
   * Every period counts (salaries, dividends): run each one since the job's first run that has no
   * run yet (missed while no instance was up, or passed over when an operator ran a later one by
   * hand), in order, and let an exhausted period block the later ones. Otherwise only the latest
   * ended period runs, and it supersedes earlier ones (housekeeping such as auto-receipt).
   */
  catchUp?: boolean;
  /** Missed periods run per tick at most (the rest follow on later ticks). */
  maxCatchUp?: number;
  maxAttempts?: number;
  run(ctx: JobContext): Promise<unknown>;
}

/**
 * done: this call ran it; skipped: already done; busy: another instance holds it, or its retry
 * is not due yet; retry: failed, will be retried; failed: exhausted, blocks a catch-up job;
 * blocked: a catch-up job waits behind a failed period; lost: the run lost its lease and stopped.
 */
export type RunStatus = 'done' | 'skipped' | 'busy' | 'retry' | 'failed' | 'blocked' | 'lost';

export interface RunOutcome {
  job: string;
  period: string;
  status: RunStatus;
  attempts?: number;
  result?: unknown;
  error?: string;
}

export class LeaseLostError extends Error {
  constructor(job: string, period: string) {
    super(`job ${job} ${period}: the lease was lost to another instance`);
    this.name = 'LeaseLostError';
  }
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SchedulerOptions {
  tickMs?: number;
  /** A run whose heartbeat is older than this (database clock) may be taken over. */
  leaseMs?: number;
  /** First retry delay after a failed attempt; doubles per attempt, at most 30 minutes. */
  retryBaseMs?: number;
  maxAttempts?: number;
  maxCatchUp?: number;
  utcOffsetMinutes?: number;
  log?: Logger;
  owner?: string;
}

const DEFAULT_ATTEMPTS = 5;
const MAX_RETRY_DELAY_MS = 30 * 60_000;

interface Owned {
  id: number;
  attempt: number;
}

/**
 * Periodic jobs, exactly once per (job, period) across restarts and instances.
 *
 * A period is claimed by inserting its `job_runs` row (the unique key lets one instance win). The
 * owner heartbeats; every lease decision compares timestamps on the DATABASE clock (`now()` in
 * SQL), never this process's clock, so a skewed instance cannot take over a live run. A stale run
 * is taken over by incrementing `attempts`, the fencing token: heartbeat, completion and failure
 * updates all require owner + attempt, so the old owner is refused, aborts (`ctx.signal`,
 * `ctx.assertOwner()`) and records nothing. A job body still makes its writes idempotent per period
 * (ledger keys such as `salary:<period>:<member>`), because a run that died midway starts again.
 *
 * A failed attempt is retried with backoff; after `maxAttempts` the period is `failed`: listed
 * for the operator, logged as an error, and for a catch-up job it blocks the later periods until
 * the operator runs it again (`runNow`). A new job starts at the current period; an existing one
 * catches up every period since its first run that has none, whatever later periods have run.
 */
export class Scheduler {
  private readonly jobs: JobDefinition[] = [];
  /**
   * Per job, the latest ended period this instance saw done with nothing unfinished before it: a
   * tick inside the same period then asks the database nothing (ticks come every few seconds).
   */
  private readonly settled = new Map<string, number>();
  /** Per catch-up job, an instant before which every period from the job's first run has a run. */
  private readonly gapFree = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  readonly owner: string;

  constructor(
    private readonly db: Db,
    private readonly opts: SchedulerOptions = {},
  ) {
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  private get leaseMs(): number {
    return this.opts.leaseMs ?? 60_000;
  }

  register(job: JobDefinition): void {
    if (!job.period === !job.periodMs) throw new Error(`job ${job.name}: give period or periodMs`);
    if (job.periodMs !== undefined && job.periodMs < 1000)
      throw new Error(`job ${job.name}: period under a second`);
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.push(job);
  }

  get registered(): readonly JobDefinition[] {
    return this.jobs;
  }

  find(name: string): JobDefinition | undefined {
    return this.jobs.find((j) => j.name === name);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((err) => this.opts.log?.error({ err }, 'job tick failed'))
        .finally(() => {
          this.running = null;
        });
    }, this.opts.tickMs ?? 5000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** The database's clock: the one every instance shares. */
  async dbNow(): Promise<Date> {
    const result = (await this.db.execute(sql`select now() as now`)) as unknown as {
      rows: Array<{ now: string | Date }>;
    };
    return new Date(result.rows[0]?.now ?? Number.NaN);
  }

  /** Whether `job`'s run of the period starting at `start` is done. */
  async isDone(job: string, start: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.periodStart, start), eq(jobRuns.status, 'done')))
      .limit(1);
    return row !== undefined;
  }

  // ------------------------------------------------------------------ periods

  private offset(job: JobDefinition): number {
    return job.utcOffsetMinutes ?? this.opts.utcOffsetMinutes ?? DEFAULT_BUSINESS_UTC_OFFSET_MINUTES;
  }

  /** Start of the period of `job` that contains `instant`. */
  periodOf(job: JobDefinition, instant: Date): Date {
    return job.periodMs
      ? alignedStart(job.periodMs, instant, this.offset(job))
      : periodStart(job.period as PeriodKind, instant, this.offset(job));
  }

  private nextStart(job: JobDefinition, start: Date): Date {
    return job.periodMs
      ? new Date(start.getTime() + job.periodMs)
      : nextPeriodStart(job.period as PeriodKind, start, this.offset(job));
  }

  /** The last period of `job` wholly ended at `now`. */
  private latestEnded(job: JobDefinition, now: Date): Date {
    return this.periodOf(job, new Date(this.periodOf(job, now).getTime() - 1));
  }

  // ------------------------------------------------------------------ ticking

  /**
   * Runs whatever is due. `now` defaults to the database clock; tests pass one to choose which
   * periods have ended (leases are judged on the database clock regardless).
   */
  async tick(now?: Date): Promise<RunOutcome[]> {
    const at = now ?? (await this.dbNow());
    const outcomes: RunOutcome[] = [];
    for (const job of this.jobs) {
      try {
        outcomes.push(...(await this.tickJob(job, at)));
      } catch (err) {
        this.opts.log?.error({ err, job: job.name }, 'job tick failed');
      }
    }
    return outcomes;
  }

  private async tickJob(job: JobDefinition, now: Date): Promise<RunOutcome[]> {
    const latest = this.latestEnded(job, now);
    if (this.settled.get(job.name) === latest.getTime()) return [];
    const settle = (outcomes: RunOutcome[]) => {
      const last = outcomes.at(-1);
      if (
        last?.period === latest.toISOString() &&
        outcomes.every((o) => o.status === 'done' || o.status === 'skipped')
      )
        this.settled.set(job.name, latest.getTime());
      return outcomes;
    };
    if (!job.catchUp) return settle([await this.runPeriod(job, latest, false)]);

    const [blocking] = await this.db
      .select({ period: jobRuns.period, attempts: jobRuns.attempts, error: jobRuns.error })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job.name), eq(jobRuns.status, 'failed')))
      .orderBy(asc(jobRuns.periodStart))
      .limit(1);
    if (blocking) {
      this.opts.log?.error({ job: job.name, period: blocking.period }, 'job blocked by a failed period');
      return [
        {
          job: job.name,
          period: blocking.period,
          status: 'blocked',
          attempts: blocking.attempts,
          error: blocking.error ?? undefined,
        },
      ];
    }
    const unfinished = await this.db
      .select({ periodStart: jobRuns.periodStart })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job.name), inArray(jobRuns.status, ['running', 'retry'])))
      .orderBy(asc(jobRuns.periodStart));
    const max = job.maxCatchUp ?? this.opts.maxCatchUp ?? 288;
    const starts = new Map<number, Date>();
    for (const r of unfinished) starts.set(new Date(r.periodStart).getTime(), new Date(r.periodStart));
    for (const start of await this.missingPeriods(job, latest, max)) starts.set(start.getTime(), start);
    const due = [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
    // Nothing missing, nothing unfinished: nothing to ask again until another period ends.
    if (due.length === 0) this.settled.set(job.name, latest.getTime());
    const outcomes: RunOutcome[] = [];
    for (const start of due.slice(0, max)) {
      const outcome = await this.runPeriod(job, start, false);
      outcomes.push(outcome);
      // Periods run in order (a dividend carries its deficit into the next): later ones wait.
      if (outcome.status !== 'done' && outcome.status !== 'skipped') break;
    }
    return settle(outcomes);
  }

  /**
   * The periods of a catch-up job that have ended by `latest` and have no run at all, oldest
   * first, at most `max`. Every period from the job's first run on is expected, not only those
   * after its newest run: a period run ahead of its turn (an operator running a later period by
   * hand) leaves the ones before it due. A gap starts where a run's period ends and no run
   * begins, and lasts until the next run or `latest`. A job with no run yet starts at `latest`
   * (nothing to back-fill).
   */
  private async missingPeriods(job: JobDefinition, latest: Date, max: number): Promise<Date[]> {
    const [any] = await this.db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(eq(jobRuns.job, job.name))
      .limit(1);
    if (!any) return [latest];
    // Every period before `from` has a run (runs are never deleted): only look at what ends after it.
    const from = this.gapFree.get(job.name);
    const gaps = await this.db
      .select({ start: jobRuns.periodEnd })
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.job, job.name),
          lte(jobRuns.periodEnd, latest),
          from ? gte(jobRuns.periodEnd, from) : undefined,
          // The next period's key is its start as an ISO string (the unique index finds it).
          sql`not exists (select 1 from ${jobRuns} as following where following.job = ${jobRuns.job}
            and following.period = to_char(${jobRuns.periodEnd} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
        ),
      )
      .orderBy(asc(jobRuns.periodEnd))
      .limit(max);
    this.gapFree.set(job.name, gaps[0] ? new Date(gaps[0].start) : latest);
    const missing: Date[] = [];
    for (const gap of gaps) {
      const [next] = await this.db
        .select({ start: jobRuns.periodStart })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), gt(jobRuns.periodStart, gap.start)))
        .orderBy(asc(jobRuns.periodStart))
        .limit(1);
      const until = Math.min(next ? next.start.getTime() : Number.POSITIVE_INFINITY, latest.getTime() + 1);
      for (
        let p = new Date(gap.start);
        p.getTime() < until && missing.length < max;
        p = this.nextStart(job, p)
      )
        missing.push(p);
      if (missing.length >= max) break;
    }
    return missing;
  }

  /**
   * An operator runs (or retries) one ended period now, whatever its backoff or exhausted
   * attempts. Idempotent: a period already done answers its recorded outcome and runs nothing.
   */
  async runNow(job: JobDefinition, start: Date): Promise<RunOutcome> {
    return this.runPeriod(job, this.periodOf(job, start), true);
  }

  // ------------------------------------------------------------------ one period

  private async runPeriod(job: JobDefinition, periodStartAt: Date, manual: boolean): Promise<RunOutcome> {
    const periodEnd = this.nextStart(job, periodStartAt);
    const period = periodStartAt.toISOString();
    const claimSentAt = performance.now();
    const owned = await this.claim(job, period, periodStartAt, periodEnd, manual);
    if (!owned) return this.outcomeOf(job, period);
    const base = { job: job.name, period, attempts: owned.attempt };

    const controller = new AbortController();
    const fence = and(
      eq(jobRuns.id, owned.id),
      eq(jobRuns.owner, this.owner),
      eq(jobRuns.attempts, owned.attempt),
      eq(jobRuns.status, 'running'),
    );
    // Lease confirmations are timed on this process's monotonic clock from when the renewal was
    // SENT (no later than the database stamped it), so the local estimate never outlives the lease.
    let confirmedAt = claimSentAt;
    const renew = async (ex: DbOrTx): Promise<boolean> => {
      const sentAt = performance.now();
      const [row] = await ex
        .update(jobRuns)
        .set({ heartbeatAt: sql`now()` })
        .where(fence)
        .returning({ id: jobRuns.id });
      if (row) confirmedAt = sentAt;
      else controller.abort(new LeaseLostError(job.name, period));
      return !!row;
    };
    let beating = false;
    const beat = setInterval(
      () => {
        // Two missed renewals: give up while a third of the lease is left, before anyone may take over.
        if (performance.now() - confirmedAt > (this.leaseMs * 2) / 3) {
          controller.abort(new LeaseLostError(job.name, period));
        }
        if (beating || controller.signal.aborted) return;
        beating = true;
        renew(this.db)
          .catch((err) => this.opts.log?.warn({ err, job: job.name, period }, 'job heartbeat failed'))
          .finally(() => {
            beating = false;
          });
      },
      Math.max(200, Math.floor(this.leaseMs / 3)),
    );
    beat.unref();
    const ctx: JobContext = {
      period,
      periodStart: periodStartAt,
      periodEnd,
      attempt: owned.attempt,
      manual,
      signal: controller.signal,
      assertOwner: async (tx) => {
        if (controller.signal.aborted || !(await renew(tx ?? this.db))) {
          throw new LeaseLostError(job.name, period);
        }
      },
    };

    try {
      const result = (await job.run(ctx)) ?? null;
      if (controller.signal.aborted) return this.lost(base);
      const [done] = await this.db
        .update(jobRuns)
        .set({ status: 'done', finishedAt: sql`now()`, result, error: null, retryAt: null })
        .where(fence)
        .returning({ id: jobRuns.id });
      if (!done) return this.lost(base);
      this.opts.log?.info({ job: job.name, period, result, manual }, 'job done');
      return { ...base, status: 'done', result };
    } catch (err) {
      if (controller.signal.aborted || err instanceof LeaseLostError) return this.lost(base);
      const message = ((err as Error)?.message ?? String(err)).slice(0, 2000);
      const maxAttempts = job.maxAttempts ?? this.opts.maxAttempts ?? DEFAULT_ATTEMPTS;
      const delayMs = Math.min(
        (this.opts.retryBaseMs ?? 30_000) * 2 ** (owned.attempt - 1),
        MAX_RETRY_DELAY_MS,
      );
      const [row] = await this.db
        .update(jobRuns)
        .set({
          status: sql`case when ${jobRuns.attempts} >= ${maxAttempts} then 'failed' else 'retry' end`,
          finishedAt: sql`now()`,
          retryAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          error: message,
        })
        .where(fence)
        .returning({ status: jobRuns.status });
      if (!row) return this.lost(base);
      const status = row.status as 'failed' | 'retry';
      const log = status === 'failed' ? 'job failed for good: an operator must run it' : 'job attempt failed';
      this.opts.log?.error({ job: job.name, period, err, attempt: owned.attempt }, log);
      return { ...base, status, error: message };
    } finally {
      clearInterval(beat);
    }
  }

  private lost(base: { job: string; period: string; attempts: number }): RunOutcome {
    this.opts.log?.warn(base, 'job run lost its lease and stopped');
    return { ...base, status: 'lost' };
  }

  /** What a period we could not claim stands at. */
  private async outcomeOf(job: JobDefinition, period: string): Promise<RunOutcome> {
    const [row] = await this.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job.name), eq(jobRuns.period, period)));
    const base = { job: job.name, period, attempts: row?.attempts };
    if (row?.status === 'done') return { ...base, status: 'skipped', result: row.result };
    if (row?.status === 'failed') return { ...base, status: 'failed', error: row.error ?? undefined };
    return { ...base, status: 'busy' };
  }

  /** Owner and fencing token when this instance now owns the period, else null. */
  private async claim(
    job: JobDefinition,
    period: string,
    periodStartAt: Date,
    periodEnd: Date,
    manual: boolean,
  ): Promise<Owned | null> {
    const [inserted] = await this.db
      .insert(jobRuns)
      .values({
        job: job.name,
        period,
        periodStart: periodStartAt,
        periodEnd,
        status: 'running',
        owner: this.owner,
      })
      .onConflictDoNothing({ target: [jobRuns.job, jobRuns.period] })
      .returning({ id: jobRuns.id, attempts: jobRuns.attempts });
    if (inserted) return { id: inserted.id, attempt: inserted.attempts };

    const maxAttempts = job.maxAttempts ?? this.opts.maxAttempts ?? DEFAULT_ATTEMPTS;
    const leaseSecs = this.leaseMs / 1000;
    const stale = sql`${jobRuns.status} = 'running' and ${jobRuns.heartbeatAt} < now() - make_interval(secs => ${leaseSecs})`;
    const takeable = manual
      ? sql`(${jobRuns.status} in ('retry', 'failed') or (${stale}))`
      : sql`((${jobRuns.status} = 'retry' and coalesce(${jobRuns.retryAt}, now()) <= now()) or (${stale})) and ${jobRuns.attempts} < ${maxAttempts}`;
    const [taken] = await this.db
      .update(jobRuns)
      .set({
        owner: this.owner,
        status: 'running',
        attempts: sql`${jobRuns.attempts} + 1`,
        heartbeatAt: sql`now()`,
        startedAt: sql`now()`,
        finishedAt: null,
        retryAt: null,
      })
      .where(and(eq(jobRuns.job, job.name), eq(jobRuns.period, period), takeable))
      .returning({ id: jobRuns.id, attempts: jobRuns.attempts });
    if (taken) return { id: taken.id, attempt: taken.attempts };

    // An instance died during the last attempt: that exhausts the period (visible, blocking).
    if (!manual) {
      const [exhausted] = await this.db
        .update(jobRuns)
        .set({
          status: 'failed',
          finishedAt: sql`now()`,
          error: sql`coalesce(${jobRuns.error} || '; ', '') || 'the last attempt stopped heartbeating'`,
        })
        .where(
          and(
            eq(jobRuns.job, job.name),
            eq(jobRuns.period, period),
            stale,
            sql`${jobRuns.attempts} >= ${maxAttempts}`,
          ),
        )
        .returning({ id: jobRuns.id });
      if (exhausted)
        this.opts.log?.error({ job: job.name, period }, 'job failed for good: an operator must run it');
    }
    return null;
  }

  // ------------------------------------------------------------------ operator view

  /** Each registered job with its recent periods, failed ones first-class. */
  async overview(recent = 20) {
    const out = [];
    for (const job of this.jobs) {
      const runs = await this.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.job, job.name))
        .orderBy(desc(jobRuns.periodStart))
        .limit(recent);
      const failed = await this.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.status, 'failed')))
        .orderBy(asc(jobRuns.periodStart))
        .limit(100);
      out.push({ job, runs, failed });
    }
    return out;
  }
}
