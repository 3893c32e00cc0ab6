import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, testConfig } from '../config.ts';
import { Accounts } from '../modules/wallet/accounts.ts';
import { reconcile } from '../modules/wallet/service.ts';
import { createMember } from '../test/members.ts';

const base = testConfig().testDatabaseUrl;
/** With a Redis, both instances share their rate limits through it, as in production. */
const redisUrl = loadConfig().testRedisUrl;
const SECRET = 'cluster-test-secret';
/** Sign-ins one address may try in a minute, across the cluster (LOGIN_IP_LIMIT_PER_MINUTE). */
const LOGIN_IP_LIMIT = 12;
/** The real-time salary job's period: short, so the test sees many periods pass. */
const REALTIME_PERIOD_SECONDS = 5;
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

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Both schedulers tick (every 5 s) all through the test, as two production instances do.
      JOBS: 'on',
      AGENT_REALTIME_PERIOD_SECONDS: String(REALTIME_PERIOD_SECONDS),
      SEED_DEMO: 'false',
      SANDBOX_VENDOR_SECRET: SECRET,
      // The sign-in test comes from an address of its own (X-Forwarded-For through one proxy hop).
      TRUST_PROXY: '1',
      HUMAN_CHECK: 'off',
      LOGIN_IP_LIMIT_PER_MINUTE: String(LOGIN_IP_LIMIT),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

interface Bet {
  txId: string;
  roundId: string;
  username: string;
  gameCode: string;
  amount: string;
}

/**
 * `npm run test:cluster`: two server processes on one PostgreSQL database (and one Redis, when
 * TEST_REDIS_URL names one), their job schedulers on. Seamless bets and player reads are spread
 * over both; one is SIGKILLed mid-load and restarted; afterwards every acknowledged bet is in the
 * books once, resending every bet (as a vendor does) applies each exactly once, the ledger
 * reconciles, and a logout on one instance is a logout on the other. Then: the periodic jobs ran
 * once per period between the two schedulers, through the kill; a sign-in limit holds across
 * both instances; a settings change reaches both within the settings cache's 10 s.
 */
describe.skipIf(!base)('two instances, one database, one killed mid-load (needs TEST_DATABASE_URL)', () => {
  const name = `wps_cluster_${randomBytes(5).toString('hex')}`;
  let url = '';
  const servers: ChildProcess[] = [];
  /** Each server's port, in `servers`' order (the restarted instance replaces the killed one). */
  const ports: number[] = [];
  /** The process ids of every instance started, the killed one first. */
  const pids: number[] = [];
  let killedPid = 0;
  const launch = async (port: number) => {
    const child = await startServer(url, port);
    pids.push(child.pid!);
    return child;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    for (const s of servers) s.kill('SIGKILL');
    await Promise.all(servers.map(exited));
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('loses no acknowledged bet, applies retries once, and shares logouts', async () => {
    // A retry of this test (CI retries a failure once) runs on the same database: its bets get
    // request ids of their own, or the first attempt's would answer them as conflicting duplicates.
    const attempt = randomBytes(3).toString('hex');
    const setup = await buildApp(testConfig({ databaseUrl: url }));
    const players: Array<{ id: number; account: string; token: string }> = [];
    const start = 1_000_000n;
    for (let i = 0; i < 6; i++) {
      const m = await createMember(setup);
      await setup.services.wallet.post({
        key: `cluster-fund:${m.id}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -start },
          { account: Accounts.cash(m.id), amount: start },
        ],
      });
      const { token } = await setup.services.auth.sessions.open({
        memberId: m.id,
        role: 'player',
        loginType: 'password',
      });
      players.push({ id: m.id, account: m.account, token });
    }
    await setup.close();

    ports.push(await freePort(), await freePort());
    servers.push(await launch(ports[0]!), await launch(ports[1]!));

    const sign = (raw: string) => createHmac('sha256', SECRET).update(raw).digest('hex');
    const send = async (port: number, bet: Bet) => {
      const raw = JSON.stringify(bet);
      const res = await fetch(`http://127.0.0.1:${port}/seamless/v1/SANDBOX/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(raw) },
        body: raw,
      });
      return { status: res.status, body: (await res.json()) as { code: string; value: { balance: string } } };
    };
    const read = (port: number, token: string, route: string) =>
      fetch(`http://127.0.0.1:${port}${route}`, { headers: { token } }).then((r) => r.status);

    const attempted: Bet[] = [];
    const acked = new Map<string, { balance: string }>();
    let n = 0;
    let killed = false;
    const worker = async (w: number) => {
      // Workers 0–7 talk to instance A (killed later), 8–15 to B; every 5th call is a player read.
      const port = ports[w < 8 ? 0 : 1]!;
      for (;;) {
        if (killed && w < 8) return;
        if (acked.size >= 1200) return;
        const p = players[w % players.length]!;
        if (n % 5 === 0) {
          const status = await read(port, p.token, '/wps/v2/wallets/balance').catch(() => 0);
          if (status !== 200 && !(killed && w < 8)) throw new Error(`balance answered ${status}`);
          n++;
          continue;
        }
        const bet: Bet = {
          txId: `cl-${attempt}-${w}-${n++}`,
          roundId: `clr-${w}-${n % 3}`,
          username: p.account,
          gameCode: 'g',
          amount: `${1 + (n % 5)}.${String(n % 100).padStart(2, '0')}`,
        };
        attempted.push(bet);
        try {
          const r = await send(port, bet);
          if (r.status === 200 && r.body.code === 'OK') acked.set(bet.txId, r.body.value);
          else throw new Error(`unexpected answer ${r.status} ${JSON.stringify(r.body)}`);
        } catch (err) {
          if (killed && w < 8) return;
          throw err;
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, w) => worker(w).catch((e: unknown) => e));
    while (acked.size < 300) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    killedPid = servers[0]!.pid!;
    servers[0]!.kill('SIGKILL');
    await exited(servers[0]!);
    // B keeps serving while A is down.
    const failures = (await Promise.all(workers)).filter(Boolean);
    expect(failures).toEqual([]);
    const restartedPort = await freePort();
    servers[0] = await launch(restartedPort);
    ports[0] = restartedPort;

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const query = async (sqlText: string, params: unknown[] = []) => (await db.query(sqlText, params)).rows;
      const rows = await query(
        `select s.tx_id, s.status, count(t.id)::int as ledger
         from seamless_transactions s
         left join ledger_transactions t on t.idempotency_key = 'seamless:SANDBOX:' || s.tx_id
         where s.vendor = 'SANDBOX' group by s.tx_id, s.status`,
      );
      const byTx = new Map(rows.map((r) => [r.tx_id as string, r]));
      for (const txId of acked.keys()) {
        expect(byTx.get(txId)?.status, txId).toBe('applied');
        expect(byTx.get(txId)?.ledger, txId).toBe(1);
      }
      // The vendor resends everything, alternating instances: each bet applied exactly once.
      const both = [restartedPort, ports[1]!];
      for (const [i, bet] of attempted.entries()) {
        const r = await send(both[i % 2]!, bet);
        expect(r.status, bet.txId).toBe(200);
        const first = acked.get(bet.txId);
        if (first) expect(r.body.value.balance).toBe(first.balance);
      }
      for (const p of players) {
        const spent = attempted
          .filter((b) => b.username === p.account)
          .reduce((sum, b) => sum + BigInt(Math.round(Number(b.amount) * 100)), 0n);
        const [acc] = await query('select balance::text as b from ledger_accounts where key = $1', [
          `player_cash:${p.id}`,
        ]);
        expect(BigInt(acc!.b as string), p.account).toBe(start - spent);
      }
      const report = await reconcile((q) => query(q));
      expect(report.ok, JSON.stringify(report.violations)).toBe(true);

      // Logout on one instance is logout on the other (both had the session cached).
      const p = players[0]!;
      expect(await read(restartedPort, p.token, '/wps/member/info')).toBe(200);
      expect(await read(ports[1]!, p.token, '/wps/member/info')).toBe(200);
      const out = await fetch(`http://127.0.0.1:${restartedPort}/wps/session/logout`, {
        method: 'DELETE',
        headers: { token: p.token },
      });
      expect(out.status).toBe(200);
      let other = 200;
      for (let i = 0; i < 100 && other === 200; i++) {
        other = await read(ports[1]!, p.token, '/wps/member/info');
        if (other === 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(other).toBe(401);
    } finally {
      await db.end();
    }
  }, 240_000);

  it('ran each periodic job once per period between the two schedulers, through the kill', async () => {
    expect(servers).toHaveLength(2);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const runs = async () =>
        (
          await db.query<{ job: string; period_start: Date; status: string; owner: string }>(
            'select job, period_start, status, owner from job_runs order by job, period_start',
          )
        ).rows;
      const pidOf = (owner: string) => Number(owner.split(':')[1]);
      // A few periods pass while both schedulers tick (whichever claims a period first runs it),
      // and the live instances are between runs.
      const settled = (all: Awaited<ReturnType<typeof runs>>) =>
        all.filter((r) => r.job === 'agent-realtime-salary').length >= 4 &&
        !all.some((r) => r.status === 'running' && pidOf(r.owner) !== killedPid);
      const deadline = Date.now() + 60_000;
      let rows = await runs();
      while (Date.now() < deadline && !settled(rows)) {
        await new Promise((r) => setTimeout(r, 200));
        rows = await runs();
      }
      for (const r of rows) {
        // Every run finished, except one the killed instance was in the middle of: another
        // instance takes that over once its lease (60 s) lapses (jobs/scheduler.pg.test.ts).
        if (r.status === 'running') expect(pidOf(r.owner), `${r.job} ${r.period_start}`).toBe(killedPid);
        else expect(r.status, `${r.job} ${r.period_start}`).toBe('done');
        expect(pids, r.owner).toContain(pidOf(r.owner));
      }
      // One row per (job, period) is the table's unique key; what the cluster adds is that no
      // period was skipped while both schedulers raced for each, nor across the kill.
      const rt = rows.filter((r) => r.job === 'agent-realtime-salary');
      expect(rt.length).toBeGreaterThanOrEqual(4);
      for (let i = 1; i < rt.length; i++)
        expect(rt[i]!.period_start.getTime() - rt[i - 1]!.period_start.getTime()).toBe(
          REALTIME_PERIOD_SECONDS * 1000,
        );
    } finally {
      await db.end();
    }
  }, 90_000);

  it.skipIf(!redisUrl)(
    'holds a sign-in limit across both instances (shared through Redis)',
    async () => {
      expect(servers).toHaveLength(2);
      const octet = () => 1 + Math.floor(Math.random() * 250);
      // An address of this run's own, so no earlier run's counter in Redis applies.
      const ip = `10.${octet()}.${octet()}.${octet()}`;
      const login = async (port: number, i: number) => {
        const res = await fetch(`http://127.0.0.1:${port}/wps/session/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          // A different unknown account each time: only the per-address limit applies.
          body: JSON.stringify({ username: `nobody${i}`, password: 'Wrong1234' }),
        });
        return { status: res.status, code: ((await res.json()) as { code: string }).code };
      };
      // Alternating instances: each alone is under its limit the whole time.
      for (let i = 0; i < LOGIN_IP_LIMIT; i++) {
        const r = await login(ports[i % 2]!, i);
        expect(r.code, `attempt ${i + 1}`).not.toBe('RATE_LIMITED');
      }
      // The cluster's limit is spent: both instances refuse the next try.
      expect(await login(ports[0]!, LOGIN_IP_LIMIT)).toEqual({ status: 429, code: 'RATE_LIMITED' });
      expect(await login(ports[1]!, LOGIN_IP_LIMIT + 1)).toEqual({ status: 429, code: 'RATE_LIMITED' });
    },
    60_000,
  );

  it("shows a settings change on both instances within the settings cache's 10 s", async () => {
    expect(servers).toHaveLength(2);
    const writer = await buildApp(testConfig({ databaseUrl: url }));
    const status = async (port: number) =>
      (
        (await (await fetch(`http://127.0.0.1:${port}/wps/system/status`)).json()) as {
          value: { status: number };
        }
      ).value.status;
    try {
      // Both have the settings cached before the change.
      for (const port of ports) expect(await status(port)).toBe(0);
      const changedAt = Date.now();
      await writer.services.system.setMaintenance({ enabled: true, message: 'cluster test' }, null);
      const seenAfter = await Promise.all(
        ports.map(async (port) => {
          while ((await status(port)) !== 1) {
            if (Date.now() - changedAt > 20_000) return Number.POSITIVE_INFINITY;
            await new Promise((r) => setTimeout(r, 200));
          }
          return Date.now() - changedAt;
        }),
      );
      // 10 s of cache, plus a poll and a request of slack.
      for (const ms of seenAfter) expect(ms).toBeLessThan(11_000);
    } finally {
      await writer.services.system.setMaintenance({ enabled: false, message: null }, null);
      await writer.close();
    }
  }, 60_000);
});
