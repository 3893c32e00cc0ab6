import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunStats, summarize } from './stats.ts';

/** libpq connection arguments for pgbench from a postgres:// URL. */
function connArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  return { args: [...args, u.pathname.slice(1)], env };
}

/** `pgbench -i` at `scale` (server-side data generation: quicker than streaming it from the client). */
export function pgbenchInit(url: string, scale: number): void {
  const { args, env } = connArgs(url);
  execFileSync('pgbench', ['-i', '-q', '-s', String(scale), '-I', 'dtGvp', ...args], { env, stdio: 'pipe' });
}

/**
 * pgbench's built-in TPC-B-like script: `clients` connections for `seconds`, every transaction
 * logged (-l) so p50/p99 come from the same per-transaction latencies we measure for the wallet.
 */
export function pgbenchRun(url: string, clients: number, seconds: number): RunStats {
  const { args, env } = connArgs(url);
  const dir = mkdtempSync(path.join(tmpdir(), 'wps-pgbench-'));
  try {
    const out = execFileSync(
      'pgbench',
      [
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-l',
        '--log-prefix',
        path.join(dir, 'tx'),
        ...args,
      ],
      { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const latencies: number[] = [];
    for (const f of readdirSync(dir)) {
      for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        // client_id transaction_no time(µs) script_no time_epoch time_us
        const us = Number(line.split(' ')[2]);
        if (Number.isFinite(us) && line) latencies.push(us / 1000);
      }
    }
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    const stats = summarize(latencies, seconds);
    return { ...stats, rate: tps ? Number(tps[1]) : stats.rate };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
