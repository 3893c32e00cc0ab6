import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/** Limits under real concurrency (PGlite runs one statement at a time). */
describe.skipIf(!hasPostgres)('player limits on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let channelId: number;
  beforeAll(async () => {
    t = await createTestApp({ depositPendingMax: 100 }, { postgres: 'require' });
    await t.app.services.cashier.ensureDemoChannels();
    channelId = (await t.app.services.cashier.channels())[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (token: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url: '/wps/member/limits', headers: { token }, payload: body as object });

  it('30 parallel deposits never pass a day deposit limit together', async () => {
    const who = await createMember(t.app);
    expect((await put(who.token, { kind: 'deposit', period: 'day', value: '1000.00' })).statusCode).toBe(200);
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/cashier/deposits',
          headers: { token: who.token },
          payload: { channelId, amount: '150.00', reference: `ref${i}` },
        }),
      ),
    );
    const codes = all.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(6);
    expect(codes.filter((c) => c === 'LIMIT_EXCEEDED')).toHaveLength(24);
    const rows = await t.database.query(
      `select coalesce(sum(amount), 0)::text as s from deposit_requests where member_id = ${who.id}`,
    );
    expect(BigInt(rows[0]!.s as string)).toBe(90_000n);
  });

  it('30 parallel seamless-sized bets never pass a wager limit together', async () => {
    const who = await createMember(t.app);
    await t.app.services.wallet.post({
      key: `fund:${who.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -1_000_000n },
        { account: Accounts.cash(who.id), amount: 1_000_000n },
      ],
    });
    expect((await put(who.token, { kind: 'wager', period: 'day', value: '100.00' })).statusCode).toBe(200);
    const guard = t.app.services.inhouse.betGuard!;
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        guard(who.id, false, 3_000n, 'test', () =>
          t.app.services.wallet.post({
            key: `bet:${who.id}:${i}`,
            reason: 'bet',
            postings: [
              { account: Accounts.cash(who.id), amount: -3_000n },
              { account: Accounts.clearing('BANK'), amount: 3_000n },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await t.app.services.wallet.balance(Accounts.cash(who.id))).toBe(1_000_000n - 9_000n);
  });
});
