/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/** Diagnostics for bench:wallet (not part of the bench): queries per bet, batch sizes, run order. */
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { SeamlessLanes } from '../apps/server/src/modules/seamless/group-commit.ts';
import { createServices } from '../apps/server/src/services.ts';
import { countQueries } from './lib/count-queries.ts';
import { benchDatabase } from './lib/database.ts';
import { fundedPlayers } from './lib/players.ts';
import { closedLoop, fmt } from './lib/stats.ts';
import { freePort, httpRun, startServer } from './wallet-http.ts';

const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PLAYERS = 2000;
const counts = countQueries();

async function main() {
  const { url, drop } = await benchDatabase();
  try {
    const config = testConfig({ databaseUrl: url });
    const database = await openDatabase({ url, poolSize: Number(process.env.POOL ?? CLIENTS) });
    await runMigrations(database);
    const services = createServices(config, database);
    const players = await fundedPlayers(services, PLAYERS, 'bench');
    const spread = (i: number) => players[(i * 7919) % PLAYERS]!;
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
    await closedLoop(CLIENTS, 2, (_c, i) => bet('warm', i, spread(i)));
    for (let i = 0; i < PLAYERS; i += CLIENTS) {
      await Promise.all(players.slice(i, i + CLIENTS).map((p, j) => bet('warm2', i + j, p)));
    }
    if (process.env.NOGUARD)
      services.seamless.betGuard = async () => ({ error: null, release: async () => {} });
    const sizes: number[] = [];
    // Time inside the batch statement (from send to answer), to split a bet's latency.
    let batchMs = 0;
    // biome-ignore lint/suspicious/noExplicitAny: diagnostics
    const svc = services.seamless as any;
    const ab = svc.applyBatch.bind(svc);
    svc.applyBatch = (items: unknown[]) => {
      sizes.push(items.length);
      const t = performance.now();
      return ab(items).finally(() => {
        batchMs += performance.now() - t;
      });
    };
    const ao = svc.applyOne.bind(svc);
    svc.applyOne = (item: unknown) => {
      sizes.push(1);
      const t = performance.now();
      return ao(item).finally(() => {
        batchMs += performance.now() - t;
      });
    };
    // many:<lanes>[:<max items>[:<window ms>]] (or hot:…) picks the lane count (0 = without group
    // commit), the batch cap and an idle lane's wait (0 = the rest of the event-loop turn) for that run.
    const lanesFor = (n: number, maxItems: number, windowMs: number) => {
      svc.batches = new SeamlessLanes(
        (items: unknown[]) => svc.applyBatch(items),
        (item: unknown) => svc.applyOne(item),
        { lanes: Math.max(1, n), maxItems, windowMs },
      );
      svc.batches.enabled = n > 0;
    };
    for (const spec of (process.env.ORDER ?? 'many,hot,many').split(',')) {
      const [label, lanes, maxItems, windowMs] = spec.split(':') as Array<string | undefined> as [
        string,
        string | undefined,
        string | undefined,
        string | undefined,
      ];
      if (label === 'funcs') {
        // Time per database function since the last `funcs` (needs track_functions = 'pl').
        const rows = await database.query(
          `select funcname, calls, round(total_time) total_ms, round(self_time) self_ms
             from pg_stat_user_functions order by total_time desc limit 8`,
        );
        for (const r of rows) console.log(`   ${JSON.stringify(r)}`);
        await database.query('select pg_stat_reset()');
        continue;
      }
      if (label === 'http') {
        // The same bets over HTTP, from the real server on this database (lanes as configured
        // there), so the in-process and HTTP lines compare in one run: http:hot or http:many.
        const port = await freePort();
        const server = await startServer(url, port);
        try {
          const pick = lanes === 'hot' ? () => players[0]! : spread;
          const s = await httpRun(port, pick, `hp${Math.random()}`, { seconds: SECONDS });
          console.log(`${spec.padEnd(8)} ${fmt(s)}`);
        } finally {
          server.kill('SIGKILL');
        }
        continue;
      }
      if (label === 'analyze') {
        // Fresh statistics (and, by the relcache invalidation, fresh plans on every connection).
        await database.db.execute(sql.raw('analyze'));
        console.log('analyze');
        continue;
      }
      if (lanes !== undefined) lanesFor(Number(lanes), Number(maxItems ?? 32), Number(windowMs ?? 1));
      counts.clear();
      sizes.length = 0;
      batchMs = 0;
      const elu0 = performance.eventLoopUtilization();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const s =
        label === 'many'
          ? await closedLoop(CLIENTS, SECONDS, (_c, i) => bet(`ip${Math.random()}`, i, spread(i)))
          : await closedLoop(CLIENTS, SECONDS, (_c, i) => bet(`ih${Math.random()}`, i, players[0]!));
      const avg = sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length);
      const elu = performance.eventLoopUtilization(elu0);
      const cpu = process.cpuUsage(cpu0);
      const wall = (performance.now() - t0) * 1000;
      console.log(
        `${spec.padEnd(8)} ${fmt(s)} batches ${sizes.length} avg ${avg.toFixed(1)} (${(batchMs / Math.max(1, sizes.length)).toFixed(1)} ms each) node ELU ${elu.utilization.toFixed(2)} cpu ${((cpu.user + cpu.system) / wall).toFixed(2)} core, ${((cpu.user + cpu.system) / s.count).toFixed(0)} us/bet`,
      );
      const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
      for (const [k, v] of top) console.log(`   ${(v / s.count).toFixed(3)}/bet  ${k}`);
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
