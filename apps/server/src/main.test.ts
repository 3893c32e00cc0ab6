import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, 'main.ts');

function run(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`start-up hung for ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('process start-up', () => {
  it('exits non-zero with a clear message when the database cannot be reached', async () => {
    const { code, stderr } = await run({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
      PORT: '0',
      LOG_LEVEL: 'silent',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Cannot open the database \(PostgreSQL at DATABASE_URL\)/);
  });

  it('refuses HUMAN_CHECK=off in production', async () => {
    const { code, stderr } = await run({
      NODE_ENV: 'production',
      HUMAN_CHECK: 'off',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wps-')),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('HUMAN_CHECK=off is refused when NODE_ENV=production');
  });

  it('requires APP_SECRET in production', async () => {
    const { code, stderr } = await run({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wps-')),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('APP_SECRET (at least 32 characters) is required');
  });

  it('rejects malformed configuration before touching anything', async () => {
    const { code, stderr } = await run({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Invalid configuration: PORT/);
  });
});

describe('embedded start-up (PGlite in DATA_DIR)', () => {
  function start(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JOBS: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server did not start: ${out}`));
      }, 60_000);
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (m) {
          clearTimeout(timer);
          resolve({
            url: m[1]!,
            stop: () =>
              new Promise((done) => {
                child.on('exit', () => done());
                child.kill('SIGTERM');
              }),
          });
        }
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
    });
  }

  type PermissionBody = { success: boolean; value: { info: { customerService: unknown[] } } };

  it('migrates and seeds on first run, keeps data and changes nothing on the second', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-data-'));
    const first = await start(dataDir);
    const p1 = (await (await fetch(`${first.url}/wps/system/permission`)).json()) as PermissionBody;
    expect(p1.success).toBe(true);
    const contacts = p1.value.info.customerService.length;
    expect(contacts).toBeGreaterThan(0);
    // Issue 7: a plain start has no well-known vendor secret; a win signed with one moves nothing.
    const body = JSON.stringify({ txId: 'mint-1', roundId: 'r', username: 'demo01', amount: '1000000.00' });
    const minted = await fetch(`${first.url}/seamless/v1/SANDBOX/win`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', 'sandbox-secret').update(body).digest('hex'),
      },
      body,
    });
    expect(minted.status).toBe(401);
    await first.stop();

    const second = await start(dataDir);
    const p2 = (await (await fetch(`${second.url}/wps/system/permission`)).json()) as PermissionBody;
    expect(p2.value.info.customerService.length).toBe(contacts);
    await second.stop();
  }, 120_000);
});
