import { businessDayOf } from '@wps/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { createPromotion } from './test-kit.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Cashback and VIP monthly jobs run by two instances at once (a takeover, a manual run beside the
 * scheduled one), cashback claimed from several tabs while the job pays, and reload deposits
 * approved at once against a per-day limit, on real PostgreSQL. Skipped without TEST_DATABASE_URL.
 */
describe.skipIf(!hasPostgres)('promotion kinds under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
  const actor = () => ({ id: op.id, account: op.account, ip: null });
  const create = (payload: Record<string, unknown>) =>
    createPromotion(t.app, op.token, { category: 'rebate', ...payload });
  const join = (token: string, id: number) =>
    t.app.inject({ method: 'POST', url: `/wps/promotions/${id}/join`, headers: { token } });
  const lose = (memberId: number, stake: bigint) =>
    t.app.database.db.transaction((tx) =>
      t.app.services.bets.recordSettlement(tx, {
        memberId,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'RNG',
        roundId: `pg${Math.random()}`,
        stake,
        payout: 0n,
        trial: false,
      }),
    );

  beforeAll(async () => {
    t = await createTestApp({ depositPendingMax: 100 }, { postgres: 'require' });
    op = await createOperator(t.app, { permissions: ['promotions', 'cashier'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a period closes only once a bet settled in it by a transaction still open has committed', async () => {
    const id = await create({
      title: 'Cashback of late commits',
      kind: 'cashback',
      period: 'day',
      percent: 10,
      cap: '1000.00',
      autoCredit: true,
    });
    const m = await createMember(t.app);
    await join(m.token, id);
    const start = new Date();
    // A bet whose transaction began inside the period and commits after the period ended: its
    // row is settled at the transaction's start. Read at once, the period missed it for ever.
    const late = new pg.Client({ connectionString: t.database.url });
    await late.connect();
    try {
      await late.query('begin');
      await late.query(
        `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout,
                           valid_stake, status, trial)
         values ($1, '{}', 'inhouse', 'INHOUSE', 'dice', 'RNG', 'late-commit', 80000, 0, 80000, 'settled', false)`,
        [m.id],
      );
      const end = new Date(Date.now() + 50);
      const settling = t.app.services.cashback.settle('day', start, end);
      await new Promise((r) => setTimeout(r, 400));
      await late.query('commit');
      expect(await settling).toEqual({ computed: 1, paid: 1 });
    } finally {
      await late.end();
    }
    const [row] = await t.database.query(
      'select stake::text, amount::text from promotion_cashbacks where promotion_id = $1 and member_id = $2',
      [id, m.id],
    );
    expect(row).toEqual({ stake: '80000', amount: '8000' });
  });

  it('two cashback job runs at once pay each member once (auto-credit)', async () => {
    const id = await create({
      title: 'Auto cashback',
      kind: 'cashback',
      period: 'day',
      percent: 10,
      cap: '1000.00',
      autoCredit: true,
    });
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
    for (const m of members) await join(m.token, id);
    const start = new Date();
    for (const m of members) await lose(m.id, 50_000n); // loss 500.00 → 50.00 each
    const end = new Date(Date.now() + 1_000);
    const runs = await Promise.all([
      t.app.services.cashback.settle('day', start, end),
      t.app.services.cashback.settle('day', start, end),
      t.app.services.cashback.settle('day', start, end),
    ]);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(6);
    for (const m of members)
      expect((await t.app.services.wallet.memberBalances(m.id)).player_cash).toBe(5_000n);
    const grants = await t.database.query(
      'select count(*)::int n from bonus_grants where promotion_id = $1',
      [id],
    );
    expect(grants[0]!.n).toBe(6);
  });

  it('a cashback claimed from eight tabs at once pays once', async () => {
    const id = await create({
      title: 'Claim cashback',
      kind: 'cashback',
      period: 'day',
      percent: 20,
      cap: '100.00',
    });
    const m = await createMember(t.app);
    await join(m.token, id);
    const start = new Date();
    await lose(m.id, 30_000n); // 20 % of 300.00 = 60.00
    const end = new Date(Date.now() + 1_000);
    await Promise.all([
      t.app.services.cashback.settle('day', start, end),
      t.app.services.cashback.settle('day', start, end),
    ]);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'POST', url: `/wps/promotions/${id}/claim`, headers: { token: m.token } }),
      ),
    );
    expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.statusCode === 409)).toHaveLength(7);
    expect((await t.app.services.wallet.memberBalances(m.id)).player_cash).toBe(6_000n);
  });

  it('two VIP monthly runs at once pay each member once', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/wps/admin/vip/levels',
      headers: { token: op.token },
      payload: {
        levels: [
          { name: 'Bronze', minTurnover: '1.00', minDeposits: '0', bonus: '0', monthlyBonus: '15.00' },
        ],
      },
    });
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(t.app)));
    await t.app.database.db.transaction((tx) =>
      t.app.services.vip.add(tx, new Map(members.map((m) => [m.id, { turnover: 1_000n, deposits: 0n }]))),
    );
    // This business month: the levels were reached now, and a month pays the level held at its end.
    const month = businessDayOf(new Date(), t.app.config.businessUtcOffsetMinutes).slice(0, 7);
    const runs = await Promise.all([
      t.app.services.vip.payMonthly(month),
      t.app.services.vip.payMonthly(month),
    ]);
    expect(runs[0]!.paid + runs[1]!.paid).toBeGreaterThanOrEqual(5);
    for (const m of members)
      expect((await t.app.services.wallet.memberBalances(m.id)).player_cash).toBe(1_500n);
    const awards = await t.database.query(
      `select count(*)::int n from vip_monthly_awards where month = $2 and member_id = any($1::int[])`,
      [members.map((m) => m.id), month],
    );
    expect(awards[0]!.n).toBe(5);
  });

  it('reload: deposits approved at once respect the per-day limit', async () => {
    const id = await create({
      title: 'Reload once a day',
      category: 'deposit',
      kind: 'reload',
      percent: 10,
      cap: '100.00',
      claimLimit: 1,
      period: 'day',
      wageringMultiplier: 1,
    });
    const m = await createMember(t.app);
    await join(m.token, id);
    const ch = await t.app.services.cashier.createChannel(actor(), {
      code: 'RELOADX',
      kind: 'bank',
      name: 'Bank',
      accountName: 'WPS',
      accountNumber: '2',
      min: '100.00',
      max: '100000.00',
      enabled: true,
      sort: 0,
    });
    const reqs = await Promise.all(
      ['a', 'b', 'c'].map((reference) =>
        t.app.services.cashier.requestDeposit(m.id, { channelId: ch.id, amount: '500.00', reference }),
      ),
    );
    await Promise.all(reqs.map((r) => t.app.services.cashier.approveDeposit(actor(), r.id)));
    expect((await t.app.services.wallet.memberBalances(m.id)).player_bonus).toBe(5_000n);
  });
});
