/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/**
 * `npm run bench:api`: the player API's everyday reads, as every open page makes them (it polls
 * the balance and lists games), against the route that touches no database.
 *
 * The real server process (tsx, development mode, demo seed, HUMAN_CHECK off so the bench can log
 * in), once on PostgreSQL (a throwaway database on postgres://postgres@127.0.0.1:5432, or
 * BENCH_DATABASE_URL) and once on the embedded PGlite default (a throwaway DATA_DIR). On each,
 * autocannon with 32 connections for BENCH_SECONDS (default 10) per route:
 *   GET /wps/system/status (the baseline), GET /wps/member/info, GET /wps/v2/wallets/balance,
 *   GET /wps/relay/GCS_games?pageNo=1&pageSize=20 (logged in, as the lobby asks).
 * Each line prints req/s, p50/p99 and the ratio to the status route of the same server; the last
 * line is `api ratio pg <min of the three> pglite <min of the three>`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDatabase } from './lib/database.ts';
import { freePort } from './lib/built-server.ts';
import { startSourceServer } from './lib/source-server.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Rate {
  rate: number;
  p50: number;
  p99: number;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo01', password: 'Demo@1234' }),
  });
  const body = (await res.json()) as { success: boolean; value?: { token?: string | null } };
  const token = body.value?.token;
  if (!token) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
  return token;
}

async function run(base: string, route: string, token?: string): Promise<Rate> {
  const result = await autocannon({
    url: `${base}${route}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: token ? { token } : {},
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${route}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return { rate: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

const fmt = (label: string, r: Rate, base?: Rate) =>
  `${label.padEnd(40)} ${r.rate.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms${base ? `  ratio ${(r.rate / base.rate).toFixed(2)}` : ''}`;

const READS = [
  ['GET /wps/member/info', '/wps/member/info'],
  ['GET /wps/v2/wallets/balance', '/wps/v2/wallets/balance'],
  ['GET /wps/relay/GCS_games (page 1)', '/wps/relay/GCS_games?pageNo=1&pageSize=20'],
] as const;

async function benchOne(name: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const { DATABASE_URL: url, ...rest } = env;
  const server = await startSourceServer(url ?? null, port, {
    SEED_DEMO: 'true',
    HUMAN_CHECK: 'off',
    ...rest,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base);
    // Warm-up: JIT, caches, pool connections.
    await autocannon({
      url: `${base}/wps/member/info`,
      connections: CONNECTIONS,
      amount: 500,
      headers: { token },
    });
    const status = await run(base, '/wps/system/status');
    console.log(fmt(`${name}: GET /wps/system/status`, status));
    let worst = Number.POSITIVE_INFINITY;
    for (const [label, route] of READS) {
      const r = await run(base, route, token);
      console.log(fmt(`${name}: ${label}`, r, status));
      worst = Math.min(worst, r.rate / status.rate);
    }
    return worst;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}

async function main() {
  console.log(
    `api bench: ${CONNECTIONS} connections, ${SECONDS} s per route, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const { url, drop } = await benchDatabase();
  let pgRatio: number;
  try {
    pgRatio = await benchOne('pg', { DATABASE_URL: url });
  } finally {
    await drop();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-bench-api-'));
  let pgliteRatio: number;
  try {
    pgliteRatio = await benchOne('pglite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`api ratio pg ${pgRatio.toFixed(2)} pglite ${pgliteRatio.toFixed(2)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
