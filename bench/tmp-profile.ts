import pg from 'pg';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/modules/members/passwords.ts';
import { Accounts } from '../apps/server/src/modules/wallet/accounts.ts';
import { createServices } from '../apps/server/src/services.ts';
import { closedLoop, fmt } from './lib/stats.ts';
import { benchDatabase } from './lib/database.ts';

const { url, drop } = await benchDatabase();
try {
  const config = testConfig({ databaseUrl: url });
  const database = await openDatabase({ url, poolSize: 32 });
  await runMigrations(database);
  const services = createServices(config, database);
  if (process.env.GC_OFF) services.seamless.batches.enabled = false;
  const passwordHash = await hashPassword('Bench@1234');
  const players: string[] = [];
  for (let i = 0; i < 500; i += 100) {
    const batch = await Promise.all(Array.from({ length: 100 }, (_, j) => services.members.create({ account: `bench${i + j}`, passwordHash })));
    await Promise.all(batch.map((m) => services.wallet.post({ key: `f:${m.id}`, reason: 'deposit', postings: [{ account: Accounts.clearing('BENCH'), amount: -100_000_000n }, { account: Accounts.cash(m.id), amount: 100_000_000n }] })));
    players.push(...batch.map((m) => m.account));
  }
  const bet = async (prefix: string, i: number, username: string) => {
    const a = await services.seamless.bet('SANDBOX', { txId: `${prefix}-${i}`, roundId: `${prefix}-r${i}`, username, gameCode: 'bench', amount: '1.00' });
    if (a.code !== 'OK') throw new Error(a.code);
  };
  await closedLoop(32, 2, (_c, i) => bet('w', i, players[i % 500]!));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const commits = async () => Number((await c.query(`select xact_commit from pg_stat_database where datname = current_database()`)).rows[0].xact_commit);
  for (const [name, pick] of [['many', (i: number) => players[(i * 7919) % 500]!], ['hot', () => players[0]!]] as const) {
    const before = await commits();
    const s = await closedLoop(32, Number(process.env.S ?? 6), (_c, i) => bet(name, i, pick(i)));
    const after = await commits();
    console.log(name, fmt(s), 'commits/bet', ((after - before) / s.count).toFixed(2));
  }
  await c.end();
  await database.close();
} finally {
  await drop();
}
