import { randomUUID } from 'node:crypto';
import { CURRENCY } from '@wps/contract';
import { UNITS } from '@wps/sandbox-vendor/hub88-sim';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { conformanceFixture, importSimulatorGames } from './fixture.ts';

/**
 * Free spins through Hub88's Freebets API (freebets.ts): the console grants them under a
 * promotion, the simulator creates the reward and later plays its rounds against our wallet with
 * the reward's reference, and the wins are paid once, as a bonus with the promotion's wagering or
 * as cash when it has none. A free bet debits nothing.
 */

let t: TestApp;
let op: CreatedAccount;
let games: CreatedAccount;
beforeAll(async () => {
  t = await createTestApp();
  // The Games and Freebets API calls go over HTTP to the simulator mounted on this server.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await importSimulatorGames(t.app);
  op = await createOperator(t.app, { permissions: ['promotions'] });
  games = await createOperator(t.app, { permissions: ['games'] });
}, 60_000);
afterAll(() => t.close());

const api = async (token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

const promotion = async (title: string, wageringMultiplier: number) => {
  const res = await api(op.token, 'POST', '/wps/admin/promotions', {
    summary: 'Summary',
    body: 'Rules',
    startsAt: '2020-01-01T00:00:00Z',
    title,
    category: 'others',
    kind: 'free_bonus',
    bonusAmount: '0.00',
    wageringMultiplier,
    expiryDays: 7,
  });
  expect(res.status).toBe(200);
  return res.body.value.id as number;
};

const balances = async (memberId: number) => ({
  cash: await t.app.services.wallet.balance(Accounts.cash(memberId)),
  bonus: await t.app.services.wallet.balance(Accounts.bonus(memberId)),
});

/** A player with 100.00, a game session for the simulator, and its member id. */
const player = async () => {
  const p = await conformanceFixture(t.app).newPlayer(100);
  const m = await t.app.services.members.getByAccount(p.user);
  return { ...p, id: m!.id };
};

const grant = (account: string, promotionId: number, o: Record<string, unknown> = {}) =>
  api(op.token, 'POST', '/wps/admin/aggregator/hub88/freebets', {
    account,
    promotionId,
    gameCode: 'sim_lucky_sevens',
    betCount: 3,
    betValue: '2.00',
    days: 7,
    ...o,
  });

describe('Hub88 free spins: console grant → Freebets API → free rounds through the wallet', () => {
  it('grants free spins with wagering: the rounds debit nothing and the wins wait as a bonus', async () => {
    const promotionId = await promotion('Free spins x5', 5);
    const p = await player();
    const prepaids = await api(op.token, 'GET', '/wps/admin/aggregator/hub88/freebets/prepaids');
    expect(prepaids.status).toBe(200);
    expect(prepaids.body.value.map((x: { gameCode: string }) => x.gameCode)).toEqual(['sim_lucky_sevens']);

    const res = await grant(p.user, promotionId);
    expect(res.status).toBe(200);
    const reward = res.body.value;
    expect(reward).toMatchObject({
      account: p.user,
      promotionId,
      promotionTitle: 'Free spins x5',
      gameCode: 'sim_lucky_sevens',
      status: 'FRS_ACTIVE',
      betCount: 3,
      betValue: '2.00',
      rounds: 0,
      won: '0.00',
    });
    // The simulator holds the reward as Hub88 would, with our reference and values in its units.
    const sim = t.app.hub88.simulator!;
    const atSim = sim.rewards.get(reward.rewardUuid)!;
    expect(atSim).toMatchObject({
      user: p.user,
      game_code: 'sim_lucky_sevens',
      currency: CURRENCY,
      bet_value: 2 * UNITS,
      bet_count: 3,
      operator_reference: reward.operatorReference,
    });

    const before = await balances(p.id);
    const played = await sim.playFreeRounds({
      rewardUuid: reward.rewardUuid,
      token: p.token,
      payout: (i) => [5, 0, 7][i]! * UNITS,
    });
    expect(played.map((r) => [r.bet.body.status, r.win?.body.status])).toEqual([
      ['RS_OK', 'RS_OK'],
      ['RS_OK', 'RS_OK'],
      ['RS_OK', 'RS_OK'],
    ]);
    // Free bets answer the cash balance untouched; the wins went to the bonus account.
    expect(played.every((r) => r.bet.body.balance === 100 * UNITS)).toBe(true);
    const after = await balances(p.id);
    expect(after.cash).toBe(before.cash);
    expect(after.bonus - before.bonus).toBe(1200n);
    const grants = (await t.database.query(
      `select amount::text as amount, wagering_required::text as req, status from bonus_grants
        where member_id = $1 and promotion_id = $2 order by id`,
      [p.id, promotionId],
    )) as Array<{ amount: string; req: string; status: string }>;
    expect(grants).toEqual([
      { amount: '500', req: '2500', status: 'active' },
      { amount: '700', req: '3500', status: 'active' },
    ]);
    const list = await api(op.token, 'GET', `/wps/admin/aggregator/hub88/freebets?account=${p.user}`);
    expect(list.body.value[0]).toMatchObject({ id: reward.id, rounds: 3, won: '12.00' });
    // No paid round was recorded for the free ones: the bets record holds nothing for this player.
    const bets = (await t.database.query(`select count(*)::int as n from bets where member_id = $1`, [
      p.id,
    ])) as Array<{ n: number }>;
    expect(bets[0]!.n).toBe(0);
  });

  it('pays the wins of a promotion without wagering as cash, once per transaction', async () => {
    const promotionId = await promotion('Free spins cash', 0);
    const p = await player();
    const reward = (await grant(p.user, promotionId, { betCount: 1 })).body.value;
    const sim = t.app.hub88.simulator!;
    const before = await balances(p.id);
    const win = {
      user: p.user,
      transaction_uuid: randomUUID(),
      token: p.token,
      round: randomUUID(),
      round_closed: true,
      request_uuid: randomUUID(),
      reference_transaction_uuid: randomUUID(),
      game_code: 'sim_lucky_sevens',
      currency: CURRENCY,
      is_free: true,
      reward_uuid: reward.rewardUuid,
      amount: 9 * UNITS,
    };
    // A win with no free bet before it (a win with no debit) is credited.
    const first = await sim.call('transaction/win', win);
    expect(first.body).toMatchObject({ status: 'RS_OK', balance: 109 * UNITS });
    // Retried after a timeout (same transaction, new request): answered, not paid again.
    const retry = await sim.call('transaction/win', { ...win, request_uuid: randomUUID() });
    expect(retry.body).toMatchObject({ status: 'RS_OK', balance: 109 * UNITS });
    // Same transaction_uuid with another amount: a duplicate.
    const other = await sim.call('transaction/win', { ...win, request_uuid: randomUUID(), amount: UNITS });
    expect(other.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const after = await balances(p.id);
    expect(after.cash - before.cash).toBe(900n);
    expect(after.bonus).toBe(before.bonus);
  });

  it("refuses a free round naming a reward that is not this player's, and moves nothing", async () => {
    const promotionId = await promotion('Free spins other', 0);
    const owner = await player();
    const p = await player();
    const reward = (await grant(owner.user, promotionId, { betCount: 1 })).body.value;
    const sim = t.app.hub88.simulator!;
    const before = await balances(p.id);
    const base = {
      user: p.user,
      token: p.token,
      round: randomUUID(),
      game_code: 'sim_lucky_sevens',
      currency: CURRENCY,
      is_free: true,
      amount: 5 * UNITS,
    };
    for (const rewardUuid of [reward.rewardUuid, randomUUID()]) {
      const win = await sim.call('transaction/win', {
        ...base,
        transaction_uuid: randomUUID(),
        request_uuid: randomUUID(),
        reference_transaction_uuid: randomUUID(),
        reward_uuid: rewardUuid,
      });
      expect(win.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const bet = await sim.call('transaction/bet', {
        ...base,
        transaction_uuid: randomUUID(),
        request_uuid: randomUUID(),
        reward_uuid: rewardUuid,
      });
      expect(bet.body).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: 100 * UNITS });
    }
    expect(await balances(p.id)).toEqual(before);
  });

  it('answers bad grants with a 4xx and grants nothing; only the promotions permission grants', async () => {
    const promotionId = await promotion('Free spins refusals', 0);
    const p = await player();
    const trial = await createMember(t.app, { type: 4 });
    const count = async () =>
      (
        (await t.database.query(`select count(*)::int as n from aggregator_rewards`)) as Array<{ n: number }>
      )[0]!.n;
    const n = await count();
    expect((await grant('nobody_here', promotionId)).status).toBe(404);
    expect((await grant(trial.account, promotionId)).status).toBe(400);
    expect((await grant(p.user, 999_999)).status).toBe(400);
    // No free spins at a game without a prepaid (the simulator's live roulette).
    expect((await grant(p.user, promotionId, { gameCode: 'sim_himalaya_roulette' })).status).toBe(409);
    expect((await grant(p.user, promotionId, { gameCode: 'sim_no_such_game' })).status).toBe(404);
    for (const bad of [
      { betCount: 0 },
      { betCount: 101 },
      { betValue: '0.00' },
      { betValue: '-1' },
      { days: 0 },
    ])
      expect((await grant(p.user, promotionId, bad)).status).toBe(400);
    expect((await grant(p.user, promotionId, { betValue: '10000.01' })).status).toBe(400);
    const byGames = await api(games.token, 'POST', '/wps/admin/aggregator/hub88/freebets', {
      account: p.user,
      promotionId,
      gameCode: 'sim_lucky_sevens',
      betCount: 1,
      betValue: '1.00',
      days: 1,
    });
    expect(byGames.status).toBe(403);
    expect(await count()).toBe(n);
  });
});

/**
 * Money: a random stream of free wins (new, retried with a new request_uuid, replayed with the
 * same one, or resent with another amount) pays each transaction's first amount exactly once.
 */
describe('Hub88 free spins: paid once whatever the retries', () => {
  it('credits the sum of the distinct wins, as cash', async () => {
    const promotionId = await promotion('Free spins property', 0);
    const sim = t.app.hub88.simulator!;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            tx: fc.integer({ min: 0, max: 4 }),
            amount: fc.integer({ min: 0, max: 50 }),
            replay: fc.constantFrom('fresh', 'sameRequest', 'newRequest'),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        async (ops) => {
          const p = await player();
          const reward = (await grant(p.user, promotionId, { betCount: 5 })).body.value;
          const before = await balances(p.id);
          const run = randomUUID();
          const firstAmount = new Map<number, number>();
          const requests = new Map<number, string>();
          let expected = 0;
          for (const o of ops) {
            const known = firstAmount.has(o.tx);
            const requestUuid =
              o.replay === 'sameRequest' && requests.has(o.tx) ? requests.get(o.tx)! : randomUUID();
            const replayed = requests.get(o.tx) === requestUuid;
            requests.set(o.tx, requestUuid);
            const r = await sim.call('transaction/win', {
              user: p.user,
              transaction_uuid: `${run}-w${o.tx}`,
              token: p.token,
              round: `${run}-r${o.tx}`,
              round_closed: true,
              request_uuid: requestUuid,
              reference_transaction_uuid: `${run}-b${o.tx}`,
              game_code: 'sim_lucky_sevens',
              currency: CURRENCY,
              is_free: true,
              reward_uuid: reward.rewardUuid,
              amount: o.amount * UNITS,
            });
            if (!known) {
              firstAmount.set(o.tx, o.amount);
              expected += o.amount;
              expect(r.body.status).toBe('RS_OK');
            } else if (!replayed) {
              expect(r.body.status).toBe(
                firstAmount.get(o.tx) === o.amount ? 'RS_OK' : 'RS_ERROR_DUPLICATE_TRANSACTION',
              );
            }
          }
          const after = await balances(p.id);
          expect(after.cash - before.cash).toBe(BigInt(expected) * 100n);
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);
});
