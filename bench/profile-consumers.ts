/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/**
 * Diagnostics for bench:wallet's consumer lines (not part of the bench): writes BETS seamless bets
 * over PLAYERS players, then drains each consumer of the bets record alone, printing its rate and
 * the statements it sent per 1,000 bets (CONSUMER=<name> for one only). `--cpu-prof` on this
 * script shows where a drain's time goes.
 */
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createServices } from '../apps/server/src/services.ts';
import { betConsumers } from './lib/consumers.ts';
import { countQueries } from './lib/count-queries.ts';
import { benchDatabase } from './lib/database.ts';
import { fundedPlayers } from './lib/players.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 500);
const BETS = Number(process.env.BETS ?? 20_000);
const counts = countQueries(90);

async function main() {
  const { url, drop } = await benchDatabase();
  try {
    const config = testConfig({ databaseUrl: url });
    const database = await openDatabase({ url, poolSize: 32 });
    await runMigrations(database);
    const services = createServices(config, database);
    const players = await fundedPlayers(services, PLAYERS, 'cons', 50);
    let written = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (written < BETS) {
          const i = written++;
          await services.seamless.bet('SANDBOX', {
            txId: `c-${i}`,
            roundId: `cr-${i}`,
            username: players[(i * 7919) % PLAYERS]!,
            gameCode: 'bench',
            amount: '1.00',
          });
        }
      }),
    );
    console.log(`${written} bets written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const only = process.env.CONSUMER;
    for (const [name, drain] of Object.entries(betConsumers(services, config.businessUtcOffsetMinutes))) {
      if (only && name !== only) continue;
      counts.clear();
      const started = performance.now();
      let rows = 0;
      for (;;) {
        const n = await drain();
        if (n === 0) break;
        rows += n;
      }
      const s = (performance.now() - started) / 1000;
      const statements = [...counts.values()].reduce((a, b) => a + b, 0);
      console.log(
        `${name.padEnd(24)} ${rows} rows in ${s.toFixed(1)} s: ${(rows / s).toFixed(0)} rows/s, ${((statements / Math.max(1, rows)) * 1000).toFixed(0)} statements per 1,000`,
      );
      for (const [k, v] of [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6))
        console.log(`    ${String(v).padStart(6)}  ${k}`);
    }
    await database.close();
  } finally {
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
