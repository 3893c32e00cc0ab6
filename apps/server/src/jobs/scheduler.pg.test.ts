import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../config.ts';
import { freshDatabase } from '../test/helper.ts';
import { type JobContext, type JobDefinition, LeaseLostError, Scheduler } from './scheduler.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;
const MINUTE = 60_000;
const T = Date.UTC(2030, 0, 1, 12, 0, 30);

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

/**
 * Real PostgreSQL: claims, takeovers and completions race on separate connections, and the
 * database clock is a different clock from this process's (a faked Date cannot move it).
 */
describe.skipIf(!hasPostgres)('job scheduler on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'require' });
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const make = (owner: string, opts: ConstructorParameters<typeof Scheduler>[1] = {}) =>
    new Scheduler(database.db, { owner, retryBaseMs: 0, ...opts });

  it('eight instances racing over twenty periods run each period exactly once', async () => {
    const ran = new Map<string, number>();
    const job: JobDefinition = {
      name: 'race',
      periodMs: 5 * MINUTE,
      catchUp: true,
      run: async (c) => {
        ran.set(c.period, (ran.get(c.period) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    const instances = Array.from({ length: 8 }, (_, i) => {
      const s = make(`i${i}`);
      s.register(job);
      return s;
    });
    await instances[0]?.tick(new Date(T));
    for (let step = 1; step <= 20; step++) {
      const now = new Date(T + step * 5 * MINUTE);
      // Several ticks each, all at once: claims collide on the unique key.
      await Promise.all(instances.flatMap((s) => [s.tick(now), s.tick(now)]));
    }
    // Stragglers that lost a race at the last step run on the next tick.
    await Promise.all(instances.map((s) => s.tick(new Date(T + 20 * 5 * MINUTE))));
    expect(ran.size).toBe(21);
    expect([...ran.values()].every((n) => n === 1)).toBe(true);
    const [row] = await database.query(
      `select count(*)::int as n, sum(attempts)::int as a from job_runs where job = 'race' and status = 'done'`,
    );
    expect(row).toEqual({ n: 21, a: 21 });
  });

  it('a stale run is taken over by exactly one of many instances; the first owner is fenced off', async () => {
    const hold = gate();
    const started = gate();
    const by: string[] = [];
    let refused: unknown;
    const job = (who: string): JobDefinition => ({
      name: 'takeover',
      periodMs: MINUTE,
      run: async (c: JobContext) => {
        if (who === 'a') {
          started.open();
          await hold.opened;
          refused = await c.assertOwner().catch((e: unknown) => e);
          if (refused) throw refused;
        }
        by.push(who);
        return { by: who };
      },
    });
    const a = make('a');
    a.register(job('a'));
    const first = a.tick(new Date(T));
    await started.opened;
    await database.query(
      `update job_runs set heartbeat_at = now() - interval '5 minutes' where job = 'takeover'`,
    );
    const others = ['b', 'c', 'd', 'e'].map((o) => {
      const s = make(o);
      s.register(job(o));
      return s;
    });
    const outcomes = (await Promise.all(others.map((s) => s.tick(new Date(T))))).flat();
    expect(outcomes.filter((o) => o.status === 'done')).toEqual([
      expect.objectContaining({ status: 'done', attempts: 2 }),
    ]);
    hold.open();
    expect((await first).map((o) => o.status)).toEqual(['lost']);
    expect(refused).toBeInstanceOf(LeaseLostError);
    expect(by).toHaveLength(1);
    expect(by[0]).not.toBe('a');
    const [row] = await database.query(`select status, owner, attempts from job_runs where job = 'takeover'`);
    expect(row).toEqual({ status: 'done', owner: by[0], attempts: 2 });
  });

  it('writes fenced in the job transaction cannot interleave with a takeover', async () => {
    await database.query('create table if not exists fenced_writes (period text, who text)');
    const inTx = gate();
    const commit = gate();
    const a = make('fa');
    a.register({
      name: 'fenced',
      periodMs: MINUTE,
      run: async (c) =>
        database.db.transaction(async (tx) => {
          await c.assertOwner(tx);
          await tx.execute(sql`insert into fenced_writes values (${c.period}, 'fa')`);
          inTx.open();
          await commit.opened;
        }),
    });
    const first = a.tick(new Date(T));
    await inTx.opened;
    // Another instance with a zero lease would take over at once, but the row is locked by the
    // owner's open transaction: the takeover waits for its commit instead of running alongside.
    const b = make('fb', { leaseMs: 0 });
    b.register({ name: 'fenced', periodMs: MINUTE, run: async () => 'b' });
    let bDone = false;
    const second = b.tick(new Date(T)).then((o) => {
      bDone = true;
      return o;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(bDone).toBe(false);
    commit.open();
    await first;
    await second;
    const writes = await database.query('select who from fenced_writes');
    expect(writes).toEqual([{ who: 'fa' }]);
  });

  it('an app clock hours off the database clock changes nothing', async () => {
    const real = Date.now();
    const ran: string[] = [];
    const job = (name: string): JobDefinition => ({
      name,
      periodMs: MINUTE,
      run: async (c) => void ran.push(`${name}:${c.period}`),
    });
    // A live run (heartbeat just now, database clock) seen from a clock three hours fast: not stale.
    await database.query(
      `insert into job_runs (job, period, period_start, period_end, status, owner, heartbeat_at)
       values ('skew-live', '2030-01-01T11:59:00.000Z', '2030-01-01T11:59:00Z', '2030-01-01T12:00:00Z', 'running', 'alive', now())`,
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(real + 3 * 3600_000);
    const fast = make('fast');
    fast.register(job('skew-live'));
    expect((await fast.tick(new Date(T))).map((o) => o.status)).toEqual(['busy']);
    // A dead run (heartbeat five minutes old on the database clock) seen from a clock three hours slow: stale.
    await database.query(
      `insert into job_runs (job, period, period_start, period_end, status, owner, heartbeat_at)
       values ('skew-dead', '2030-01-01T11:59:00.000Z', '2030-01-01T11:59:00Z', '2030-01-01T12:00:00Z', 'running', 'dead', now() - interval '5 minutes')`,
    );
    vi.setSystemTime(real - 3 * 3600_000);
    const slow = make('slow');
    slow.register(job('skew-dead'));
    expect((await slow.tick(new Date(T))).map((o) => o.status)).toEqual(['done']);
    // And which periods have ended is the database's answer, not this process's.
    vi.setSystemTime(real + 24 * 3600_000);
    const s = make('skew-now');
    s.register(job('skew-periods'));
    const dbNow = (await database.query('select now() as now'))[0]?.now as Date;
    const [outcome] = await s.tick();
    const endedAt = Math.floor(new Date(dbNow).getTime() / MINUTE) * MINUTE;
    expect([endedAt - MINUTE, endedAt]).toContain(Date.parse(outcome?.period ?? ''));
    expect(ran).toEqual(['skew-dead:2030-01-01T11:59:00.000Z', `skew-periods:${outcome?.period}`]);
  });
});
