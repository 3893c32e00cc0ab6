import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import type { CrashServerFrame } from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createServices, type Services } from '../../services.ts';
import { freshDatabase } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { CrashDriver } from './crash-leader.ts';
import { type CrashService, multiplierAt } from './crash-service.ts';

const until = async (ok: () => boolean | Promise<boolean>, ms = 8000, what = 'condition') => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A TCP proxy in front of PostgreSQL whose open connections can be frozen: nothing passes either
 * way and nobody is told, as when a network path silently dies. New connections pass.
 */
async function freezableProxy(host: string, port: number) {
  const pipes = new Set<{ client: Socket; upstream: Socket; frozen: boolean }>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(port, host);
    const pipe = { client, upstream, frozen: false };
    pipes.add(pipe);
    client.on('data', (d) => {
      if (!pipe.frozen) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!pipe.frozen) client.write(d);
    });
    const close = () => {
      if (pipe.frozen) return; // a frozen path tells nobody that the other side went away
      client.destroy();
      upstream.destroy();
      pipes.delete(pipe);
    };
    for (const s of [client, upstream]) {
      s.on('error', close);
      s.on('close', close);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as { port: number }).port,
    freeze: () => {
      for (const p of pipes) p.frozen = true;
    },
    close: async () => {
      for (const p of pipes) {
        p.client.destroy();
        p.upstream.destroy();
      }
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Two (or three) instances on one PostgreSQL database: one leads by the advisory lock, the others relay. */
describe.skipIf(!testConfig().testDatabaseUrl)('crash leader (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let admin: pg.Client;
  // One key for every instance (as a site's instances share CRASH_CHAIN_KEY); the salt's beacon
  // round right after the commit, so the first chain waits seconds, not minutes.
  const config = testConfig({ crashSaltDelaySeconds: 0 });
  const drivers: CrashDriver[] = [];
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await admin.query(text, params)).rows as T[];
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'require' });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(drivers.map((d) => d.stop()));
    await admin?.end();
    await database?.drop();
  });

  /** An instance's services with short rounds. */
  const instance = (timing = { bettingMs: 400, pauseMs: 100, chainLength: 500, settleGraceMs: 150 }) => {
    const services = createServices(config, database);
    services.crash.timing = timing;
    return services;
  };
  const drive = async (
    crash: CrashService,
    opts: Partial<ConstructorParameters<typeof CrashDriver>[2]> = {},
  ) => {
    const d = new CrashDriver(crash, database, { tickMs: 20, retryMs: 100, reconnectMinMs: 50, ...opts });
    drivers.push(d);
    await d.start();
    return d;
  };
  /** A funded player whose bets go through `services`. */
  const player = async (services: Services) => {
    const m = await createMember({ services } as unknown as FastifyInstance);
    await services.wallet.post({
      key: `crash-pg-fund:${m.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -100_000n },
        { account: Accounts.cash(m.id), amount: 100_000n },
      ],
    });
    return {
      id: m.id,
      principal: {
        kind: 'member',
        memberId: m.id,
        account: m.account,
        role: 'player',
        sessionId: 0,
      } as const,
      cash: () => services.wallet.balance(Accounts.cash(m.id)),
    };
  };
  /** Waits for a round in its betting window whose point is at least `min` (the chain decides, we skip). */
  const bettingRound = async (crash: CrashService, min: number) => {
    let found: { roundId: number; startsAt: number; point: number } | null = null;
    await until(
      async () => {
        const s = crash.state();
        if (s?.phase !== 'betting' || s.startsAt - Date.now() < 250) return false;
        const [row] = await q<{ point: number }>('select point from crash_rounds where id = $1', [s.roundId]);
        if (!row || row.point < min) return false;
        found = { roundId: s.roundId, startsAt: s.startsAt, point: row.point };
        return true;
      },
      30_000,
      `a round with a point of ${min} or more`,
    );
    return found!;
  };
  /** The backend holding the crash lock in this database: the leader's connection. */
  const lockHolder = async () => {
    const [row] = await q<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted
         and database = (select oid from pg_database where datname = current_database())`,
      [0x43525348],
    );
    return row?.pid ?? null;
  };
  /** Round numbers are each used once, and at most one round is unfinished. */
  const roundsAreConsistent = async () => {
    const rows = await q<{ round_no: number; status: string; chain_id: number }>(
      'select chain_id, round_no, status from crash_rounds order by id',
    );
    const keys = rows.map((r) => `${r.chain_id}:${r.round_no}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => r.status !== 'crashed').length).toBeLessThanOrEqual(1);
  };

  it('one instance leads; the other relays its frames and takes over when the leader dies', async () => {
    const a = instance().crash;
    const b = instance().crash;
    const seenByB: CrashServerFrame[] = [];
    b.on((f) => seenByB.push(f));
    const da = await drive(a);
    const db = await drive(b);
    try {
      expect(a.leader).toBe(true);
      expect(b.leader).toBe(false);
      // B hears A's rounds through LISTEN/NOTIFY and knows the live round.
      await until(() => seenByB.some((f) => f.t === 'round'));
      await until(() => seenByB.some((f) => f.t === 'tick'));
      await until(() => b.state() !== null);
      const rounds = await q<{ n: number }>('select count(*)::int as n from crash_rounds');
      expect(rounds[0]!.n).toBeGreaterThan(0);
      // A dies (its session, and with it the lock, ends): B takes over and drives new rounds.
      await da.stop();
      await until(() => b.leader);
      // Its own loop now drives the round (ticks of the flight, or the next round).
      seenByB.length = 0;
      await until(() => seenByB.length > 0);
      expect(['tick', 'round', 'crash']).toContain(seenByB[0]!.t);
    } finally {
      await da.stop();
      await db.stop();
    }
  }, 30_000);

  it("the leader's connection killed mid-round: it steps down at once, exactly one leads, the round is void and refunded, a cash-out on the follower stands", async () => {
    const sa = instance();
    const sb = instance();
    const a = sa.crash;
    const b = sb.crash;
    const da = await drive(a);
    const db = await drive(b);
    try {
      expect(a.leader).toBe(true);
      const p = await player(sa);
      const start = await p.cash();
      const r = await bettingRound(a, 150);
      const cashed = await a.placeBet(p.principal, { requestId: 'kill-cashed-1', slot: 0, amount: '10.00' });
      const open = await a.placeBet(p.principal, { requestId: 'kill-open-01', slot: 1, amount: '5.00' });
      await until(() => Date.now() > r.startsAt + 300, 5000, 'the flight');
      // The follower honours a cash-out of a bet taken by the leader (checked below, with the rest).
      const won = await b.cashOut(p.principal, { slot: 0, betId: cashed.betId }).catch((e: Error) => e);
      const epoch = a.epoch ?? 0;
      // Both must never lead at once from here on.
      let both = false;
      const watch = setInterval(() => {
        if (a.leader && b.leader) both = true;
      }, 2);
      try {
        const holder = await lockHolder();
        expect(holder).not.toBeNull();
        await q('select pg_terminate_backend($1)', [holder]);
        await until(() => !a.leader || b.leader, 2000, 'the old leader to step down or another to lead');
        await sleep(1500);
      } finally {
        clearInterval(watch);
      }
      expect(both).toBe(false);
      expect([a.leader, b.leader].filter(Boolean)).toHaveLength(1);
      // Whoever leads now does so under a new epoch.
      expect((a.leader ? a.epoch : b.epoch)!).toBeGreaterThan(epoch);
      if (won instanceof Error) throw won;
      expect(won.status).toBe('won');
      const [lock] = await q<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and granted
           and database = (select oid from pg_database where datname = current_database())`,
        [0x43525348],
      );
      expect(lock!.n).toBe(1);
      // The interrupted round is void (hash revealed), its open bet refunded; the cash-out stands.
      const [round] = await q<{ status: string; voided: boolean }>(
        'select status, voided_at is not null as voided from crash_rounds where id = $1',
        [r.roundId],
      );
      expect(round).toEqual({ status: 'crashed', voided: true });
      await until(async () => {
        const [row] = await q<{ status: string }>('select status from crash_bets where id = $1', [
          open.betId,
        ]);
        return row?.status !== 'open';
      });
      const bets = await q<{ id: string; status: string; payout: string; cashout: number | null }>(
        'select id::text, status, payout::text, cashout from crash_bets where id = any($1) order by id',
        [[cashed.betId, open.betId]],
      );
      expect(bets.map((x) => x.status)).toEqual(['won', 'void']);
      expect(bets[0]!.cashout).toBe(won.cashout);
      expect(bets[1]!.payout).toBe('500');
      const win = BigInt(bets[0]!.payout);
      expect(await p.cash()).toBe(start - 1500n + win + 500n);
      // Each bet is one line of the bets record, the refund a push that counts as no turnover.
      const lines = await q<{ round_id: string; stake: string; payout: string; valid: string }>(
        `select round_id, stake::text, payout::text, valid_stake::text as valid from bets
          where round_id = any($1) order by round_id`,
        [[`crash${cashed.betId}`, `crash${open.betId}`]],
      );
      expect(lines).toHaveLength(2);
      expect(lines.find((l) => l.round_id === `crash${open.betId}`)).toMatchObject({
        stake: '500',
        payout: '500',
        valid: '0',
      });
      // Rounds go on under the one leader.
      const leader = a.leader ? a : b;
      await until(() => (leader.state()?.roundId ?? 0) > r.roundId, 10_000, 'the next round');
      await roundsAreConsistent();
    } finally {
      await da.stop();
      await db.stop();
    }
  }, 60_000);

  it('a follower whose connection drops reconnects with backoff, LISTENs again and catches up', async () => {
    const a = instance().crash;
    const b = instance().crash;
    const seenByB: CrashServerFrame[] = [];
    b.on((f) => seenByB.push(f));
    const da = await drive(a);
    const db = await drive(b);
    try {
      expect(b.leader).toBe(false);
      await until(() => seenByB.some((f) => f.t === 'round'));
      // The follower's connection: the one that keeps trying the lock and does not hold it.
      const holder = await lockHolder();
      const [follower] = await q<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> $1
           and pid <> pg_backend_pid() and query ilike '%pg_try_advisory_lock%'`,
        [holder],
      );
      const first = db.backendPid ?? follower!.pid;
      await q('select pg_terminate_backend($1)', [first]);
      await sleep(100);
      seenByB.length = 0;
      const roundNow = a.state()!.roundId;
      // Only the leader sends ticks (once a second in flight) and new rounds; B's own catch-up
      // after reconnecting tells its sockets the round it read, never a tick.
      await until(
        () => seenByB.some((f) => f.t === 'tick' || (f.t === 'round' && f.round.roundId > roundNow)),
        10_000,
        "the leader's frames, heard again",
      );
      expect(db.backendPid).not.toBeNull();
      expect(db.backendPid).not.toBe(first);
      expect(a.leader).toBe(true);
      expect(b.leader).toBe(false);
    } finally {
      await da.stop();
      await db.stop();
    }
  }, 30_000);

  it('a leader cut off without noticing is fenced: its next round write is refused and it steps down', async () => {
    const u = new URL(database.url!);
    const proxy = await freezableProxy(u.hostname, Number(u.port || 5432));
    const viaProxy = new URL(database.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const timing = { bettingMs: 1500, pauseMs: 100, chainLength: 500, settleGraceMs: 150 };
    const a = instance(timing).crash;
    const b = instance(timing).crash;
    // A's heartbeat is slow: only the fence can stop it in time.
    const da = await drive(a, { url: viaProxy.toString(), heartbeatMs: 60_000 });
    const db = await drive(b);
    try {
      expect(a.leader).toBe(true);
      await until(() => {
        const s = a.state();
        return s?.phase === 'betting' && s.startsAt - Date.now() > 1000;
      }, 30_000);
      const roundId = a.state()!.roundId;
      const stale = a.epoch!;
      // The path to A's connection dies silently; the server ends A's session (and its lock).
      proxy.freeze();
      await q('select pg_terminate_backend($1)', [await lockHolder()]);
      await until(() => b.leader, 5000, 'B to lead');
      expect(a.leader).toBe(true); // A has not noticed
      // A's next round write (the start of the flight) carries its old epoch: refused, A steps down.
      await until(() => !a.leader, 5000, 'A to step down');
      expect(b.epoch!).toBeGreaterThan(stale);
      const rows = await q<{ id: number; epoch: string; voided: boolean }>(
        'select id, epoch::text, voided_at is not null as voided from crash_rounds where id >= $1 order by id',
        [roundId],
      );
      // B claimed A's round (interrupted: void) and wrote every round since; none under A's epoch.
      expect(rows[0]).toMatchObject({ id: roundId, voided: true });
      expect(Number(rows[0]!.epoch)).toBe(b.epoch);
      expect(rows.filter((r) => Number(r.epoch) === stale)).toEqual([]);
      await roundsAreConsistent();
    } finally {
      await da.stop();
      await db.stop();
      await proxy.close();
    }
  }, 60_000);

  it("cash-outs are judged by the bet's own round on the database's clock: a follower with a wrong wall clock or no view of the round honours them", async () => {
    // A betting window long enough to be caught with time to bet on a loaded machine: with 400 ms
    // (250 of them needed) a CI run polled past every round with a point of 2.00x for 30 s.
    const timing = { bettingMs: 1500, pauseMs: 100, chainLength: 500, settleGraceMs: 150 };
    const sa = instance(timing);
    const sb = instance(timing);
    const sc = instance(timing);
    const a = sa.crash;
    const b = sb.crash;
    // B's wall clock runs 4 s ahead; the database's clock is the one that counts.
    b.clock = { now: () => Date.now() + 4000 };
    // C is an instance that has heard nothing at all (no view of any round).
    const c = sc.crash;
    c.leader = false;
    const da = await drive(a);
    const db = await drive(b);
    try {
      const p = await player(sa);
      const r = await bettingRound(a, 200);
      const b0 = await a.placeBet(p.principal, { requestId: 'clock-slot0-1', slot: 0, amount: '10.00' });
      const b1 = await a.placeBet(p.principal, { requestId: 'clock-slot1-1', slot: 1, amount: '10.00' });
      // The database runs on this machine: its clock is this process's, to well under a millisecond.
      await until(() => Date.now() > r.startsAt + 600, 5000, 'the flight');
      const t0 = Date.now();
      const v0 = await b.cashOut(p.principal, { slot: 0, betId: b0.betId });
      const t1 = Date.now();
      expect(v0.status).toBe('won');
      expect(v0.cashout!).toBeGreaterThanOrEqual(multiplierAt(t0 - r.startsAt - 20));
      expect(v0.cashout!).toBeLessThanOrEqual(multiplierAt(t1 - r.startsAt + 20));
      // By slot alone, on an instance that never saw the round: still that bet, never NOT_FOUND.
      expect(c.state()).toBeNull();
      const v1 = await c.cashOut(p.principal, { slot: 1 });
      expect(v1).toMatchObject({ betId: b1.betId, status: 'won' });
      // Someone else's bet id is not found; a settled bet answers as it stands.
      const other = await player(sa);
      await expect(b.cashOut(other.principal, { slot: 0, betId: b0.betId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(await b.cashOut(p.principal, { slot: 0, betId: b0.betId })).toMatchObject({
        status: 'won',
        cashout: v0.cashout,
      });
    } finally {
      await da.stop();
      await db.stop();
    }
  }, 60_000);
});
