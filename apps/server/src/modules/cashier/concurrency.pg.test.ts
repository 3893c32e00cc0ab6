import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/** Issue 7 #6, #9, #13 under real concurrency (PGlite runs one statement at a time). */
describe.skipIf(!hasPostgres)('money races on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let op: CreatedAccount;
  let channelId: number;
  beforeAll(async () => {
    t = await createTestApp({ depositPendingMax: 3 }, { postgres: 'require' });
    op = await createOperator(t.app, { permissions: ['*'] });
    await t.app.services.cashier.ensureDemoChannels();
    channelId = (await t.app.services.cashier.channels())[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const deposit = (who: CreatedAccount, requestId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/cashier/deposits',
      headers: { token: who.token },
      payload: { channelId, amount: '500.00', reference: 'ref', requestId },
    });

  it('answers 30 parallel deposits with one requestId as one request, never a 500', async () => {
    const who = await createMember(t.app);
    const all = await Promise.all(Array.from({ length: 30 }, () => deposit(who, 'same-request-id')));
    expect(all.map((r) => r.statusCode)).toEqual(all.map(() => 200));
    expect(new Set(all.map((r) => r.json().value.id)).size).toBe(1);
    const rows = await t.database.query(
      `select count(*)::int as n from deposit_requests where member_id = ${who.id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('keeps the pending-deposit cap under a burst of distinct requests', async () => {
    const who = await createMember(t.app);
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => deposit(who, `burst-request-${i}`)));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(17);
    expect(all.some((r) => r.statusCode >= 500)).toBe(false);
  });

  it('derives each audited before balance from its own posting while adjustments and bets race', async () => {
    const m = await createMember(t.app);
    await t.app.services.cashier.adjust({ id: op.id, account: op.account }, m.account, {
      direction: 'credit',
      amount: '100.00',
      reason: 'seed',
      requestId: 'race-seed-0001',
    });
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) =>
        t.app.services.cashier.adjust({ id: op.id, account: op.account }, m.account, {
          direction: 'credit',
          amount: '1.00',
          reason: 'race',
          requestId: `race-adjust-${i}`,
        }),
      ),
      ...Array.from({ length: 15 }, (_, i) =>
        t.app.services.seamless.bet('SANDBOX', {
          txId: `race-bet-${i}`,
          roundId: `race-${i}`,
          username: m.account,
          gameCode: 'g',
          amount: '1.00',
        }),
      ),
    ]);
    const audits = await t.database.query(
      `select (before->>'balance') as before, (after->>'ledgerTransactionId')::int as tx
       from audit_log where action = 'wallet.adjust' and target_id = '${m.id}'`,
    );
    expect(audits).toHaveLength(16);
    for (const a of audits) {
      const [p] = await t.database.query(
        `select balance_before as b from ledger_postings p join ledger_accounts a on a.id = p.account_id
         where p.transaction_id = ${a.tx} and a.key = 'player_cash:${m.id}'`,
      );
      expect(Number(a.before) * 100).toBe(Number(p!.b));
    }
    expect(await t.app.services.wallet.balance(Accounts.cash(m.id))).toBe(10_000n + 1_500n - 1_500n);
  });

  it('refuses every bet that starts after a disable commits, whatever is in flight', async () => {
    const m = await createMember(t.app);
    await t.app.services.cashier.adjust({ id: op.id, account: op.account }, m.account, {
      direction: 'credit',
      amount: '100.00',
      reason: 'seed',
      requestId: 'disable-seed-01',
    });
    const bet = (i: number) =>
      t.app.services.seamless
        .bet('SANDBOX', {
          txId: `dis-${m.id}-${i}`,
          roundId: 'dis',
          username: m.account,
          gameCode: 'g',
          amount: '1.00',
        })
        .then(
          () => 'ok',
          (e: { code?: string }) => e.code ?? 'error',
        );
    expect(await bet(0)).toBe('ok');
    await t.app.services.members.setStatus(m.id, 'disabled');
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => bet(i + 1)));
    expect(after).toEqual(after.map(() => 'FORBIDDEN'));
    expect(await t.app.services.wallet.balance(Accounts.cash(m.id))).toBe(9_900n);
  });

  it('reconciles clean', async () => {
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });
});
