/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/**
 * `npm run bench:wallet`: how close the seamless bet path runs to the database's own limit.
 *
 * In one run, against one PostgreSQL database (BENCH_DATABASE_URL, or a throwaway database
 * created on postgres://postgres@127.0.0.1:5432 and dropped afterwards):
 *   1. baseline: pgbench's built-in TPC-B-like script, 32 clients (scale 32, so pgbench's own
 *      branch rows are not one hot row either);
 *   2. the bet path in process: SeamlessService.bet (vendor row + ledger postings + round, one
 *      database transaction), 32 concurrent callers, on many players and on one hot player;
 *      and the bare ledger post for reference;
 *   3. the bet path over HTTP: the real server process, signed requests from autocannon with
 *      32 connections, on many players and on one hot player.
 *   (each also without group commit, as a reference in the same run);
 *   4. the mixed load in process: bets, wins and rollbacks 90/9/1 with 2 % duplicate retries;
 *   5. the bets record's consumers (wagering, points, missions, referral, jackpot, agent rollup
 *      and real-time salary): their drain rate over what the runs above wrote, then the mixed load
 *      again with all of them running beside it, and the largest lag each showed (lib/consumers.ts).
 * Each line prints the rate, p50/p99 latency and the ratio to pgbench; pgbench runs again at the
 * end, so a run on a drifting machine shows itself. The last line is
 * `wallet ratio <in-process/pgbench> http ratio <http/pgbench> hot ratio <in-process 1 hot/pgbench>`.
 * BENCH_SECONDS (default 15) sets each measured run's length.
 */
import type { ChildProcess } from 'node:child_process';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { BetPartitions } from '../apps/server/src/modules/bets/partitions.ts';
import { Accounts } from '../apps/server/src/modules/wallet/accounts.ts';
import { createServices } from '../apps/server/src/services.ts';
import { pgbenchInit, pgbenchRun } from './lib/pgbench.ts';
import { closedLoop, fmt, type RunStats } from './lib/stats.ts';
import { benchDatabase, settle } from './lib/database.ts';
import { fundedPlayers } from './lib/players.ts';
import { betConsumers, drainConsumers, runConsumers } from './lib/consumers.ts';
import { freePort, httpRun, startServer } from './wallet-http.ts';

const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PLAYERS = 2000;

function line(label: string, s: RunStats, base?: RunStats): string {
  return `${label.padEnd(34)} ${fmt(s)}${base ? `  ratio ${(s.rate / base.rate).toFixed(2)}` : ''}`;
}

type Seamless = ReturnType<typeof createServices>['seamless'];

/**
 * The vendors' real mix, in process on many players: per 100 calls 90 bets, 9 wins (on the
 * client's last round), 1 rollback (of the client's last bet, when no win has been paid on its
 * round: the platform refuses to roll back a paid round, 409 CONFLICT, and a vendor never asks),
 * and 2 % of calls are a retry of the client's previous call (same txId and fields), as vendors
 * resend on a timeout.
 */
async function mixedLoad(seamless: Seamless, pick: (i: number) => string, seconds: number, prefix = 'm') {
  const calls = { bet: 0, win: 0, rollback: 0, retry: 0 };
  const last: Array<{
    call: () => Promise<{ code: string }>;
    round: string;
    txId: string;
    username: string;
    /** A win was sent on the round: the bet can no longer be rolled back. */
    paid: boolean;
  } | null> = Array.from({ length: CLIENTS }, () => null);
  const stats = await closedLoop(CLIENTS, seconds, async (c, i) => {
    const prev = last[c];
    const roll = (i * 37) % 100;
    let call: () => Promise<{ code: string }>;
    if (prev && (i * 53 + 7) % 100 < 2) {
      calls.retry++;
      call = prev.call;
    } else if (prev && !prev.paid && roll < 1) {
      calls.rollback++;
      const req = { txId: `${prefix}rb-${i}`, refTxId: prev.txId, username: prev.username };
      call = () => seamless.rollback('SANDBOX', req);
      last[c] = null;
    } else if (prev && roll < 10) {
      calls.win++;
      const req = { txId: `${prefix}w-${i}`, roundId: prev.round, username: prev.username, amount: '1.50' };
      call = () => seamless.win('SANDBOX', req);
      prev.paid = true;
    } else {
      calls.bet++;
      const req = {
        txId: `${prefix}b-${i}`,
        roundId: `${prefix}r-${i}`,
        username: pick(i),
        gameCode: 'bench',
        amount: '1.00',
      };
      call = () => seamless.bet('SANDBOX', req);
      last[c] = { call, round: req.roundId, txId: req.txId, username: req.username, paid: false };
    }
    const a = await call();
    if (a.code !== 'OK') throw new Error(`mixed load: refused ${a.code}`);
  });
  return { stats, calls };
}

async function main() {
  const started = Date.now();
  const { url, drop } = await benchDatabase();
  let server: ChildProcess | null = null;
  try {
    const config = testConfig({ databaseUrl: url });
    console.log(
      `wallet bench: ${CLIENTS} clients, ${SECONDS} s per run, ${PLAYERS} players, ${config.walletHouseShards} house shards`,
    );

    pgbenchInit(url, CLIENTS);
    await settle(url);
    const base = pgbenchRun(url, CLIENTS, SECONDS);
    console.log(line(`pgbench TPC-B-like (scale ${CLIENTS})`, base));

    const database = await openDatabase({ url, poolSize: CLIENTS });
    await runMigrations(database);
    // Production's layout: the bets-partitions job has made today's partition (and the week's).
    const layout = await new BetPartitions(database, {
      ...config.betsPartitions,
      utcOffsetMinutes: config.businessUtcOffsetMinutes,
      retentionDays: null,
      aggregatesFinalThrough: async () => false,
    }).maintain();
    console.log(`bets record: ${layout.created.length} day partitions made ahead`);
    const services = createServices(config, database);
    const players = await fundedPlayers(services, PLAYERS, 'bench');
    const spread = (i: number) => players[(i * 7919) % PLAYERS]!;
    const hot = players[0]!;
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
    // Warm-up: every player's accounts exist and are cached before anything is timed.
    await closedLoop(CLIENTS, 2, (_c, i) => bet('warm', i, spread(i)));
    for (let i = 0; i < PLAYERS; i += CLIENTS) {
      await Promise.all(players.slice(i, i + CLIENTS).map((p, j) => bet('warm2', i + j, p)));
    }
    await settle(url);

    // In chunks: 2,000 lookups at once wait for the pool's 32 connections and, on a loaded
    // machine, past its 5 s connection timeout (a run failed so).
    const ledgerIds: Array<Awaited<ReturnType<typeof services.members.getByAccount>>> = [];
    for (let i = 0; i < PLAYERS; i += CLIENTS)
      ledgerIds.push(
        ...(await Promise.all(players.slice(i, i + CLIENTS).map((p) => services.members.getByAccount(p)))),
      );
    const ledger = await closedLoop(CLIENTS, SECONDS, async (_c, i) => {
      const m = ledgerIds[(i * 7919) % PLAYERS]!;
      await services.wallet.post({
        key: `ledger-${i}`,
        reason: 'bet',
        postings: [
          { account: Accounts.cash(m.id), amount: -100n },
          { account: services.wallet.houseFor('SANDBOX', m.id, false), amount: 100n },
        ],
      });
    });
    console.log(line('ledger post, in process (many)', ledger, base));
    const many = await closedLoop(CLIENTS, SECONDS, (_c, i) => bet('ip', i, spread(i)));
    console.log(line('seamless bet, in process (many)', many, base));
    const hotRun = await closedLoop(CLIENTS, Math.max(5, Math.round(SECONDS / 2)), (_c, i) =>
      bet('iph', i, hot),
    );
    console.log(line('seamless bet, in process (1 hot)', hotRun, base));
    // The same two runs with one statement and one commit per bet, for comparison in this run.
    services.seamless.batches.enabled = false;
    const single = await closedLoop(CLIENTS, SECONDS, (_c, i) => bet('ips', i, spread(i)));
    console.log(line('  without group commit (many)', single, base));
    const singleHot = await closedLoop(CLIENTS, Math.max(5, Math.round(SECONDS / 2)), (_c, i) =>
      bet('iphs', i, hot),
    );
    console.log(line('  without group commit (1 hot)', singleHot, base));
    services.seamless.batches.enabled = true;
    const mixed = await mixedLoad(services.seamless, spread, SECONDS);
    console.log(
      `${line('mixed 90/9/1 + 2 % retries (many)', mixed.stats, base)}  (${mixed.calls.bet} bets, ${mixed.calls.win} wins, ${mixed.calls.rollback} rollbacks, ${mixed.calls.retry} retries)`,
    );
    // Issue 30: every consumer of the bets record keeps up. First they drain what the runs above
    // wrote (their sustained rate, flat out), then the mixed load runs again with all of them
    // draining beside it in this process, sampling how far behind each one falls.
    const offset = config.businessUtcOffsetMinutes;
    const backlog = await drainConsumers(services, offset);
    console.log(
      `consumers drained the runs' ${backlog.rows} bets in ${backlog.seconds.toFixed(1)} s: ${(backlog.rows / backlog.seconds).toFixed(0)} bets/s each, all ${Object.keys(betConsumers(services, offset)).length} at once (the wallet's top rate above: ${Math.max(many.rate, hotRun.rate).toFixed(0)} bets/s)`,
    );
    const consumers = runConsumers(services, offset);
    const mixedWith = await mixedLoad(services.seamless, spread, SECONDS, 'c');
    const lag = await consumers.stop();
    console.log(line('mixed, consumers running (many)', mixedWith.stats, base));
    console.log(
      `consumer lag during it: max ${lag.maxLagS.toFixed(1)} s (${lag.consumers.map((c) => `${c.name} ${c.maxLagS.toFixed(1)}`).join(', ')})`,
    );
    await database.close();

    const port = await freePort();
    server = await startServer(url, port);
    // Warm-up: one bet per player, so the server's caches know every player (as in process).
    await httpRun(port, (i) => players[i % PLAYERS]!, 'hwarm', { requests: PLAYERS });
    const http = await httpRun(port, spread, 'h', { seconds: SECONDS });
    console.log(line('seamless bet, HTTP (many)', http, base));
    const httpHot = await httpRun(port, () => hot, 'hh', { seconds: Math.max(5, Math.round(SECONDS / 2)) });
    console.log(line('seamless bet, HTTP (1 hot)', httpHot, base));
    server.kill('SIGTERM');
    server = null;

    // The baseline again, at the end: on a shared or throttled machine pgbench alone moved by 44 %
    // between back-to-back runs (docs/measurements.md, migration 0048), so a ratio means little unless the
    // machine held still while our lines ran. The ratios stay against the first baseline.
    await settle(url);
    const baseEnd = pgbenchRun(url, CLIENTS, SECONDS);
    const drift = Math.abs(baseEnd.rate / base.rate - 1);
    console.log(
      `${line('pgbench again, end of run', baseEnd, base)}${drift > 0.15 ? '  (the machine drifted: read the ratios with care)' : ''}`,
    );

    const check = await openDatabase({ url, poolSize: 2 });
    const report = await createServices(config, check).wallet.reconcile();
    await check.close();
    console.log(
      `reconciliation after the bench: ${report.ok ? 'clean' : `VIOLATIONS ${JSON.stringify(report.violations)}`} (${report.counts.transactions} transactions, ${Math.round((Date.now() - started) / 1000)} s in all)`,
    );
    console.log(
      `wallet ratio ${(many.rate / base.rate).toFixed(2)} http ratio ${(http.rate / base.rate).toFixed(2)} hot ratio ${(hotRun.rate / base.rate).toFixed(2)}`,
    );
  } finally {
    server?.kill('SIGKILL');
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
