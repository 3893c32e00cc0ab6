import { periodStart } from '@wps/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { promotionsTestKit } from '../promotions/test-kit.ts';
import { maskAccount } from './leaderboard.ts';
import { MISSIONS_CONSUMER } from './service.ts';

describe('missions and VIP (issue 14)', () => {
  const kit = promotionsTestKit();
  const { api } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(() => {
    ({ t, op } = kit);
  });
  // Round ids in order (m1, m2, ...): a rollback names the round it takes back.
  let seq = 0;
  const bet = (
    memberId: number,
    stake: bigint,
    o: { trial?: boolean; gameType?: string; roundId?: string } = {},
  ) => kit.bet(memberId, stake, { ...o, roundId: o.roundId ?? `m${++seq}` });
  const mission = async (payload: Record<string, unknown>) => {
    const res = await api(op.token, 'POST', '/wps/admin/missions', { period: 'day', ...payload });
    expect(res.status).toBe(200);
    return res.body.value.id as number;
  };
  const mine = async (token: string, id: number) => {
    const res = await api(token, 'GET', '/wps/mission/summary');
    expect(res.status).toBe(200);
    return res.body.value.missions.find((m: { id: number }) => m.id === id);
  };
  const cash = async (memberId: number) => (await t.app.services.wallet.memberBalances(memberId)).player_cash;

  it('counts valid bets of the game type and rounds from the bets record, trial and other types excluded', async () => {
    const slots = await mission({
      title: 'Slots 300',
      metric: 'valid_bet',
      gameType: 'RNG',
      target: '300.00',
      reward: '7.00',
    });
    const rounds = await mission({ title: '3 rounds', metric: 'rounds', target: '3', reward: '2.00' });
    const p = await createMember(t.app);
    await bet(p.id, 10_000n);
    await bet(p.id, 5_000n, { gameType: 'LIVE' });
    await bet(p.id, 90_000n, { trial: true });
    expect(await mine(p.token, slots)).toMatchObject({
      progress: '100.00',
      target: '300.00',
      percent: 33,
      status: 'process',
    });
    expect(await mine(p.token, rounds)).toMatchObject({ progress: '2', target: '3', status: 'process' });
    // A rollback takes its round and stake back.
    await bet(p.id, -10_000n, { roundId: `m${seq - 2}` });
    expect(await mine(p.token, slots)).toMatchObject({ progress: '0.00' });
    expect(await mine(p.token, rounds)).toMatchObject({ progress: '1' });
  });

  it('pays a reached reward once through the ledger and refuses a claim before the target', async () => {
    const id = await mission({ title: 'Bet 50', metric: 'valid_bet', target: '50.00', reward: '12.50' });
    const p = await createMember(t.app);
    await bet(p.id, 2_000n);
    const early = await api(p.token, 'POST', '/wps/mission/claim', { missionId: id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This mission is not complete yet, or its reward was already claimed.');
    await bet(p.id, 3_000n);
    expect((await api(p.token, 'GET', '/wps/mission/summary')).body.value.claimable).toBeGreaterThanOrEqual(
      1,
    );
    const before = await cash(p.id);
    const first = await api(p.token, 'POST', '/wps/mission/claim', { missionId: id });
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ missionId: id, reward: '12.50' });
    const again = await api(p.token, 'POST', '/wps/mission/claim', { missionId: id });
    expect(again.status).toBe(409);
    expect((await cash(p.id)) - before).toBe(1_250n);
    expect(await mine(p.token, id)).toMatchObject({ status: 'claimed' });
    // The operator sees the claim and what it cost.
    const admin = (await api(op.token, 'GET', '/wps/admin/missions')).body.value.find(
      (m: { id: number }) => m.id === id,
    );
    expect(admin).toMatchObject({ claims: 1, paid: '12.50' });
  });

  it('pays a reward with wagering into the bonus account; it converts to cash once wagered', async () => {
    const id = await mission({
      title: 'Bet 10 for a bonus',
      metric: 'valid_bet',
      target: '10.00',
      reward: '10.00',
      wageringMultiplier: 2,
    });
    const p = await createMember(t.app);
    await bet(p.id, 1_000n);
    const cashBefore = await cash(p.id);
    expect((await api(p.token, 'POST', '/wps/mission/claim', { missionId: id })).status).toBe(200);
    expect((await api(p.token, 'POST', '/wps/mission/claim', { missionId: id })).status).toBe(409);
    expect((await t.app.services.wallet.memberBalances(p.id)).player_bonus).toBe(1_000n);
    expect(await cash(p.id)).toBe(cashBefore);
    const bonuses = (await api(p.token, 'GET', '/wps/promotions/bonuses')).body.value;
    expect(bonuses.grants).toEqual([
      expect.objectContaining({
        promotionTitle: 'Mission rewards',
        amount: '10.00',
        wageringRequired: '20.00',
        status: 'active',
      }),
    ]);
    // The carrier promotion is not offered to players.
    const listed = (await api(p.token, 'GET', '/wps/promotions')).body.value;
    expect(listed.some((x: { title: string }) => x.title === 'Mission rewards')).toBe(false);
    await bet(p.id, 2_000n);
    await t.app.services.bonusEngine.catchUp();
    const after = await t.app.services.wallet.memberBalances(p.id);
    expect(after.player_bonus).toBe(0n);
    expect(after.player_cash - cashBefore).toBe(1_000n);
  });

  it("resets per business day: yesterday's play neither counts today nor can be claimed today", async () => {
    const id = await mission({ title: 'Daily 100', metric: 'valid_bet', target: '100.00', reward: '3.00' });
    const p = await createMember(t.app);
    const yesterday = new Date(periodStart('day', new Date()).getTime() - 3_600_000);
    await t.database.query(
      `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout, valid_stake, status, settled_at)
       values ($1, '{}', 'inhouse', 'INHOUSE', 'dice', 'RNG', 'old-round', 50000, 0, 50000, 'settled', $2)`,
      [p.id, yesterday.toISOString()],
    );
    expect(await mine(p.token, id)).toMatchObject({ progress: '0.00', status: 'process' });
    const rows = await t.database.query(
      'select progress::text from mission_progress where mission_id = $1 and member_id = $2',
      [id, p.id],
    );
    expect(rows).toEqual([{ progress: '50000' }]);
    expect((await api(p.token, 'POST', '/wps/mission/claim', { missionId: id })).status).toBe(409);
  });

  it('drives progress exactly once: repeated, overlapping and failed consumer runs never double count', async () => {
    const id = await mission({ title: 'Huge', metric: 'valid_bet', target: '10000000.00', reward: '1.00' });
    const missions = t.app.services.missions;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            stake: fc.bigInt({ min: 1n, max: 100_000n }),
            rollback: fc.boolean(),
            drain: fc.nat(3),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (plays) => {
          const p = await createMember(t.app);
          let expected = 0n;
          for (const play of plays) {
            const roundId = `prop${++seq}`;
            await bet(p.id, play.stake, { roundId });
            expected += play.stake;
            if (play.rollback) {
              await bet(p.id, -play.stake, { roundId });
              expected -= play.stake;
            }
            // A run that fails after doing its work leaves neither its work nor its mark behind.
            if (play.drain === 1)
              await t.app.services.bets
                .consume(MISSIONS_CONSUMER, 500, async (rows, tx) => {
                  await missions.applyBets(rows, tx);
                  throw new Error('crash');
                })
                .catch(() => undefined);
            if (play.drain >= 2) await Promise.all([missions.catchUp(), missions.catchUp()]);
          }
          await missions.catchUp();
          await missions.catchUp();
          const rows = await t.database.query(
            'select coalesce(sum(progress), 0)::text s from mission_progress where mission_id = $1 and member_id = $2',
            [id, p.id],
          );
          expect(BigInt(rows[0]!.s as string)).toBe(expected);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('counts approved deposits toward deposit missions and VIP deposits', async () => {
    const id = await mission({
      title: 'Deposit 500',
      period: 'week',
      metric: 'deposit',
      target: '500.00',
      reward: '5.00',
    });
    const p = await createMember(t.app);
    await t.app.database.db.transaction((tx) => t.app.services.missions.onDeposit(tx, p.id, 60_000n));
    expect(await mine(p.token, id)).toMatchObject({ progress: '500.00', percent: 100, status: 'claim' });
    expect((await api(p.token, 'GET', '/wps/vip')).body.value.deposits).toBe('600.00');
  });

  it('raises VIP levels from turnover and pays each level-up bonus once, skipped levels included', async () => {
    const set = await api(op.token, 'PUT', '/wps/admin/vip/levels', {
      levels: [
        { name: 'Bronze', minTurnover: '100.00', minDeposits: '0.00', bonus: '1.00' },
        { name: 'Silver', nameNe: 'चाँदी', minTurnover: '200.00', minDeposits: '0.00', bonus: '2.00' },
        { name: 'Gold', minTurnover: '1000.00', minDeposits: '0.00', bonus: '10.00' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.value[1]).toMatchObject({ name: 'Silver', nameNe: 'चाँदी' });
    const p = await createMember(t.app);
    const before = await cash(p.id);
    await bet(p.id, 25_000n);
    const vip = (await api(p.token, 'GET', '/wps/vip')).body.value;
    expect(vip).toMatchObject({
      level: 2,
      name: 'Silver',
      turnover: '250.00',
      next: { level: 3, name: 'Gold' },
    });
    expect((await cash(p.id)) - before).toBe(300n);
    // In Nepali (issue 27): the level's Nepali name, English where the operator gave none.
    const inNepali = await t.app.inject({
      method: 'GET',
      url: '/wps/vip',
      headers: { token: p.token, lang: 'NE' },
    });
    expect(inNepali.json().value).toMatchObject({ name: 'चाँदी', next: { name: 'Gold', nameNe: '' } });
    const levelUp = await t.database.query(
      `select title, title_ne, body_ne from member_messages where member_id = $1 and title like 'VIP level 2%'`,
      [p.id],
    );
    expect(levelUp).toEqual([
      {
        title: 'VIP level 2: Silver',
        title_ne: 'VIP तह 2: चाँदी',
        body_ne: 'बधाई छ! तपाईं VIP चाँदी मा पुग्नुभयो। तपाईंको तह-वृद्धि बोनस 2.00 ब्यालेन्समा थपियो।',
      },
    ]);
    await bet(p.id, 1_000n);
    await t.app.services.missions.catchUp();
    // Re-saving the table does not pay reached levels again.
    await api(op.token, 'PUT', '/wps/admin/vip/levels', {
      levels: set.body.value.map(({ members: _, level: __, ...l }: Record<string, unknown>) => l),
    });
    await bet(p.id, 1_000n);
    await t.app.services.missions.catchUp();
    expect((await cash(p.id)) - before).toBe(300n);
    const awards = await t.database.query(
      'select level from vip_level_awards where member_id = $1 order by level',
      [p.id],
    );
    expect(awards).toEqual([{ level: 1 }, { level: 2 }]);
    // A demo seeded before Nepali names: a level still without one gets the seed's, once.
    const vipService = t.app.services.vip;
    expect(
      await vipService.fillDemoNepali([
        { name: 'Gold', nameNe: 'सुन' },
        { name: 'Silver', nameNe: 'x' },
      ]),
    ).toBe(true);
    expect(await vipService.fillDemoNepali([{ name: 'Gold', nameNe: 'फेरि' }])).toBe(false);
    expect((await vipService.levels()).map((l) => l.nameNe)).toEqual(['', 'चाँदी', 'सुन']);
    expect((await api(p.token, 'GET', '/wps/mission/summary')).body.value.vip.level).toBe(2);
    expect((await api(p.token, 'GET', '/wps/member/info/store')).body.value.hasVip).toBe(true);
  });

  it('ranks the period leaderboard by valid bet with masked accounts and the caller’s own rank', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    await bet(a.id, 900_000_00n);
    await bet(b.id, 800_000_00n);
    const res = await api(b.token, 'GET', '/wps/mission/leaderboard?period=day');
    expect(res.status).toBe(200);
    const v = res.body.value;
    expect(v.list[0]).toMatchObject({
      rank: 1,
      account: maskAccount(a.account),
      validBet: '900000.00',
      me: false,
    });
    expect(v.list[1]).toMatchObject({ rank: 2, me: true });
    expect(v.mine).toEqual({ rank: 2, validBet: '800000.00' });
    expect(maskAccount('demo01')).toBe('de***01');
    const visitor = await api(null, 'GET', '/wps/mission/leaderboard?period=week');
    expect(visitor.status).toBe(200);
    expect(visitor.body.value.mine).toBeNull();
    expect(visitor.body.value.list.some((r: { account: string }) => r.account === a.account)).toBe(false);
  });

  it('checks who may call: sessions for the member calls, the promotions permission for the console', async () => {
    const p = await createMember(t.app);
    const other = await createOperator(t.app, { permissions: ['cashier'] });
    expect((await api(null, 'GET', '/wps/mission/summary')).status).toBe(401);
    expect((await api(null, 'POST', '/wps/mission/claim', { missionId: 1 })).status).toBe(401);
    expect((await api(null, 'GET', '/wps/vip')).status).toBe(401);
    for (const token of [p.token, other.token]) {
      expect((await api(token, 'GET', '/wps/admin/missions')).status).toBe(403);
      expect((await api(token, 'PUT', '/wps/admin/vip/levels', { levels: [] })).status).toBe(403);
    }
    expect((await api(p.token, 'POST', '/wps/mission/claim', { missionId: 999_999 })).status).toBe(404);
  });

  it('refuses bad definitions with field errors', async () => {
    const bad = [
      { title: 'x', period: 'day', metric: 'rounds', target: '2.5', reward: '1.00' },
      { title: 'x', period: 'day', metric: 'valid_bet', target: '0', reward: '1.00' },
      { title: 'x', period: 'month', metric: 'valid_bet', target: '10', reward: '1.00' },
      { title: 'x', period: 'day', metric: 'deposit', gameType: 'RNG', target: '10', reward: '1.00' },
      { title: 'x', period: 'day', metric: 'valid_bet', target: '10', reward: '0.00' },
    ];
    for (const body of bad) {
      const res = await api(op.token, 'POST', '/wps/admin/missions', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    const down = await api(op.token, 'PUT', '/wps/admin/vip/levels', {
      levels: [
        { name: 'A', minTurnover: '100.00', minDeposits: '0.00', bonus: '0.00' },
        { name: 'B', minTurnover: '50.00', minDeposits: '0.00', bonus: '0.00' },
      ],
    });
    expect(down.status).toBe(400);
  });
});
