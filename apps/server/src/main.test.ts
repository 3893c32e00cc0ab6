import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, 'main.ts');

function run(env: Record<string, string>, timeoutMs = 20_000): Promise<{ code: number | null; stderr: string }> {
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
    const { code, stderr } = await run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing', PORT: '0', LOG_LEVEL: 'silent' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Cannot open the database \(PostgreSQL at DATABASE_URL\)/);
  });

  it('refuses HUMAN_CHECK=off in production', async () => {
    const { code, stderr } = await run({ NODE_ENV: 'production', HUMAN_CHECK: 'off', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wps-')) });
    expect(code).toBe(1);
    expect(stderr).toContain('HUMAN_CHECK=off is refused when NODE_ENV=production');
  });

  it('rejects malformed configuration before touching anything', async () => {
    const { code, stderr } = await run({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Invalid configuration: PORT/);
  });
});
