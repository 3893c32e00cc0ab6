import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, depositCash } from '../../test/members.ts';
import { Accounts } from './accounts.ts';

/**
 * The balance cache (balance-cache.ts, migration 0045): on the embedded PGlite a member's balance
 * poll is served without a query between moves, and every move, whichever path made it, is on
 * the next read. On PostgreSQL (TEST_DATABASE_URL) the trigger is absent and the cache stays off,
 * so every read goes to the ledger.
 */
describe('balance cache', () => {
  let t: TestApp;
  let embedded: boolean;
  beforeAll(async () => {
    t = await createTestApp();
    embedded = t.app.database.kind === 'pglite';
  });
  afterAll(async () => {
    await t.close();
  });

  const balance = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { token } });
    expect(res.statusCode).toBe(200);
    return res.json().value as { balance: string; frozen: string; bonus: string };
  };
  const deposit = (memberId: number, amount: bigint, key: string) =>
    depositCash(t.app, memberId, amount, key);
  /** Reads of a member's balances that reached the database. */
  const ledgerReads = () => {
    const client = t.app.database.client;
    if (!client) return { count: () => -1, restore: () => undefined };
    const spy = vi.spyOn(client, 'query');
    return {
      count: () =>
        spy.mock.calls.filter(([text]) => String(text).includes('from ledger_accounts where member_id'))
          .length,
      restore: () => spy.mockRestore(),
    };
  };

  it('is on exactly where the database announces balance moves (PGlite), off on PostgreSQL', async () => {
    const [row] = await t.database.query(
      `select count(*)::int as n from pg_trigger where tgname = 'ledger_accounts_balance_changed'`,
    );
    expect(row!.n).toBe(embedded ? 1 : 0);
    expect(t.app.services.wallet.balanceCache.active).toBe(embedded);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'serves a polled balance without reading the ledger again, and each member only their own',
    async () => {
      const a = await createMember(t.app);
      const b = await createMember(t.app);
      await deposit(a.id, 12_300n, `bc-a:${a.id}`);
      await deposit(b.id, 4_500n, `bc-b:${b.id}`);
      const reads = ledgerReads();
      try {
        for (let i = 0; i < 3; i++) {
          expect((await balance(a.token)).balance).toBe('123.00');
          expect((await balance(b.token)).balance).toBe('45.00');
        }
        expect(reads.count()).toBe(2);
      } finally {
        reads.restore();
      }
    },
  );

  it('shows every move on the next read, whichever path made it', async () => {
    const m = await createMember(t.app);
    const wallet = t.app.services.wallet;
    expect((await balance(m.token)).balance).toBe('0.00');

    // Through the wallet service (the account is created by this first post).
    await deposit(m.id, 10_000n, `bc-1:${m.id}`);
    expect((await balance(m.token)).balance).toBe('100.00');
    await deposit(m.id, 2_500n, `bc-2:${m.id}`);
    expect((await balance(m.token)).balance).toBe('125.00');

    // A hold moves cash to the frozen account (created by it).
    await wallet.hold({
      key: `bc-hold:${m.id}`,
      memberId: m.id,
      amount: 2_000n,
      reason: 'withdraw_hold',
      metadata: {},
    });
    expect(await balance(m.token)).toMatchObject({ balance: '105.00', frozen: '20.00' });

    // The database's own function, called without the service (as the seamless and lottery
    // functions post), and a bonus account it creates.
    const [promotion, bonus] = await wallet.ensureAccounts([Accounts.promotion(), Accounts.bonus(m.id)]);
    await t.database.query(
      `select * from wallet_post($1, 'bonus', 'bc', '{}'::jsonb, array[$2, $3]::bigint[], array[-700, 700]::bigint[])`,
      [`bc-sql:${m.id}`, promotion, bonus],
    );
    expect((await balance(m.token)).bonus).toBe('7.00');

    // Any statement at all that moves the row.
    await t.database.query(`update ledger_accounts set balance = balance + 1 where key = $1`, [
      `player_cash:${m.id}`,
    ]);
    expect((await balance(m.token)).balance).toBe('105.01');
    await t.database.query(`update ledger_accounts set balance = balance - 1 where key = $1`, [
      `player_cash:${m.id}`,
    ]);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'does not keep a balance read while a move of it was announced',
    async () => {
      const cache = t.app.services.wallet.balanceCache;
      const m = await createMember(t.app);
      const read = await t.app.services.wallet.memberBalances(m.id);
      const stamp = cache.stamp;
      await deposit(m.id, 100n, `bc-race:${m.id}`);
      // The read began before the move's notice: it must not be cached.
      cache.set(m.id, read, stamp);
      expect(cache.get(m.id)).toBeNull();
      expect((await t.app.services.wallet.memberBalances(m.id)).player_cash).toBe(100n);
    },
  );
});
