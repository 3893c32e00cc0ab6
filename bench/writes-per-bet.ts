/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/**
 * `npm run bench:writes -w bench`: what one seamless bet writes (issue 30: "fewer rows and index
 * entries per bet"), counted by PostgreSQL itself rather than estimated. BETS bets, one at a time
 * over PLAYERS players (so each is its own group-commit batch, as at a quiet moment), then:
 * - per table: rows inserted, updated (and how many of those were HOT: no index entries), from
 *   pg_stat_user_tables, partitions folded into their table;
 * - index entries: each inserted or non-HOT updated row adds one to every index of its table
 *   (BRIN indexes summarise ranges of blocks and add none);
 * - WAL bytes per bet, from the WAL insert position before and after.
 * The last line is `writes per bet: rows <n> index entries <n> WAL <bytes>`.
 */
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { BetPartitions } from '../apps/server/src/modules/bets/partitions.ts';
import { createServices } from '../apps/server/src/services.ts';
import { benchDatabase } from './lib/database.ts';
import { fundedPlayers } from './lib/players.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 200);
const BETS = Number(process.env.BETS ?? 2000);

interface TableCounts {
  table: string;
  ins: number;
  upd: number;
  hot: number;
  /** B-tree, GIN and hash indexes: one entry per row version written. */
  entryIndexes: number;
}

/** Table statistics with each partition counted under its partitioned table. */
async function counts(url: string): Promise<Map<string, TableCounts>> {
  // A fresh connection: the bench's own were closed, so every backend has flushed its counters.
  const db = await openDatabase({ url, poolSize: 1 });
  try {
    const rows = rowsOf<{ t: string; ins: string; upd: string; hot: string; idx: number }>(
      await db.db.execute(sql`
        select coalesce(parent.relname, c.relname) as t,
               sum(s.n_tup_ins)::text as ins, sum(s.n_tup_upd)::text as upd, sum(s.n_tup_hot_upd)::text as hot,
               max((select count(*) from pg_index i join pg_class ic on ic.oid = i.indexrelid
                    join pg_am am on am.oid = ic.relam
                    where i.indrelid = c.oid and am.amname <> 'brin'))::int as idx
        from pg_stat_user_tables s
        join pg_class c on c.oid = s.relid
        left join pg_inherits inh on inh.inhrelid = c.oid
        left join pg_class parent on parent.oid = inh.inhparent
        group by 1`),
    );
    return new Map(
      rows.map((r) => [
        r.t,
        { table: r.t, ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot), entryIndexes: r.idx },
      ]),
    );
  } finally {
    await db.close();
  }
}

async function walPosition(url: string): Promise<bigint> {
  const db = await openDatabase({ url, poolSize: 1 });
  try {
    const [row] = rowsOf<{ lsn: string }>(
      await db.db.execute(sql`select (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::text as lsn`),
    );
    return BigInt(row!.lsn.split('.')[0]!);
  } finally {
    await db.close();
  }
}

async function main() {
  const { url, drop } = await benchDatabase();
  try {
    const config = testConfig({ databaseUrl: url });
    let database = await openDatabase({ url, poolSize: 8 });
    await runMigrations(database);
    await new BetPartitions(database, {
      ...config.betsPartitions,
      utcOffsetMinutes: config.businessUtcOffsetMinutes,
      retentionDays: null,
      aggregatesFinalThrough: async () => false,
    }).maintain();
    let services = createServices(config, database);
    const players = await fundedPlayers(services, PLAYERS, 'wpb');
    const bet = (prefix: string, i: number) =>
      services.seamless.bet('SANDBOX', {
        txId: `${prefix}-${i}`,
        roundId: `${prefix}-r${i}`,
        username: players[i % PLAYERS]!,
        gameCode: 'bench',
        amount: '1.00',
      });
    // Warm-up: every player's accounts, rounds and caches exist before anything is counted.
    for (let i = 0; i < PLAYERS; i++) await bet('warm', i);
    await database.close();
    const mid = await counts(url);
    const wal1 = await walPosition(url);
    database = await openDatabase({ url, poolSize: 8 });
    services = createServices(config, database);
    for (let i = 0; i < BETS; i++) {
      const a = await bet('w', i);
      if (a.code !== 'OK') throw new Error(`bet refused: ${a.code}`);
    }
    await database.close();
    const after = await counts(url);
    const wal2 = await walPosition(url);

    let rowsPerBet = 0;
    let entriesPerBet = 0;
    console.log(`writes of ${BETS} seamless bets, one at a time, over ${PLAYERS} players`);
    console.log(
      `${'table'.padEnd(24)} ${'ins/bet'.padStart(8)} ${'upd/bet'.padStart(8)} ${'HOT'.padStart(6)} ${'indexes'.padStart(8)} ${'entries/bet'.padStart(12)}`,
    );
    for (const [table, a] of [...after].sort((x, y) => x[0].localeCompare(y[0]))) {
      const b = mid.get(table) ?? { ins: 0, upd: 0, hot: 0 };
      const ins = (a.ins - b.ins) / BETS;
      const upd = (a.upd - b.upd) / BETS;
      const hot = (a.hot - b.hot) / BETS;
      if (ins === 0 && upd === 0) continue;
      const entries = (ins + (upd - hot)) * a.entryIndexes;
      rowsPerBet += ins + upd;
      entriesPerBet += entries;
      console.log(
        `${table.padEnd(24)} ${ins.toFixed(2).padStart(8)} ${upd.toFixed(2).padStart(8)} ${hot.toFixed(2).padStart(6)} ${String(a.entryIndexes).padStart(8)} ${entries.toFixed(2).padStart(12)}`,
      );
    }
    const walPerBet = Number(wal2 - wal1) / BETS;
    console.log(
      `writes per bet: rows ${rowsPerBet.toFixed(2)} index entries ${entriesPerBet.toFixed(2)} WAL ${walPerBet.toFixed(0)} bytes`,
    );
  } finally {
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
