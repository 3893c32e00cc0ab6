import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './built-server.ts';

const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');

/**
 * The server from source (tsx) on a given PostgreSQL database (null: the embedded PGlite, with
 * whatever DATA_DIR `env` names) and port, jobs off and no demo seed unless `env` says otherwise,
 * as the benches drive it; `env` adds what a bench needs (a vendor secret, the crash loop, the
 * demo seed). Resolves once /healthz answers.
 */
export async function startSourceServer(
  url: string | null,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const { DATABASE_URL: _inherited, ...parent } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...parent,
      NODE_ENV: 'development',
      ...(url ? { DATABASE_URL: url } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Up to two minutes: the embedded database with the demo seed starts slowest.
  for (let i = 0; i < 600; i++) {
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
