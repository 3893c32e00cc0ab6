import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CrashServerFrame } from '@wps/contract';
import { crashPointHundredths } from '@wps/games';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { CRASH_LOCK_KEY } from '../modules/inhouse/crash-leader.ts';
import { chainSeed } from '../modules/inhouse/crash-salt.ts';
import { buildChain } from '../modules/inhouse/crash-service.ts';
import { Accounts } from '../modules/wallet/accounts.ts';
import { reconcile } from '../modules/wallet/service.ts';
import { createMember } from '../test/members.ts';

const run = promisify(execFile);
const base = testConfig().testDatabaseUrl;
const here = path.dirname(new URL(import.meta.url).pathname);
const MAIN = path.resolve(here, '../main.ts');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (ok: () => boolean | Promise<boolean>, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

/**
 * A PostgreSQL server of this test's own (initdb in a temporary directory, its own port), so the
 * test can restart it: the shared server at TEST_DATABASE_URL serves every other suite running at
 * the same time, and restarting it would break them. Null, with the reason, when this machine
 * cannot run one (no server binaries, or root without a `postgres` user to run them as).
 */
async function privatePostgres(): Promise<
  { url: string; restart(): Promise<void>; stop(): Promise<void> } | { reason: string }
> {
  let bin = '';
  try {
    bin = (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    /* look in the usual place below */
  }
  if (!bin || !existsSync(path.join(bin, 'initdb'))) {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    bin =
      versions.map((v) => path.join(root, v, 'bin')).find((d) => existsSync(path.join(d, 'initdb'))) ?? '';
  }
  if (!bin) return { reason: 'no PostgreSQL server binaries (initdb, pg_ctl) on this machine' };
  const asRoot = process.getuid?.() === 0;
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    try {
      uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    } catch {
      return { reason: 'running as root and no postgres user to run a server as' };
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'wps-crash-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) chownSync(dir, uid, gid);
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
  const port = await freePort();
  try {
    await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await tool('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
      '-w',
      'start',
    ]);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `a private server would not start: ${(e as Error).message.split('\n')[0]}` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // pg_ctl restart reuses the options of the last start (postmaster.opts).
    restart: async () => {
      await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'restart', '-l', path.join(dir, 'log')]);
    },
    stop: async () => {
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The chain key both instances share (issue 28: the seed is derived from it, never stored). */
const CHAIN_KEY = randomBytes(32).toString('hex');
/** The chain's salt, as if its beacon round were out already. */
const SALT = randomBytes(32).toString('hex');

/**
 * A chain whose first round is short (≤ 1.10×) and whose next five fly to 3× or more (18 s and
 * longer): every round the test plays in is still in flight when the leader is cut off. Found by
 * trying nonces under the shared key, with the salt already known.
 */
function testChain(length: number) {
  for (;;) {
    const nonce = randomBytes(32).toString('hex');
    const hashes = buildChain(chainSeed(CHAIN_KEY, nonce), length);
    const points = hashes.map((h) => crashPointHundredths(h, SALT));
    if (points[1]! <= 110 && points.slice(2, 7).every((p) => p >= 300))
      return { nonce, terminatingHash: hashes[0]!, length };
  }
}

/** A socket to one instance, keeping every frame. */
class Socket {
  frames: CrashServerFrame[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => this.frames.push(JSON.parse(d.toString()) as CrashServerFrame));
  }
  static async open(port: number, token: string) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/wps/inhouse/crash/ws`, { headers: { token } });
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    return new Socket(ws);
  }
  send(x: unknown) {
    this.ws.send(JSON.stringify(x));
  }
  async next<T extends CrashServerFrame['t']>(
    t: T,
    pred: (f: Extract<CrashServerFrame, { t: T }>) => boolean = () => true,
    ms = 10_000,
  ): Promise<Extract<CrashServerFrame, { t: T }>> {
    let found: Extract<CrashServerFrame, { t: T }> | undefined;
    try {
      await until(
        () => {
          const i = this.frames.findIndex((f) => f.t === t && pred(f as Extract<CrashServerFrame, { t: T }>));
          if (i < 0) return false;
          found = this.frames.splice(i, 1)[0] as Extract<CrashServerFrame, { t: T }>;
          return true;
        },
        ms,
        `a ${t} frame`,
      );
    } catch (err) {
      // Say what did come (an error frame refusing the bet, a closed socket): a CI run once timed
      // out here, and the bare timeout could not tell why.
      const seen = this.frames.filter((f) => f.t !== 'tick').slice(-5);
      throw new Error(
        `${(err as Error).message}; socket state ${this.ws.readyState}, last frames: ${JSON.stringify(seen).slice(0, 800)}`,
      );
    }
    return found!;
  }
}

/**
 * `npm run test:cluster`: two server processes, crash loop on, one database. The leader's crash
 * connection is killed mid-flight (pg_terminate_backend), then PostgreSQL itself is restarted
 * mid-flight (on a private server, see `privatePostgres`; on the shared one that step is left out
 * and the test says why). After each: exactly one leader, the interrupted round void with its open
 * bets refunded (the policy in docs/games.md), no round number lost or doubled, every acknowledged bet
 * settled exactly once, cash-outs taken on the follower honoured, the ledger reconciled.
 */
describe.skipIf(!base)(
  'crash on two instances: the leader cut off, PostgreSQL restarted (needs TEST_DATABASE_URL)',
  () => {
    const name = `wps_crash_fo_${randomBytes(4).toString('hex')}`;
    let server: Awaited<ReturnType<typeof privatePostgres>> | null = null;
    let restartLeftOut = '';
    let serverUrl = '';
    let url = '';
    const children: ChildProcess[] = [];
    let db: pg.Client | null = null;

    beforeAll(async () => {
      server = await privatePostgres();
      if ('reason' in server) {
        restartLeftOut = `PostgreSQL restart left out: ${server.reason}; the shared server at TEST_DATABASE_URL serves other suites and is never restarted by a test`;
        console.warn(restartLeftOut);
        serverUrl = base!;
      } else serverUrl = server.url;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      url = u.toString();
    }, 120_000);
    afterAll(async () => {
      for (const c of children) c.kill('SIGKILL');
      await db?.end().catch(() => undefined);
      if (server && !('reason' in server)) await server.stop();
      else if (serverUrl) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 60_000);

    async function launch(port: number): Promise<ChildProcess> {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: url,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          JOBS: 'off',
          CRASH_LOOP: 'on',
          SEED_DEMO: 'false',
          HUMAN_CHECK: 'off',
          CRASH_CHAIN_KEY: CHAIN_KEY,
          CRASH_SALT_DELAY_SECONDS: '0',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error('server exited early');
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
        } catch {
          // not listening yet
        }
        await sleep(200);
      }
      throw new Error('server did not start');
    }

    it('one leader after each cut, no round lost or doubled, every acknowledged bet settled once, follower cash-outs honoured', async () => {
      const setup = await buildApp(testConfig({ databaseUrl: url }));
      const start = 1_000_000n;
      const players: Array<{ id: number; token: string }> = [];
      let chainNonce = '';
      try {
        for (let i = 0; i < 4; i++) {
          const m = await createMember(setup);
          await setup.services.wallet.post({
            key: `crash-fo-fund:${m.id}`,
            reason: 'deposit',
            postings: [
              { account: Accounts.clearing('BANK'), amount: -start },
              { account: Accounts.cash(m.id), amount: start },
            ],
          });
          players.push({ id: m.id, token: m.token });
        }
        const chain = testChain(40);
        chainNonce = chain.nonce;
        // A retry of this test runs on the same database: the first attempt's chain steps aside.
        await setup.database.query('update crash_chains set active = false where active');
        await setup.database.query(
          `insert into crash_chains (nonce, terminating_hash, length, salt_beacon_url, salt_beacon_chain,
             salt_round, salt_due_at, salt) values ($1, $2, $3, 'test', 'test', 1, now(), $4)`,
          [chain.nonce, chain.terminatingHash, chain.length, SALT],
        );
      } finally {
        await setup.close();
      }

      const ports = [await freePort(), await freePort()];
      await Promise.all(ports.map((p) => launch(p)));
      db = new pg.Client({ connectionString: url });
      await db.connect();
      const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
        (await db!.query(text, params)).rows as T[];
      const holders = () =>
        q<{ pid: number; app: string }>(
          `select l.pid, a.application_name as app from pg_locks l join pg_stat_activity a using (pid)
          where l.locktype = 'advisory' and l.objid = $1 and l.granted
            and l.database = (select oid from pg_database where datname = current_database())`,
          [CRASH_LOCK_KEY],
        );
      /** The leader's index in `ports` (by the crash connection's application_name) and its lock backend. */
      const leader = async () => {
        let found: { index: number; pid: number } | null = null;
        await until(
          async () => {
            const h = await holders().catch(() => []);
            if (h.length !== 1) return false;
            const pid = Number(h[0]!.app.split(':')[1]);
            const index = children.findIndex((c) => c.pid === pid);
            if (index < 0) return false;
            found = { index, pid: h[0]!.pid };
            return true;
          },
          30_000,
          'exactly one leader',
        );
        return found!;
      };

      // Each player has a socket on each instance.
      const sockets = await Promise.all(
        players.map(async (p) => [
          await Socket.open(ports[0]!, p.token),
          await Socket.open(ports[1]!, p.token),
        ]),
      );
      const acked = new Map<number, { player: number; amount: bigint }>();
      const interrupted: number[] = [];
      const followerCashouts = new Map<number, number>();

      /**
       * A round in its betting window (6 s) with at least 4 s left, past the chain's short first
       * round: a CI run on a loaded machine sent its last bet with 2.5 s left and saw it refused,
       * betting closed, when the acknowledgements came slowly.
       */
      const bettingRound = async () => {
        let round: { roundId: number; startsAt: number } | null = null;
        await until(
          async () => {
            const [r] = await q<{ id: number; round_no: number; status: string; left: number }>(
              `select id, round_no, status, extract(epoch from starts_at - clock_timestamp()) * 1000 as left
               from crash_rounds order by id desc limit 1`,
            ).catch(() => []);
            if (r?.status !== 'betting' || r.round_no < 2 || Number(r.left) < 4000) return false;
            round = { roundId: r.id, startsAt: Date.now() + Number(r.left) };
            return true;
          },
          60_000,
          'a round open for bets',
        );
        return round!;
      };
      /**
       * Every player bets in both slots, half through each instance, all sent at once; each
       * acknowledged bet is kept.
       */
      const betAll = async (roundId: number) => {
        await Promise.all(
          players.flatMap((p, i) =>
            [0, 1].map(async (slot) => {
              const s = sockets[i]![(i + slot) % 2]!;
              const amount = slot === 0 ? '10.00' : '5.00';
              s.send({ t: 'bet', requestId: `fo-${roundId}-${p.id}-${slot}`, slot, amount });
              const b = await s.next('bet', (f) => f.bet.roundId === roundId && f.bet.slot === slot);
              acked.set(b.bet.betId, { player: p.id, amount: slot === 0 ? 1000n : 500n });
            }),
          ),
        );
      };
      /** Cash-outs of two players' slot-0 bets, sent to the follower by bet id. */
      const cashOutOnFollower = async (roundId: number, follower: number, who: number[]) => {
        for (const i of who) {
          const [row] = await q<{ id: string }>(
            'select id::text from crash_bets where round_id = $1 and member_id = $2 and slot = 0',
            [roundId, players[i]!.id],
          );
          const betId = Number(row!.id);
          const s = sockets[i]![follower]!;
          s.send({ t: 'cashout', slot: 0, betId });
          const won = await s.next('settled', (f) => f.bet.betId === betId && f.bet.status === 'won');
          followerCashouts.set(betId, won.bet.cashout!);
        }
      };
      const voidedAndNext = async (roundId: number) => {
        await until(
          async () => {
            const rows = await q<{ voided: boolean; later: number; open: number }>(
              `select (select voided_at is not null from crash_rounds where id = $1) as voided,
                    (select count(*)::int from crash_rounds where id > $1) as later,
                    (select count(*)::int from crash_bets where round_id = $1 and status = 'open') as open`,
              [roundId],
            ).catch(() => []);
            return rows[0]?.voided === true && rows[0].later > 0 && rows[0].open === 0;
          },
          60_000,
          `round ${roundId} void and refunded, and the next one open`,
        );
      };

      // 1. The leader's crash connection is killed mid-flight.
      const first = await leader();
      const r1 = await bettingRound();
      await betAll(r1.roundId);
      await until(() => Date.now() > r1.startsAt + 1200, 15_000, 'the flight of the first round');
      await cashOutOnFollower(r1.roundId, 1 - first.index, [0, 1]);
      await q('select pg_terminate_backend($1)', [first.pid]);
      interrupted.push(r1.roundId);
      await voidedAndNext(r1.roundId);
      const second = await leader();
      expect((await holders()).length).toBe(1);

      // 2. PostgreSQL itself restarts mid-flight (when this test has a server of its own).
      if (server && !('reason' in server)) {
        const r2 = await bettingRound();
        await betAll(r2.roundId);
        await until(() => Date.now() > r2.startsAt + 1200, 15_000, 'the flight of the second round');
        await cashOutOnFollower(r2.roundId, 1 - second.index, [2, 3]);
        await db.end();
        await server.restart();
        interrupted.push(r2.roundId);
        db = new pg.Client({ connectionString: url });
        await db.connect();
        await voidedAndNext(r2.roundId);
        await leader();
        expect((await holders()).length).toBe(1);
      } else {
        console.warn(restartLeftOut);
      }

      // Every acknowledged bet settled exactly once: won (the follower's cash-outs, at the multiplier
      // acknowledged) or refunded with its void round; one line in the bets record, one stake and
      // at most one credit in the ledger.
      const ids = [...acked.keys()];
      const bets = await q<{ id: string; status: string; cashout: number | null; payout: string }>(
        'select id::text, status, cashout, payout::text from crash_bets where id = any($1)',
        [ids],
      );
      expect(bets).toHaveLength(ids.length);
      for (const b of bets) {
        const cashout = followerCashouts.get(Number(b.id));
        if (cashout !== undefined) expect(b, b.id).toMatchObject({ status: 'won', cashout });
        else
          expect(b, b.id).toMatchObject({ status: 'void', payout: String(acked.get(Number(b.id))!.amount) });
      }
      const lines = await q<{ round_id: string; n: number }>(
        'select round_id, count(*)::int as n from bets where round_id = any($1) group by round_id',
        [ids.map((id) => `crash${id}`)],
      );
      expect(lines).toHaveLength(ids.length);
      for (const l of lines) expect(l.n, l.round_id).toBe(1);
      const ledger = await q<{ key: string }>(
        'select idempotency_key as key from ledger_transactions where idempotency_key = any($1)',
        [ids.flatMap((id) => [`inhouse:crash${id}:bet`, `inhouse:crash${id}:win`])],
      );
      expect(ledger.filter((l) => l.key.endsWith(':bet'))).toHaveLength(ids.length);
      expect(ledger.filter((l) => l.key.endsWith(':win'))).toHaveLength(ids.length); // every bet won or was refunded
      for (const p of players) {
        const mine = bets.filter((b) => acked.get(Number(b.id))!.player === p.id);
        const staked = mine.reduce((s, b) => s + acked.get(Number(b.id))!.amount, 0n);
        const paid = mine.reduce((s, b) => s + BigInt(b.payout), 0n);
        const [acc] = await q<{ b: string }>(
          'select balance::text as b from ledger_accounts where key = $1',
          [`player_cash:${p.id}`],
        );
        expect(BigInt(acc!.b)).toBe(start - staked + paid);
      }
      const report = await reconcile((text) => q(text));
      expect(report.ok, JSON.stringify(report.violations)).toBe(true);

      // No round lost or doubled: round numbers 1, 2, 3 … each once; only the interrupted rounds
      // are void; at most one round unfinished; rounds follow one another in time, under
      // epochs that never go back.
      const rounds = await q<{
        round_no: number;
        status: string;
        epoch: string;
        voided: boolean;
        id: number;
        created: Date;
        crashed: Date | null;
      }>(
        // This attempt's chain only: a retry runs on the same database, beside the first attempt's rounds.
        `select id, round_no, status, epoch::text, voided_at is not null as voided, created_at as created,
              crashed_at as crashed from crash_rounds
          where chain_id = (select id from crash_chains where nonce = $1) order by id`,
        [chainNonce],
      );
      expect(rounds.map((r) => r.round_no)).toEqual(rounds.map((_, i) => i + 1));
      expect(rounds.filter((r) => r.voided).map((r) => r.id)).toEqual(interrupted);
      expect(rounds.filter((r) => r.status !== 'crashed').length).toBeLessThanOrEqual(1);
      for (let i = 1; i < rounds.length; i++) {
        expect(Number(rounds[i]!.epoch)).toBeGreaterThanOrEqual(Number(rounds[i - 1]!.epoch));
        const before = rounds[i - 1]!.crashed;
        if (before) expect(rounds[i]!.created.getTime()).toBeGreaterThanOrEqual(before.getTime() - 50);
      }
      for (const pair of sockets) for (const s of pair) s.ws.terminate();
    }, 300_000);
  },
);
