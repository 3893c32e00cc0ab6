import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { reconcile } from '../wallet/service.ts';

const base = testConfig().testDatabaseUrl;
const SECRET = 'crash-test-secret';
const here = path.dirname(new URL(import.meta.url).pathname);
const MAIN = path.resolve(here, '../../main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  output: string[];
}

/** The real server process (tsx, as `npm run dev` runs it) against the test database. */
async function startServer(databaseUrl: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      SEED_DEMO: 'false',
      SANDBOX_VENDOR_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return { child, output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output.join('')}`);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * The crash test: the server is SIGKILLed while vendors' bets are in flight, restarted, and then
 * every bet it acknowledged is in the books, nothing is half-written, and resending every bet
 * (acknowledged or not, as a vendor would) applies each exactly once.
 */
describe.skipIf(!base)('crash safety of the seamless wallet (needs TEST_DATABASE_URL)', () => {
  const name = `wps_crash_${randomBytes(5).toString('hex')}`;
  let url = '';
  let server: Server | null = null;

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
    if (server) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('keeps every acknowledged bet and nothing half-written across a SIGKILL', async () => {
    // Set up players through the app's own services (this also migrates the new database).
    const setup = await buildApp(testConfig({ databaseUrl: url }));
    const players: Array<{ id: number; account: string }> = [];
    for (let i = 0; i < 4; i++) players.push(await createMember(setup));
    const start = 1_000_000n;
    for (const p of players) {
      await setup.services.wallet.post({
        key: `crash-fund:${p.id}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -start },
          { account: Accounts.cash(p.id), amount: start },
        ],
      });
    }
    await setup.close();

    const port = await freePort();
    server = await startServer(url, port);

    const sign = (raw: string) => createHmac('sha256', SECRET).update(raw).digest('hex');
    const send = async (srv: number, body: object) => {
      const raw = JSON.stringify(body);
      const res = await fetch(`http://127.0.0.1:${srv}/seamless/v1/SANDBOX/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(raw) },
        body: raw,
      });
      return { status: res.status, body: (await res.json()) as { code: string; value: { balance: string } } };
    };

    interface Bet {
      txId: string;
      roundId: string;
      username: string;
      gameCode: string;
      amount: string;
    }
    const attempted: Bet[] = [];
    const acked = new Map<string, { balance: string }>();
    let n = 0;
    let stop = false;
    // Unique per attempt: a retry of this test runs on the same database.
    const run = randomBytes(3).toString('hex');
    const worker = async (w: number) => {
      // Workers keep sending until the kill has refused one of their calls: had they stopped at the
      // kill, one group-commit batch answering every call in flight just before it would leave no
      // unacknowledged bet, and the test would prove nothing about one.
      for (;;) {
        const p = players[w % players.length]!;
        const bet: Bet = {
          txId: `crash-${run}-${w}-${n++}`,
          roundId: `cr${w}`,
          username: p.account,
          gameCode: 'g',
          amount: `${1 + (n % 7)}.${String(n % 100).padStart(2, '0')}`,
        };
        attempted.push(bet);
        try {
          const r = await send(port, bet);
          if (r.status === 200 && r.body.code === 'OK') acked.set(bet.txId, r.body.value);
          else throw new Error(`unexpected answer ${r.status} ${JSON.stringify(r.body)}`);
        } catch (err) {
          if (stop) return;
          throw err;
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, w) => worker(w).catch((e) => (stop ? undefined : e)));
    // Let load build up, then kill the process without warning in the middle of it.
    while (acked.size < 400) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    stop = true;
    const failures = (await Promise.all(workers)).filter(Boolean);
    expect(failures).toEqual([]);
    await exited(server.child);
    expect(attempted.length).toBeGreaterThan(acked.size);

    // Restart on the same database.
    const port2 = await freePort();
    server = await startServer(url, port2);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const query = async (sqlText: string, params: unknown[] = []) => (await db.query(sqlText, params)).rows;
      const report = await reconcile((q) => query(q));
      expect(report.ok, JSON.stringify(report.violations)).toBe(true);

      // Every acknowledged bet is there, applied, with its ledger transaction.
      const rows = await query(
        `select s.tx_id, s.status, t.id as ledger_id,
                (select p.balance_after::text from ledger_postings p
                   join ledger_accounts a on a.id = p.account_id
                  where p.transaction_id = t.id and a.type = 'player_cash') as balance
         from seamless_transactions s
         left join ledger_transactions t on t.idempotency_key = 'seamless:SANDBOX:' || s.tx_id
         where s.vendor = 'SANDBOX'`,
      );
      const byTx = new Map(rows.map((r) => [r.tx_id as string, r]));
      for (const [txId, value] of acked) {
        const row = byTx.get(txId);
        expect(row, txId).toBeDefined();
        expect(row!.status).toBe('applied');
        expect(row!.ledger_id).not.toBeNull();
        expect((Number(row!.balance) / 100).toFixed(2)).toBe(value.balance);
      }
      // Nothing half-written: no vendor row without its postings, no postings without their row.
      for (const r of rows) {
        expect(r.status, r.tx_id as string).toBe('applied');
        expect(r.ledger_id, r.tx_id as string).not.toBeNull();
      }
      const orphans = await query(
        `select t.idempotency_key from ledger_transactions t
         where t.idempotency_key like 'seamless:%'
           and not exists (select 1 from seamless_transactions s
                           where 'seamless:' || s.vendor || ':' || s.tx_id = t.idempotency_key)`,
      );
      expect(orphans).toEqual([]);

      // The vendor resends everything it sent: each bet ends applied exactly once.
      for (const bet of attempted) {
        const r = await send(port2, bet);
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
      const after = await reconcile((q) => query(q));
      expect(after.ok, JSON.stringify(after.violations)).toBe(true);
    } finally {
      await db.end();
    }
  }, 180_000);
});
