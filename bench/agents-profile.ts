/** Profiles one daily settlement on a database bench:agents filled (BENCH_DATABASE_URL): where the time goes. */
import { performance } from 'node:perf_hooks';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createServices } from '../apps/server/src/services.ts';

const url = process.env.BENCH_DATABASE_URL!;
const DAY = new Date('2026-03-01T00:00:00+05:45');
const NEXT_DAY = new Date(DAY.getTime() + 86_400_000);
const database = await openDatabase({ url, poolSize: 8 });
const config = testConfig({ databaseUrl: url });
const services = createServices(config, database);
const spent: Record<string, number> = {};
const wrap = <T extends object>(o: T, name: keyof T & string, label: string) => {
  const f = (o[name] as (...a: unknown[]) => Promise<unknown>).bind(o);
  (o as Record<string, unknown>)[name] = async (...a: unknown[]) => {
    const t = performance.now();
    try {
      return await f(...a);
    } finally {
      spent[label] = (spent[label] ?? 0) + performance.now() - t;
    }
  };
};
wrap(services.bets.team, 'totalsOf', 'totalsOf');
wrap(services.wallet, 'postMany', 'postMany');
wrap(services.wallet, 'ensureAccounts', 'ensureAccounts');
const t0 = performance.now();
const r = await services.agents.settlement.settleTiered('DAILY', {
  period: `${DAY.toISOString()}#p${Date.now()}`,
  periodStart: DAY,
  periodEnd: NEXT_DAY,
  assertOwner: async () => undefined,
});
console.log(`settle ${(performance.now() - t0).toFixed(0)} ms`, r.paid, spent);
await database.close();
