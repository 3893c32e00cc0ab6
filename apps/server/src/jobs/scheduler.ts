import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../modules/admin/schema.ts';

export interface JobContext {
  /** The period's key, its start as an ISO string: use it in idempotency keys of what the job writes. */
  period: string;
  periodStart: Date;
  periodEnd: Date;
}

export interface JobDefinition {
  name: string;
  /** A run covers one period of this length, after the period has ended. */
  periodMs: number;
  /**
   * Run every period missed while no instance was up (salaries, dividends), oldest first, at most
   * `maxCatchUp` of them; otherwise only the latest ended period (housekeeping such as auto-receipt).
   */
  catchUp?: boolean;
  maxCatchUp?: number;
  run(ctx: JobContext): Promise<unknown>;
}

export interface RunOutcome {
  job: string;
  period: string;
  status: 'done' | 'failed' | 'skipped';
  result?: unknown;
  error?: string;
}

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const MAX_ATTEMPTS = 5;

/**
 * Periodic jobs, exactly once per (job, period) across restarts and instances. Each instance
 * ticks; a period is claimed by inserting its `job_runs` row, whose unique key lets only one
 * instance win. The winner heartbeats while it runs; a run whose heartbeat is older than the
 * lease (its instance died) or that failed is taken over by the next tick anywhere, up to
 * MAX_ATTEMPTS. A taken-over run starts again from the beginning, so a job body makes its own
 * writes idempotent per period (ledger keys such as `salary:<period>:<member>`), and then the
 * period's effect happens once even when its run had to be repeated.
 */
export class Scheduler {
  private readonly jobs: JobDefinition[] = [];
  /** Newest period known done, per job: spares the database a query per tick. */
  private readonly doneUpTo = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  readonly owner: string;

  constructor(
    private readonly db: Db,
    private readonly opts: { tickMs?: number; leaseMs?: number; log?: Logger; owner?: string } = {},
  ) {
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  private get leaseMs(): number {
    return this.opts.leaseMs ?? 60_000;
  }

  register(job: JobDefinition): void {
    if (job.periodMs < 1000) throw new Error(`job ${job.name}: period under a second`);
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.push(job);
  }

  start(): void {
    if (this.timer) return;
    const tickMs = this.opts.tickMs ?? 5000;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((err) => this.opts.log?.error({ err }, 'job tick failed'))
        .finally(() => {
          this.running = null;
        });
    }, tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs whatever is due at `now` (tests call it directly with a chosen clock). */
  async tick(now: Date = new Date()): Promise<RunOutcome[]> {
    const outcomes: RunOutcome[] = [];
    for (const job of this.jobs) {
      if (job.catchUp && !this.doneUpTo.has(job.name)) await this.loadProgress(job.name);
      for (const start of this.duePeriods(job, now.getTime())) {
        const outcome = await this.runPeriod(job, start);
        outcomes.push(outcome);
        // Periods run in order: a failed one is retried before later ones move on.
        if (outcome.status === 'failed') break;
      }
    }
    return outcomes;
  }

  /** Where a catching-up job stands, from the runs table (a fresh instance knows nothing yet). */
  private async loadProgress(job: string): Promise<void> {
    const [row] = await this.db
      .select({ last: sql<string | null>`max(${jobRuns.periodStart})` })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.status, 'done')));
    if (row?.last) this.markDone(job, new Date(row.last).getTime());
  }

  private duePeriods(job: JobDefinition, nowMs: number): number[] {
    const latest = Math.floor(nowMs / job.periodMs) * job.periodMs - job.periodMs;
    if ((this.doneUpTo.get(job.name) ?? Number.NEGATIVE_INFINITY) >= latest) return [];
    if (!job.catchUp) return [latest];
    const max = job.maxCatchUp ?? 288;
    const from = Math.max(
      (this.doneUpTo.get(job.name) ?? latest - max * job.periodMs) + job.periodMs,
      latest - (max - 1) * job.periodMs,
    );
    const out: number[] = [];
    for (let t = from; t <= latest; t += job.periodMs) out.push(t);
    return out;
  }

  private async runPeriod(job: JobDefinition, startMs: number): Promise<RunOutcome> {
    const periodStart = new Date(startMs);
    const periodEnd = new Date(startMs + job.periodMs);
    const period = periodStart.toISOString();
    const claimed = await this.claim(job.name, period, periodStart, periodEnd);
    if (!claimed) {
      const [row] = await this.db
        .select({ status: jobRuns.status })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.period, period)));
      if (row?.status === 'done') this.markDone(job.name, startMs);
      return { job: job.name, period, status: 'skipped' };
    }
    const beat = setInterval(
      () => {
        void this.db
          .update(jobRuns)
          .set({ heartbeatAt: sql`now()` })
          .where(and(eq(jobRuns.id, claimed), eq(jobRuns.owner, this.owner)))
          .catch(() => undefined);
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    beat.unref();
    try {
      const result = (await job.run({ period, periodStart, periodEnd })) ?? null;
      await this.db
        .update(jobRuns)
        .set({ status: 'done', finishedAt: sql`now()`, result, error: null })
        .where(eq(jobRuns.id, claimed));
      this.markDone(job.name, startMs);
      this.opts.log?.info({ job: job.name, period, result }, 'job done');
      return { job: job.name, period, status: 'done', result };
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      await this.db
        .update(jobRuns)
        .set({ status: 'failed', finishedAt: sql`now()`, error: message.slice(0, 2000) })
        .where(eq(jobRuns.id, claimed));
      this.opts.log?.error({ job: job.name, period, err }, 'job failed');
      return { job: job.name, period, status: 'failed', error: message };
    } finally {
      clearInterval(beat);
    }
  }

  private markDone(job: string, startMs: number): void {
    if ((this.doneUpTo.get(job) ?? Number.NEGATIVE_INFINITY) < startMs) this.doneUpTo.set(job, startMs);
  }

  /** The run's id when this instance now owns the period, else null. */
  private async claim(
    job: string,
    period: string,
    periodStart: Date,
    periodEnd: Date,
  ): Promise<number | null> {
    const [inserted] = await this.db
      .insert(jobRuns)
      .values({ job, period, periodStart, periodEnd, status: 'running', owner: this.owner })
      .onConflictDoNothing({ target: [jobRuns.job, jobRuns.period] })
      .returning({ id: jobRuns.id });
    if (inserted) return inserted.id;
    // Take over a run whose owner stopped heartbeating, or one that failed.
    const staleBefore = new Date(Date.now() - this.leaseMs);
    const [taken] = await this.db
      .update(jobRuns)
      .set({
        owner: this.owner,
        status: 'running',
        attempts: sql`${jobRuns.attempts} + 1`,
        heartbeatAt: sql`now()`,
        error: null,
      })
      .where(
        and(
          eq(jobRuns.job, job),
          eq(jobRuns.period, period),
          lt(jobRuns.attempts, MAX_ATTEMPTS),
          sql`(${jobRuns.status} = 'failed' or (${jobRuns.status} = 'running' and ${jobRuns.heartbeatAt} < ${staleBefore}))`,
        ),
      )
      .returning({ id: jobRuns.id });
    return taken?.id ?? null;
  }

  /** Recent runs, for the operator console. */
  async recent(jobNames?: string[]) {
    return this.db
      .select()
      .from(jobRuns)
      .where(jobNames?.length ? inArray(jobRuns.job, jobNames) : undefined)
      .orderBy(sql`${jobRuns.id} desc`)
      .limit(100);
  }
}
