/** The HTTP side of bench:wallet: the real server process and signed bet requests from autocannon. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import type { RunStats } from './lib/stats.ts';

const CLIENTS = 32;
const SECRET = 'bench-sandbox-secret';
const here = path.dirname(new URL(import.meta.url).pathname);
const MAIN = path.resolve(here, '../apps/server/src/main.ts');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export async function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      SEED_DEMO: 'false',
      SANDBOX_VENDOR_SECRET: SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export async function httpRun(
  port: number,
  pick: (i: number) => string,
  prefix: string,
  run: { seconds: number } | { requests: number },
): Promise<RunStats> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CLIENTS,
    ...('seconds' in run ? { duration: run.seconds } : { amount: run.requests }),
    requests: [
      {
        method: 'POST',
        path: '/seamless/v1/SANDBOX/bet',
        setupRequest: (req) => {
          const i = n++;
          const body = JSON.stringify({
            txId: `${prefix}-${i}`,
            roundId: `${prefix}-r${i}`,
            username: pick(i),
            gameCode: 'bench',
            amount: '1.00',
          });
          return {
            ...req,
            body,
            headers: {
              'content-type': 'application/json',
              'x-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
            },
          };
        },
      },
    ],
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `HTTP run ${prefix}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    rate: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    count: result['2xx'],
  };
}
