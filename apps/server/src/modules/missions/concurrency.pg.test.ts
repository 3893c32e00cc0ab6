import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { MISSIONS_CONSUMER } from './service.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * One mission reward claimed from several tabs at once, and the missions consumer run by several
 * instances at once, on real PostgreSQL. Skipped, with this reason, when TEST_DATABASE_URL is unset.
 */
describe.skipIf(!hasPostgres)('missions under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({}, { postgres: 'require' });
    op = await createOperator(t.app, { permissions: ['promotions'] });
  });
  afterAll(async () => {
    await t?.close();
  });
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

  it('eight simultaneous claims of one mission reward pay once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/missions',
      headers: { token: op.token },
      payload: { title: 'Bet 10', period: 'day', metric: 'valid_bet', target: '10.00', reward: '4.00' },
    });
    const id = created.json().value.id as number;
    const m = await createMember(t.app);
    await bet(m.id, 1_000n, 'c1');
    await t.app.services.missions.catchUp();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/mission/claim',
          headers: { token: m.token },
          payload: { missionId: id },
        }),
      ),
    );
    expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.statusCode === 409)).toHaveLength(7);
    expect((await t.app.services.wallet.memberBalances(m.id)).player_cash).toBe(400n);
  });

  it('consumers racing over the same bets count each bet once', async () => {
    const m = await createMember(t.app);
    await Promise.all(Array.from({ length: 20 }, (_, i) => bet(m.id, 100n, `race${i}`)));
    const missions = t.app.services.missions;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.services.bets.consume(MISSIONS_CONSUMER, 3, (rows, tx) => missions.applyBets(rows, tx)),
      ),
    );
    await missions.catchUp();
    const rows = await t.database.query(
      `select valid_stake::text v, rounds from mission_turnover where member_id = $1 and period = 'day'`,
      [m.id],
    );
    expect(rows).toEqual([{ v: '2000', rounds: 20 }]);
  });
});
