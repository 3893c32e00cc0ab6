import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { isAppError } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator, depositCash } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Wins racing on real PostgreSQL (PGlite runs one statement at a time): however many triggers of
 * one cycle run at once, and whether a drawn win races a forced one, the cycle is paid once, the
 * winner gets exactly what the pool held, and the pool starts the next cycle at its seed.
 */
describe.skipIf(!hasPostgres)('jackpot wins racing on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ walletHouseShards: 4 }, { postgres: 'require' });
    op = await createOperator(t.app, { permissions: ['*'] });
    await t.app.services.jackpot.update(
      1,
      { enabled: true, seedAmount: '1000.00', sharePercent: '5' },
      { id: op.id, account: op.account },
      '127.0.0.1',
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const cycle = async () =>
    ((await t.database.query('select cycle from jackpot_pools where id = 1')) as Array<{ cycle: number }>)[0]!
      .cycle;
  const pool = () => t.app.services.wallet.balance(Accounts.jackpot(1));
  const payouts = async (c: number) =>
    (await t.database.query(
      `select count(*)::int as n from ledger_transactions where idempotency_key = 'jackpot:1:win:' || $1::text`,
      [c],
    )) as Array<{ n: number }>;

  it('ten forced triggers of one cycle at once pay it once', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => createMember(t.app)));
    const c = await cycle();
    const held = await pool();
    const results = await Promise.allSettled(
      players.map((p) =>
        t.app.services.jackpot.forceTrigger(1, { account: p.account, cycle: c }, op, '127.0.0.1'),
      ),
    );
    const paid = results.filter((r) => r.status === 'fulfilled');
    expect(paid).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(isAppError(r.reason) && r.reason.code).toBe('CONFLICT');
    const winner = players.find(
      (p) =>
        p.account.slice(0, 2) ===
        (paid[0] as PromiseFulfilledResult<{ customerName: string }>).value.customerName.slice(0, 2),
    );
    expect(winner).toBeDefined();
    const cash = await Promise.all(players.map((p) => t.app.services.wallet.balance(Accounts.cash(p.id))));
    expect(cash.reduce((a, b) => a + b, 0n)).toBe(held);
    expect(await payouts(c)).toEqual([{ n: 1 }]);
    expect(await cycle()).toBe(c + 1);
    expect(await pool()).toBe(100_000n);
  });

  it('a drawn win racing a forced one: the cycle is paid once and nothing is lost', async () => {
    const bettor = await createMember(t.app);
    const other = await createMember(t.app);
    await depositCash(t.app, bettor.id, 1_000_000n, `jp-race:${bettor.id}`);
    // Every round hits: the bettor's round is drawn as a win when the consumer takes it.
    await t.app.services.jackpot.update(1, { hitEvery: '0.01' }, op, '127.0.0.1');
    const c = await cycle();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/inhouse/dice/play',
      headers: { token: bettor.token },
      payload: { requestId: `jp-race-${Date.now()}`, amount: '100.00', target: 50, direction: 'over' },
    });
    expect(res.statusCode).toBe(200);
    const held = await pool();
    const [forced, drained] = await Promise.allSettled([
      t.app.services.jackpot.forceTrigger(1, { account: other.account, cycle: c }, op, '127.0.0.1'),
      t.app.services.jackpot.catchUp(),
    ]);
    expect(drained.status).toBe('fulfilled');
    const wins = (await t.database.query(
      'select member_id, amount::text as amount, cycle from jackpot_wins where cycle >= $1 order by cycle',
      [c],
    )) as Array<{ member_id: number; amount: string; cycle: number }>;
    // Cycle c is paid exactly once, to whichever came first, with what the pool held plus the bet's share.
    expect(wins.filter((w) => w.cycle === c)).toHaveLength(1);
    expect(await payouts(c)).toEqual([{ n: 1 }]);
    const first = wins.find((w) => w.cycle === c)!;
    expect(BigInt(first.amount)).toBe(held + 500n);
    if (forced.status === 'rejected')
      expect(isAppError(forced.reason) && forced.reason.code).toBe('CONFLICT');
    const entries = (await t.database.query(
      'select coalesce(sum(amount), 0)::text as s from jackpot_entries where pool_id = 1',
    )) as Array<{ s: string }>;
    expect(BigInt(entries[0]!.s)).toBe(await pool());
    expect((await t.app.services.wallet.reconcile()).ok).toBe(true);
    await t.app.services.jackpot.update(1, { hitEvery: '5000000.00' }, op, '127.0.0.1');
  });
});
