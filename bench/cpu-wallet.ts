/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/**
 * CPU per seamless bet, not rate: on a shared machine the wall-clock rates of bench:wallet swing
 * with everyone else's load, CPU time spent per bet does not. Sends BETS bets (32 concurrent,
 * many players, then one hot player) in process and reads the CPU time of this database's
 * PostgreSQL backends (/proc/<pid>/stat) and of this Node process before and after.
 */
import { readFileSync } from 'node:fs';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/modules/members/passwords.ts';
import { Accounts } from '../apps/server/src/modules/wallet/accounts.ts';
import { createServices } from '../apps/server/src/services.ts';
import { benchDatabase, settle } from './lib/database.ts';

const CLIENTS = 32;
const PLAYERS = 500;
const BETS = Number(process.env.BETS ?? 4000);
const TICK_US = 1e6 / 100; // USER_HZ

async function main() {
  const { url, drop } = await benchDatabase();
  const dbName = new URL(url).pathname.slice(1);
  try {
    const config = testConfig({ databaseUrl: url });
    const database = await openDatabase({ url, poolSize: CLIENTS });
    await runMigrations(database);
    const services = createServices(config, database);
    const passwordHash = await hashPassword('Bench@1234');
    const players: string[] = [];
    for (let i = 0; i < PLAYERS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          services.members.create({ account: `cpu${i + j}`, passwordHash }),
        ),
      );
      for (const m of batch)
        await services.wallet.post({
          key: `fund:${m.id}`,
          reason: 'deposit',
          postings: [
            { account: Accounts.clearing('BENCH'), amount: -100_000_000n },
            { account: Accounts.cash(m.id), amount: 100_000_000n },
          ],
        });
      players.push(...batch.map((m) => m.account));
    }
    const bet = async (prefix: string, i: number, username: string) => {
      const a = await services.seamless.bet('SANDBOX', {
        txId: `${prefix}-${i}`,
        roundId: `${prefix}-r${i}`,
        username,
        gameCode: 'bench',
        amount: '1.00',
      });
      if (a.code !== 'OK') throw new Error(`bet refused: ${a.code}`);
    };
    const run = async (prefix: string, n: number, pick: (i: number) => string) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < n) {
            const i = next++;
            await bet(prefix, i, pick(i));
          }
        }),
      );
    };
    const spread = (i: number) => players[(i * 7919) % PLAYERS]!;
    await run('warm', PLAYERS * 2, spread);
    // Statistics and a clean checkpoint first, as bench:wallet does: planned blind (autovacuum
    // off, as on the CI machine) the same bets cost several times the CPU.
    await settle(url);
    const backendCpu = async () => {
      const rows = (await database.query('select pid from pg_stat_activity where datname = $1', [
        dbName,
      ])) as Array<{
        pid: number;
      }>;
      const us = new Map<number, number>();
      for (const { pid } of rows) {
        try {
          const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          us.set(pid, (Number(f[11]) + Number(f[12])) * TICK_US);
        } catch {
          // gone
        }
      }
      return us;
    };
    // Per backend: a pooled connection closed while idle takes its (idle, unchanged) total with it.
    const spent = (a: Map<number, number>, b: Map<number, number>) =>
      [...b].reduce((sum, [pid, v]) => sum + v - (a.get(pid) ?? 0), 0);
    for (const [label, pick] of [
      ['many', spread],
      ['hot', () => players[0]!],
    ] as const) {
      const db0 = await backendCpu();
      const n0 = process.cpuUsage();
      const t0 = performance.now();
      await run(`${label}x`, BETS, pick);
      const wall = performance.now() - t0;
      const n1 = process.cpuUsage(n0);
      const db1 = await backendCpu();
      console.log(
        `${label.padEnd(5)} ${BETS} bets: postgres ${(spent(db0, db1) / BETS).toFixed(0)} us/bet, node ${((n1.user + n1.system) / BETS).toFixed(0)} us/bet (wall ${(wall / 1000).toFixed(1)} s, load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
      );
    }
    await database.close();
  } finally {
    await drop();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
