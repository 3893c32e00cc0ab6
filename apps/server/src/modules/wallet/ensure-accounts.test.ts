import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { freshDatabase } from '../../test/helper.ts';
import { type AccountRef, Accounts, accountKey } from './accounts.ts';
import { WalletService } from './service.ts';

/**
 * ensureAccounts resolves a batch with array parameters (agent settlement names thousands of
 * accounts, each payer many times): every ref gets its account's id, repeats included, whether
 * the account existed, is new, or was created by another process's cache-less service.
 */
describe('wallet.ensureAccounts for large batches', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'prefer' });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answers each ref with its one account id, repeats and existing ones included', async () => {
    const config = testConfig();
    const first = new WalletService(database.db, config);
    const existing: AccountRef[] = Array.from({ length: 1500 }, (_, i) => Accounts.commission(7000 + i));
    await first.ensureAccounts(existing);
    // Another instance (empty cache): old and new accounts, each payer named many times, in a transaction.
    const second = new WalletService(database.db, config);
    const refs: AccountRef[] = [];
    for (let i = 0; i < 3000; i++) {
      refs.push(i % 2 ? Accounts.commission(7000 + (i % 2000)) : Accounts.house('EA', i % 7));
      refs.push(Accounts.promotion());
    }
    const ids = await second.transaction((tx) => second.ensureAccounts(refs, tx));
    const rows = await database.query(`select id::int as id, key from ledger_accounts`);
    const idOf = new Map(rows.map((r) => [String(r.key), Number(r.id)]));
    expect(ids).toEqual(refs.map((r) => idOf.get(accountKey(r))));
    // One row per key: nothing created twice.
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(await second.ensureAccounts(refs)).toEqual(ids);
  });
});
