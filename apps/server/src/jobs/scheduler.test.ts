import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helper.ts';
import { type JobContext, Scheduler } from './scheduler.ts';

type Db = Awaited<ReturnType<typeof freshDatabase>>;
const MINUTE = 60_000;
const T = Date.UTC(2030, 0, 1, 12, 0, 30);

describe('job scheduler: exactly once per period across instances and restarts', () => {
  let database: Db;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('runs a period once however many instances tick, and not again after a restart', async () => {
    const ran: string[] = [];
    const job = { name: 'once', periodMs: MINUTE, run: async (c: JobContext) => void ran.push(c.period) };
    const a = new Scheduler(database.db, { owner: 'a' });
    const b = new Scheduler(database.db, { owner: 'b' });
    a.register(job);
    b.register(job);
    const [ra, rb] = await Promise.all([a.tick(new Date(T)), b.tick(new Date(T))]);
    expect([...ra, ...rb].map((r) => r.status).sort()).toEqual(['done', 'skipped']);
    // The period that just ended: 11:59:00–12:00:00.
    expect(ran).toEqual(['2030-01-01T11:59:00.000Z']);
    expect(await a.tick(new Date(T + 1000))).toEqual([]);
    const restarted = new Scheduler(database.db, { owner: 'c' });
    restarted.register(job);
    expect((await restarted.tick(new Date(T))).map((r) => r.status)).toEqual(['skipped']);
    await a.tick(new Date(T + MINUTE));
    expect(ran).toEqual(['2030-01-01T11:59:00.000Z', '2030-01-01T12:00:00.000Z']);
  });

  it('retries a failed run, and records the attempts', async () => {
    let calls = 0;
    const s = new Scheduler(database.db, { owner: 'f' });
    s.register({
      name: 'flaky',
      periodMs: MINUTE,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database hiccup');
        return { ok: true };
      },
    });
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['failed']);
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['done']);
    const [row] = await database.query(`select status, attempts, result from job_runs where job = 'flaky'`);
    expect(row).toEqual({ status: 'done', attempts: 2, result: { ok: true } });
  });

  it('takes over a run whose instance died (stale heartbeat) but not one still alive', async () => {
    const ran: string[] = [];
    const job = { name: 'takeover', periodMs: MINUTE, run: async (c: JobContext) => void ran.push(c.period) };
    const period = '2030-01-01T11:59:00.000Z';
    await database.query(
      `insert into job_runs (job, period, period_start, period_end, status, owner, heartbeat_at)
       values ('takeover', $1, $2, $3, 'running', 'alive', now())`,
      [period, period, '2030-01-01T12:00:00.000Z'],
    );
    const s = new Scheduler(database.db, { owner: 'new', leaseMs: 60_000 });
    s.register(job);
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['skipped']);
    expect(ran).toEqual([]);
    await database.query(
      `update job_runs set heartbeat_at = now() - interval '5 minutes' where job = 'takeover'`,
    );
    expect((await s.tick(new Date(T))).map((r) => r.status)).toEqual(['done']);
    expect(ran).toEqual([period]);
    const [row] = await database.query(`select owner, attempts from job_runs where job = 'takeover'`);
    expect(row).toEqual({ owner: 'new', attempts: 2 });
  });

  it('catches up periods missed while down, oldest first, when the job asks for it', async () => {
    const ran: string[] = [];
    const s = new Scheduler(database.db, { owner: 'cu' });
    s.register({
      name: 'salary-like',
      periodMs: 5 * MINUTE,
      catchUp: true,
      maxCatchUp: 3,
      run: async (c: JobContext) => void ran.push(c.period.slice(11, 16)),
    });
    await s.tick(new Date(T));
    expect(ran).toEqual(['11:45', '11:50', '11:55']);
    // Down for a while; the next instance reads where the job stands and runs exactly the missed periods.
    const next = new Scheduler(database.db, { owner: 'cu2' });
    next.register({
      name: 'salary-like',
      periodMs: 5 * MINUTE,
      catchUp: true,
      maxCatchUp: 3,
      run: async (c: JobContext) => void ran.push(c.period.slice(11, 16)),
    });
    await next.tick(new Date(T + 15 * MINUTE));
    expect(ran).toEqual(['11:45', '11:50', '11:55', '12:00', '12:05', '12:10']);
    const [row] = await database.query(
      `select count(*)::int as n from job_runs where job = 'salary-like' and status = 'done'`,
    );
    expect(row).toEqual({ n: 6 });
  });
});
