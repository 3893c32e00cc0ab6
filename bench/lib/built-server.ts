import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Run an npm script in the repo, streaming its output; throws when it fails. */
export function npmRun(args: string[]): void {
  const r = spawnSync('npm', args, { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed with exit code ${r.status}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface BuiltServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * `node apps/server/dist/main.js` on a free port with a throw-away DATA_DIR (embedded PGlite,
 * demo seed), as `npm start` would run it. Resolves once /healthz answers.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  // A shared, loaded machine can take minutes to boot PGlite and encode the demo images.
  const deadline = Date.now() + 240_000;
  for (;;) {
    const alive = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 250)),
    ]);
    if (!alive) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not answer /healthz within 240 s');
    }
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
