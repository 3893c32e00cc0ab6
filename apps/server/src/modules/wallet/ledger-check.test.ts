import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { createServices } from '../../services.ts';
import { Accounts } from './accounts.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const SCRIPT = path.resolve(here, '../../scripts/ledger-check.ts');

function check(env: Record<string, string>, args: string[] = []) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('npm run ledger:check and the demo seed (embedded database in DATA_DIR)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wps-ledger-check-'));
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: dir });
    await runMigrations(database);
    const services = createServices(testConfig(), database);
    await services.system.ensureDefaults();
    expect(await seedDemo(services)).toBe(true);
    // Idempotent: a second run changes nothing, and demo01 still has exactly 10,000.00.
    expect(await seedDemo(services)).toBe(false);
    const demo = await services.members.getByAccount('demo01');
    expect(await services.wallet.balance(Accounts.cash(demo!.id))).toBe(1_000_000n);
    expect((await services.cashier.channels()).map((c) => c.code)).toEqual([
      'BANK',
      'ESEWA',
      'KHALTI',
      'IMEPAY',
    ]);
    await database.close();
  }, 120_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 when the books balance', () => {
    const r = check({ DATA_DIR: dir });
    expect(r.out).toMatch(/the books balance/);
    expect(r.code).toBe(0);
    const json = check({ DATA_DIR: dir }, ['--json']);
    expect(JSON.parse(json.out)).toMatchObject({ ok: true });
  });

  it('exits 1 and names the offender when a balance was changed behind the ledger', async () => {
    const database = await openDatabase({ dataDir: dir });
    await database.query(
      `update ledger_accounts set balance = balance + 5 where type = 'player_cash' and member_id =
         (select id from members where account = 'demo01')`,
    );
    await database.close();
    const r = check({ DATA_DIR: dir });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL balanceMismatches: player_cash:\d+/);
  });

  it('exits 2 when there is no database to check', () => {
    const r = check({ DATA_DIR: path.join(dir, 'nowhere') });
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/No database/);
  });
});
