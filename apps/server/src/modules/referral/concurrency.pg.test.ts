import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { REFERRAL_CONSUMER } from './service.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * A referral reward evaluated from several places at once (consumers on several instances, the
 * referral page, a deposit approval) on real PostgreSQL: it pays once. Skipped, with this reason,
 * when TEST_DATABASE_URL is unset.
 */
describe.skipIf(!hasPostgres)('referral rewards under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
  let channelId: number;
  const actor = () => ({ id: op.id, account: op.account, ip: null });
  beforeAll(async () => {
    t = await createTestApp({}, { postgres: 'require' });
    op = await createOperator(t.app, { permissions: ['promotions', 'cashier', 'agents'] });
    channelId = (
      await t.app.services.cashier.createChannel(actor(), {
        code: 'REFPG',
        kind: 'bank',
        name: 'Bank',
        accountName: 'WPS',
        accountNumber: '1',
        min: '1.00',
        max: '100000.00',
        enabled: true,
        sort: 0,
      })
    ).id;
    await t.app.inject({
      method: 'PUT',
      url: '/wps/admin/referral/settings',
      headers: { token: op.token },
      payload: {
        enabled: true,
        minDeposit: '500.00',
        minTurnover: '1000.00',
        withinDays: 30,
        rewardKind: 'cash',
        reward: '100.00',
        wageringMultiplier: 0,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  /**
   * The consumer only takes bets from transactions older than every running one (a shared
   * PostgreSQL server's other sessions included), so drain until its mark reaches the newest bet.
   */
  const drain = async () => {
    for (let i = 0; i < 300; i++) {
      await t.app.services.referral.catchUp();
      const [r] = await t.database.query(
        `select (select last_id from bet_consumers where name = $1)::text m, (select max(id) from bets)::text x`,
        [REFERRAL_CONSUMER],
      );
      if (r && (r.x === null || r.m === r.x)) return;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };
  const bet = (memberId: number, stake: bigint, roundId: string) =>
    t.app.database.db.transaction((tx) =>
      t.app.services.bets.recordSettlement(tx, {
        memberId,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'RNG',
        roundId,
        stake,
        payout: 0n,
        trial: false,
      }),
    );
  const referredPair = async () => {
    const referrer = await createMember(t.app);
    const p = await createMember(t.app);
    await t.database.query(`update members set referrer_id = $1 where id = $2`, [referrer.id, p.id]);
    return { referrer, p };
  };

  it('eight simultaneous evaluations of one qualified player pay the referrer once', async () => {
    const { referrer, p } = await referredPair();
    const d = await t.app.services.cashier.requestDeposit(p.id, {
      channelId,
      amount: '500.00',
      reference: 'x',
    });
    await bet(p.id, 100_000n, `pg-a-${p.id}`);
    // The approval evaluates too (it pays here or finds the reward taken).
    const results = await Promise.all([
      t.app.services.cashier.approveDeposit(actor(), d.id).then(() => null),
      ...Array.from({ length: 8 }, () =>
        t.app.database.db.transaction((tx) => t.app.services.referral.evaluate(tx, p.id)),
      ),
    ]);
    expect(results.filter((r) => r === true).length).toBeLessThanOrEqual(1);
    expect((await t.app.services.wallet.memberBalances(referrer.id)).player_cash).toBe(10_000n);
    const rows = await t.database.query(
      `select count(*)::int n from referral_rewards where referred_id = $1`,
      [p.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('consumers racing over the same bets pay once', async () => {
    const { referrer, p } = await referredPair();
    const d = await t.app.services.cashier.requestDeposit(p.id, {
      channelId,
      amount: '600.00',
      reference: 'y',
    });
    await t.app.services.cashier.approveDeposit(actor(), d.id);
    await Promise.all(Array.from({ length: 10 }, (_, i) => bet(p.id, 10_000n, `pg-b-${p.id}-${i}`)));
    const referral = t.app.services.referral;
    await Promise.all([
      ...Array.from({ length: 4 }, () =>
        t.app.services.bets.consume(REFERRAL_CONSUMER, 3, (rows, tx) => referral.applyBets(rows, tx)),
      ),
      t.app.inject({ method: 'GET', url: '/wps/referral/overview', headers: { token: referrer.token } }),
    ]);
    await drain();
    expect((await t.app.services.wallet.memberBalances(referrer.id)).player_cash).toBe(10_000n);
  });

  it('two simultaneous affiliate applications leave one open', async () => {
    const m = await createMember(t.app);
    const res = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/referral/affiliate',
          headers: { token: m.token },
          payload: { contact: 'me@example.com', channel: 'telegram', expectedPlayers: 5 },
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });
});
