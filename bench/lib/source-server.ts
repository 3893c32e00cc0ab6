import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './built-server.ts';

const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');

/**
 * The server from source (tsx) on a given PostgreSQL database and port, jobs off and no demo
 * seed, as the wallet and crash benches drive it; `env` adds what a bench needs (a vendor
 * secret, the crash loop). Resolves once /healthz answers.
 */
export async function startSourceServer(
  url: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
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
      ...env,
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
