import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helper.ts';
import { type JobContext, type JobDefinition, LeaseLostError, Scheduler } from './scheduler.ts';

type Db = Awaited<ReturnType<typeof freshDatabase>>;
const MINUTE = 60_000;
const T = Date.UTC(2030, 0, 1, 12, 0, 30);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A promise a test resolves by hand: holds a job mid-run while the test acts on the database. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('job scheduler: exactly once per period across instances and restarts', () => {
  let database: Db;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'never' });
  });
  afterAll(async () => {
    await database.drop();
  });
  const make = (owner: string, opts: ConstructorParameters<typeof Scheduler>[1] = {}) =>
    new Scheduler(database.db, { owner, retryBaseMs: 0, ...opts });
  const row = async (job: string, period?: string) =>
    (
      await database.query(
        `select status, attempts, owner, error, result from job_runs where job = $1 ${period ? 'and period = $2' : ''} order by period_start`,
        period ? [job, period] : [job],
      )
    )[0];

  it('runs a period once however many instances tick, and not again after a restart', async () => {
    const ran: string[] = [];
    const job = { name: 'once', periodMs: MINUTE, run: async (c: JobContext) => void ran.push(c.period) };
    const a = make('a');
    const b = make('b');
    a.register(job);
    b.register(job);
    const [ra, rb] = await Promise.all([a.tick(new Date(T)), b.tick(new Date(T))]);
    const statuses = [...ra, ...rb].map((r) => r.status);
    expect(statuses.filter((x) => x === 'done')).toHaveLength(1);
    // The loser finds it running (busy) or, if the winner already finished, done (skipped).
    expect(statuses.filter((x) => x === 'busy' || x === 'skipped')).toHaveLength(1);
    // The period that just ended: 11:59:00–12:00:00.
    expect(ran).toEqual(['2030-01-01T11:59:00.000Z']);
    // The same instance within the same period asks nothing more; a restart finds it done.
    expect(await a.tick(new Date(T + 1000))).toEqual([]);
    const restarted = make('c');
    restarted.register(job);
    expect((await restarted.tick(new Date(T))).map((r) => r.status)).toEqual(['skipped']);
    await a.tick(new Date(T + MINUTE));
    expect(ran).toEqual(['2030-01-01T11:59:00.000Z', '2030-01-01T12:00:00.000Z']);
  });

  it('retries a failed attempt after its backoff, and records the attempts', async () => {
    let calls = 0;
    const s = make('f', { retryBaseMs: 400 });
    s.register({
      name: 'flaky',
      periodMs: MINUTE,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database hiccup');
        return { ok: true };
      },
    });
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['retry']);
    // The backoff runs on the database clock: not yet.
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['busy']);
    await sleep(450);
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['done']);
    expect(await row('flaky')).toMatchObject({
      status: 'done',
      attempts: 2,
      result: { ok: true },
      error: null,
    });
  });

  it('takes over a stale run; the first owner is refused at its next check and at completion', async () => {
    const period = '2030-01-01T11:59:00.000Z';
    const ranBy: string[] = [];
    const hold = gate();
    const started = gate();
    let firstCtx: JobContext | undefined;
    let firstCheck: unknown;
    const job = (who: string, wait: boolean): JobDefinition => ({
      name: 'takeover',
      periodMs: MINUTE,
      run: async (c) => {
        if (wait) {
          firstCtx = c;
          started.open();
          await hold.opened;
          firstCheck = await c.assertOwner().catch((e: unknown) => e);
          if (firstCheck) throw firstCheck;
        }
        ranBy.push(who);
        return { by: who };
      },
    });
    const a = make('a', { leaseMs: 60_000 });
    const b = make('b', { leaseMs: 60_000 });
    a.register(job('a', true));
    b.register(job('b', false));
    const first = a.tick(new Date(T));
    await started.opened;
    // Alive: nobody takes it over.
    expect((await b.tick(new Date(T))).map((r) => r.status)).toEqual(['busy']);
    // Its instance stalls past the lease (database clock): b takes over with attempt 2.
    await database.query(
      `update job_runs set heartbeat_at = now() - interval '5 minutes' where job = 'takeover'`,
    );
    expect(await b.tick(new Date(T))).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
    hold.open();
    expect(await first).toEqual([expect.objectContaining({ status: 'lost', attempts: 1 })]);
    expect(firstCheck).toBeInstanceOf(LeaseLostError);
    expect(firstCtx?.signal.aborted).toBe(true);
    expect(ranBy).toEqual(['b']);
    expect(await row('takeover', period)).toMatchObject({
      status: 'done',
      owner: 'b',
      attempts: 2,
      result: { by: 'b' },
    });
  });

  it('refuses the completion of a run that was taken over even when its body never checked', async () => {
    const hold = gate();
    const started = gate();
    const a = make('a2', { leaseMs: 60_000 });
    a.register({
      name: 'unchecked',
      periodMs: MINUTE,
      run: async () => {
        started.open();
        await hold.opened;
        return { by: 'a2' };
      },
    });
    const first = a.tick(new Date(T));
    await started.opened;
    // Taken over elsewhere (owner and fencing token changed) and finished there.
    await database.query(
      `update job_runs set owner = 'b2', attempts = attempts + 1, status = 'done', result = '{"by":"b2"}' where job = 'unchecked'`,
    );
    hold.open();
    expect((await first).map((r) => r.status)).toEqual(['lost']);
    expect(await row('unchecked')).toMatchObject({ status: 'done', owner: 'b2', result: { by: 'b2' } });
  });

  it('stops a run when its heartbeat is refused, without the body asking', async () => {
    const started = gate();
    let seen: AbortSignal | undefined;
    const a = make('a3', { leaseMs: 600 });
    a.register({
      name: 'beaten',
      periodMs: MINUTE,
      run: async (c) => {
        seen = c.signal;
        started.open();
        // A long unit of work that honours the signal.
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, 5000);
          c.signal.addEventListener('abort', () => {
            clearTimeout(t);
            reject(c.signal.reason);
          });
        });
      },
    });
    const first = a.tick(new Date(T));
    await started.opened;
    await database.query(`update job_runs set owner = 'other', attempts = attempts + 1 where job = 'beaten'`);
    const outcome = await first;
    expect(outcome.map((r) => r.status)).toEqual(['lost']);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(LeaseLostError);
    // Nothing was written over the new owner's row.
    expect(await row('beaten')).toMatchObject({ status: 'running', owner: 'other', attempts: 2 });
  });

  it('starts a new job at the current period instead of back-filling', async () => {
    const ran: string[] = [];
    const s = make('new');
    s.register({
      name: 'brand-new',
      periodMs: 5 * MINUTE,
      catchUp: true,
      maxCatchUp: 288,
      run: async (c) => void ran.push(c.period.slice(11, 16)),
    });
    await s.tick(new Date(T));
    expect(ran).toEqual(['11:55']);
  });

  it('after downtime, runs each missed period once, in order, at most the cap per tick', async () => {
    const ran: string[] = [];
    const job: JobDefinition = {
      name: 'salary-like',
      periodMs: 5 * MINUTE,
      catchUp: true,
      maxCatchUp: 3,
      run: async (c) => void ran.push(c.period.slice(11, 16)),
    };
    const s = make('cu');
    s.register(job);
    await s.tick(new Date(T));
    expect(ran).toEqual(['11:55']);
    // Down for 25 minutes; the next instance reads where the job stands from the runs table.
    const next = make('cu2');
    next.register(job);
    const later = new Date(T + 25 * MINUTE);
    expect((await next.tick(later)).map((r) => r.period.slice(11, 16))).toEqual(['12:00', '12:05', '12:10']);
    expect((await next.tick(later)).map((r) => r.period.slice(11, 16))).toEqual(['12:15', '12:20']);
    expect(await next.tick(later)).toEqual([]);
    expect(ran).toEqual(['11:55', '12:00', '12:05', '12:10', '12:15', '12:20']);
    const [n] = await database.query(
      `select count(*)::int as n, count(distinct period)::int as d from job_runs where job = 'salary-like' and status = 'done'`,
    );
    expect(n).toEqual({ n: 6, d: 6 });
  });

  it('a later period run by hand does not move the job past the periods before it: they still run, in order', async () => {
    const ran: string[] = [];
    const job: JobDefinition = {
      name: 'paid-by-hand',
      periodMs: 5 * MINUTE,
      catchUp: true,
      maxCatchUp: 2,
      run: async (c) => void ran.push(c.period.slice(11, 16)),
    };
    const s = make('hand');
    s.register(job);
    await s.tick(new Date(T)); // 11:55, the job's first period
    // Before 12:00 (P) and 12:05 (P+1) ran, an operator runs 12:10 (P+2) by hand.
    expect(await s.runNow(job, new Date('2030-01-01T12:12:00Z'))).toMatchObject({ status: 'done' });
    const later = new Date(T + 20 * MINUTE); // 12:20:30: 12:15 has ended too
    expect((await s.tick(later)).map((r) => [r.period.slice(11, 16), r.status])).toEqual([
      ['12:00', 'done'],
      ['12:05', 'done'],
    ]);
    expect((await s.tick(later)).map((r) => [r.period.slice(11, 16), r.status])).toEqual([['12:15', 'done']]);
    expect(await s.tick(later)).toEqual([]);
    expect(ran).toEqual(['11:55', '12:10', '12:00', '12:05', '12:15']);
    // Another instance (a restart) finds nothing missing either.
    const restarted = make('hand2');
    restarted.register(job);
    expect(await restarted.tick(later)).toEqual([]);
    expect(await restarted.tick(new Date(T + 25 * MINUTE))).toEqual([
      expect.objectContaining({ period: '2030-01-01T12:20:00.000Z', status: 'done' }),
    ]);
    const [n] = await database.query(
      `select count(*)::int as n, count(distinct period)::int as d from job_runs where job = 'paid-by-hand' and status = 'done'`,
    );
    expect(n).toEqual({ n: 6, d: 6 });
  });

  it('makes an exhausted period a blocking failure until an operator runs it', async () => {
    const ran: string[] = [];
    let broken = true;
    const job: JobDefinition = {
      name: 'dividend-like',
      periodMs: 5 * MINUTE,
      catchUp: true,
      maxAttempts: 3,
      run: async (c) => {
        const p = c.period.slice(11, 16);
        if (broken && p === '12:00') throw new Error('upline account missing');
        ran.push(p);
      },
    };
    const s = make('ex');
    s.register(job);
    await s.tick(new Date(T)); // 11:55: the job's first period
    const later = new Date(T + 10 * MINUTE); // 12:00 and 12:05 have ended
    expect((await s.tick(later)).map((r) => r.status)).toEqual(['retry']);
    expect((await s.tick(later)).map((r) => r.status)).toEqual(['retry']);
    expect(await s.tick(later)).toEqual([
      expect.objectContaining({ period: '2030-01-01T12:00:00.000Z', status: 'failed', attempts: 3 }),
    ]);
    // Not skipped for good, not passed over: the job stands blocked, visibly.
    for (const when of [later, new Date(T + 60 * MINUTE)]) {
      expect(await s.tick(when)).toEqual([
        expect.objectContaining({
          status: 'blocked',
          period: '2030-01-01T12:00:00.000Z',
          error: 'upline account missing',
        }),
      ]);
    }
    expect(ran).toEqual(['11:55']);
    const [view] = (await s.overview()).filter((v) => v.job.name === 'dividend-like');
    expect(view?.failed.map((r) => [r.period, r.status, r.attempts])).toEqual([
      ['2030-01-01T12:00:00.000Z', 'failed', 3],
    ]);
    // The operator fixes the cause and runs the period; the job then catches up in order.
    broken = false;
    expect(await s.runNow(job, new Date('2030-01-01T12:02:00Z'))).toMatchObject({
      status: 'done',
      attempts: 4,
    });
    expect(await s.runNow(job, new Date('2030-01-01T12:00:00Z'))).toMatchObject({ status: 'skipped' });
    await s.tick(later);
    expect(ran).toEqual(['11:55', '12:00', '12:05']);
  });

  it('exhausts a period whose instance died during its last attempt', async () => {
    const s = make('dead', { maxAttempts: 2 });
    s.register({ name: 'dies', periodMs: MINUTE, catchUp: true, run: async () => undefined });
    await database.query(
      `insert into job_runs (job, period, period_start, period_end, status, owner, attempts, heartbeat_at)
       values ('dies', '2030-01-01T11:59:00.000Z', '2030-01-01T11:59:00Z', '2030-01-01T12:00:00Z', 'running', 'gone', 2, now() - interval '1 hour')`,
    );
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['failed']);
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['blocked']);
  });

  it('cuts daily periods at the business midnight (Nepal, 18:15 UTC)', async () => {
    const ran: Array<[string, string]> = [];
    const s = make('day');
    s.register({
      name: 'daily-salary-like',
      period: 'day',
      catchUp: true,
      run: async (c) => void ran.push([c.periodStart.toISOString(), c.periodEnd.toISOString()]),
    });
    await s.tick(new Date('2026-11-22T18:14:00Z'));
    expect(ran).toEqual([['2026-11-20T18:15:00.000Z', '2026-11-21T18:15:00.000Z']]);
    await s.tick(new Date('2026-11-22T18:15:00Z'));
    expect(ran.at(-1)).toEqual(['2026-11-21T18:15:00.000Z', '2026-11-22T18:15:00.000Z']);
    const utc = make('day-utc', { utcOffsetMinutes: 0 });
    const utcRan: string[] = [];
    utc.register({ name: 'utc-daily', period: 'day', run: async (c) => void utcRan.push(c.period) });
    await utc.tick(new Date('2026-11-22T18:15:00Z'));
    expect(utcRan).toEqual(['2026-11-21T00:00:00.000Z']);
  });

  it('judges leases on the database clock, whatever this process believes the time is', async () => {
    const seen: string[] = [];
    const s = make('skew');
    s.register({ name: 'skewed', periodMs: MINUTE, run: async (c) => void seen.push(c.period) });
    const dbNow = await s.dbNow();
    // With no clock passed, the periods that have ended are the database's.
    const [outcome] = await s.tick();
    const expected = new Date(Math.floor(dbNow.getTime() / MINUTE) * MINUTE - MINUTE).toISOString();
    expect([expected, new Date(Date.parse(expected) + MINUTE).toISOString()]).toContain(outcome?.period);
    expect(seen).toEqual([outcome?.period]);
  });
});
