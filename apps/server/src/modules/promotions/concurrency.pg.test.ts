import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { createPromotion } from './test-kit.ts';
import { WAGERING_CONSUMER } from './bonus-engine.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * The same reward claimed from several tabs at once, deposits approved by two operators at once,
 * and the wagering consumer run by two instances at once, on real PostgreSQL (PGlite runs one
 * statement at a time). Skipped, with this reason, when TEST_DATABASE_URL is unset.
 */
describe.skipIf(!hasPostgres)('promotions under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
  const actor = () => ({ id: op.id, account: op.account, ip: null });
  const create = (payload: Record<string, unknown>) =>
    createPromotion(t.app, op.token, { category: 'others', ...payload });
  beforeAll(async () => {
    t = await createTestApp({ depositPendingMax: 100 }, { postgres: 'require' });
    op = await createOperator(t.app, { permissions: ['promotions', 'cashier'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('eight simultaneous claims of one reward pay once', async () => {
    const id = await create({
      title: 'Free 25',
      kind: 'free_bonus',
      bonusAmount: '25.00',
      wageringMultiplier: 2,
    });
    const m = await createMember(t.app);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'POST', url: `/wps/promotions/${id}/claim`, headers: { token: m.token } }),
      ),
    );
    expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.statusCode === 409)).toHaveLength(7);
    expect((await t.app.services.wallet.memberBalances(m.id)).player_bonus).toBe(2_500n);
    const grants = await t.database.query('select count(*)::int n from bonus_grants where member_id = $1', [
      m.id,
    ]);
    expect(grants[0]!.n).toBe(1);
  });

  it('two deposits approved at once: exactly one is the first deposit and earns the bonus', async () => {
    const id = await create({
      title: 'First deposit',
      kind: 'deposit_bonus',
      depositNth: 1,
      percent: 100,
      cap: '300.00',
      wageringMultiplier: 5,
    });
    const m = await createMember(t.app);
    await t.app.inject({ method: 'POST', url: `/wps/promotions/${id}/join`, headers: { token: m.token } });
    const ch = await t.app.services.cashier.createChannel(actor(), {
      code: 'BANKX',
      kind: 'bank',
      name: 'Bank',
      accountName: 'WPS',
      accountNumber: '1',
      min: '100.00',
      max: '100000.00',
      enabled: true,
      sort: 0,
    });
    const a = await t.app.services.cashier.requestDeposit(m.id, {
      channelId: ch.id,
      amount: '500.00',
      reference: 'a',
    });
    const b = await t.app.services.cashier.requestDeposit(m.id, {
      channelId: ch.id,
      amount: '700.00',
      reference: 'b',
    });
    await Promise.all([
      t.app.services.cashier.approveDeposit(actor(), a.id),
      t.app.services.cashier.approveDeposit(actor(), b.id),
    ]);
    const bal = await t.app.services.wallet.memberBalances(m.id);
    expect(bal.player_cash).toBe(120_000n);
    expect(bal.player_bonus).toBe(30_000n);
  });

  it('two consumers at once count each bet once and convert once', async () => {
    const id = await create({
      title: 'Wager me',
      kind: 'free_bonus',
      bonusAmount: '10.00',
      wageringMultiplier: 10,
    });
    const m = await createMember(t.app);
    await t.app.inject({ method: 'POST', url: `/wps/promotions/${id}/claim`, headers: { token: m.token } });
    const record = (i: number) =>
      t.app.database.db.transaction((tx) =>
        t.app.services.bets.recordSettlement(tx, {
          memberId: m.id,
          source: 'inhouse',
          vendor: 'INHOUSE',
          gameCode: 'dice',
          gameType: 'RNG',
          roundId: `c${i}`,
          stake: 1_000n,
          payout: 0n,
          trial: false,
        }),
      );
    await Promise.all(Array.from({ length: 9 }, (_, i) => record(i)));
    const engine = t.app.services.bonusEngine;
    // The consumer takes a bet only once every older transaction in the cluster has ended (so a
    // late commit is never skipped); on a shared server that can take a moment, so run until seen.
    const runUntil = async (done: (s: Awaited<ReturnType<typeof engine.summary>>) => boolean) => {
      for (let i = 0; i < 50; i++) {
        // As three instances would: each its own consumer run (catchUp shares one run per process).
        const run = () =>
          t.app.services.bets.consume(WAGERING_CONSUMER, 500, (rows, tx) => engine.applyBets(rows, tx));
        await Promise.all([run(), run(), run()]);
        const s = await engine.summary(m.id);
        if (done(s)) return s;
        await new Promise((r) => setTimeout(r, 100));
      }
      return engine.summary(m.id);
    };
    let s = await runUntil((x) => x.grants[0]!.wagered === '90.00');
    expect(s.grants[0]).toMatchObject({ wagered: '90.00', status: 'active' });
    await Promise.all([record(100), record(101)]);
    s = await runUntil((x) => x.grants[0]!.status !== 'active');
    expect(s.grants[0]!.status).toBe('converted');
    const converts = await t.database.query(
      `select count(*)::int n from ledger_transactions where idempotency_key = $1`,
      [`bonus_convert:${s.grants[0]!.id}`],
    );
    expect(converts[0]!.n).toBe(1);
    expect((await t.app.services.wallet.memberBalances(m.id)).player_cash).toBe(1_000n);
  });
});
