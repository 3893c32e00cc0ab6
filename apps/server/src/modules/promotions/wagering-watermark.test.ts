import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { createPromotion, promotionsTestKit } from './test-kit.ts';

/**
 * Expiry and withdrawal forfeits judge a bonus only once the wagering consumer has caught up
 * (issue 26). Before, a grant whose wagering the member met was forfeited when the consumer was
 * behind: the job drained at most 10,000 rows a minute and a withdrawal did not drain at all.
 * The bets here are written to the record without running the consumer, as a backlog would.
 */
describe('bonus expiry and forfeits wait for the wagering consumer', () => {
  const kit = promotionsTestKit();

  const freeBonus = (title: string) =>
    createPromotion(kit.t.app, kit.op.token, {
      title,
      category: 'others',
      kind: 'free_bonus',
      bonusAmount: '30.00',
      wageringMultiplier: 5,
    });
  const grantOf = async (memberId: number) =>
    (
      await kit.t.database.query(
        'select status, wagered::text, expires_at from bonus_grants where member_id = $1 order by id',
        [memberId],
      )
    )[0]!;
  const cash = async (memberId: number) =>
    (await kit.t.app.services.wallet.memberBalances(memberId)).player_cash;

  it('expiry converts a grant met before it expired instead of forfeiting it', async () => {
    const promo = await freeBonus('Free 30 (expiry)');
    const m = await createMember(kit.t.app);
    expect((await kit.api(m.token, 'POST', `/wps/promotions/${promo}/claim`)).status).toBe(200);
    // 150.00 of losing play: the 5 × 30.00 of wagering, met while the grant is open.
    await kit.bet(m.id, 15_000n);
    // The grant then expires, and the expiry job runs before any wagering run.
    await kit.t.database.query(
      `update bonus_grants set expires_at = now() + interval '1 second' where member_id = $1`,
      [m.id],
    );
    await new Promise((r) => setTimeout(r, 1100));
    const before = await cash(m.id);
    await kit.t.app.services.bonusEngine.expire(new Date());
    expect(await grantOf(m.id)).toMatchObject({ status: 'converted' });
    expect((await cash(m.id)) - before).toBe(3_000n);
  });

  it('a withdrawal first counts the bets already placed: a met grant converts, it is not forfeited', async () => {
    const promo = await freeBonus('Free 30 (withdrawal)');
    const m = await createMember(kit.t.app, { payeeName: 'Sita Rai', paymentPassword: 'Pay@1234' });
    await kit.t.app.services.wallet.post({
      key: `fund:${m.id}`,
      reason: 'adjustment',
      postings: [
        { account: Accounts.adjustment(), amount: -100_000n },
        { account: Accounts.cash(m.id), amount: 100_000n },
      ],
    });
    expect((await kit.api(m.token, 'POST', `/wps/promotions/${promo}/claim`)).status).toBe(200);
    await kit.bet(m.id, 15_000n);
    const payout = await kit.t.app.services.cashier.addPayoutAccount(m.id, {
      kind: 'wallet',
      provider: 'ESEWA',
      accountNumber: '9800001234',
      accountName: 'Sita Rai',
    });
    await kit.t.app.services.cashier.requestWithdrawal(m.id, {
      payoutAccountId: payout.id,
      amount: '500.00',
      paymentPassword: 'Pay@1234',
    });
    expect(await grantOf(m.id)).toMatchObject({ status: 'converted' });
    const after = await kit.t.app.services.wallet.memberBalances(m.id);
    expect(after.player_bonus).toBe(0n);
    expect(after.player_hold).toBe(50_000n);
  });

  it('a contribution per game (INHOUSE:DICE) tells one in-house game from another', async () => {
    const promo = await createPromotion(kit.t.app, kit.op.token, {
      title: 'Free 30 (no dice)',
      category: 'others',
      kind: 'free_bonus',
      bonusAmount: '30.00',
      wageringMultiplier: 5,
      contributions: { INHOUSE: 100, 'INHOUSE:DICE': 0, 'INHOUSE:CRASH': 50 },
    });
    const m = await createMember(kit.t.app);
    expect((await kit.api(m.token, 'POST', `/wps/promotions/${promo}/claim`)).status).toBe(200);
    const play = (gameCode: string, stake: bigint) =>
      kit.t.app.database.db.transaction((tx) =>
        kit.t.app.services.bets.recordSettlement(tx, {
          memberId: m.id,
          source: 'inhouse',
          vendor: 'INHOUSE',
          gameCode,
          gameType: 'INHOUSE',
          roundId: `${gameCode}-${Math.random()}`,
          stake,
          payout: 0n,
          trial: false,
        }),
      );
    await play('dice', 10_000n);
    await play('crash', 2_000n);
    await play('roulette', 500n);
    await kit.t.app.services.bonusEngine.catchUp();
    expect(await grantOf(m.id)).toMatchObject({ status: 'active', wagered: '1500' });
    // A key that is neither a type nor TYPE:GAME is refused.
    const bad = await kit.api(kit.op.token, 'POST', '/wps/admin/promotions', {
      startsAt: '2020-01-01T00:00:00Z',
      title: 'Bad key',
      category: 'others',
      kind: 'free_bonus',
      bonusAmount: '1.00',
      wageringMultiplier: 1,
      contributions: { 'inhouse dice': 0 },
    });
    expect(bad.status).toBe(400);
  });

  it('cashback counts a round on the day it began, stake and win alike', async () => {
    const promo = await createPromotion(kit.t.app, kit.op.token, {
      title: 'Cashback by round',
      kind: 'cashback',
      category: 'rebate',
      period: 'day',
      percent: 10,
      cap: '1000.00',
      autoCredit: true,
    });
    const won = await createMember(kit.t.app);
    const lost = await createMember(kit.t.app);
    const before = await createMember(kit.t.app);
    for (const m of [won, lost, before])
      expect((await kit.api(m.token, 'POST', `/wps/promotions/${promo}/join`)).status).toBe(200);
    const end = new Date(Date.now() - 60_000);
    const start = new Date(end.getTime() - 3_600_000);
    // They joined before the period.
    await kit.t.database.query(
      `update promotion_participations set created_at = $2 where promotion_id = $1`,
      [promo, new Date(start.getTime() - 3_600_000).toISOString()],
    );
    const row = (memberId: number, round: string, stake: number, payout: number, at: Date) =>
      kit.t.database.query(
        `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout,
                           valid_stake, status, trial, settled_at)
         values ($1, '{}', 'seamless', 'SANDBOX', 'g', 'RNG', $2, $3, $4, $3, 'settled', false, $5)`,
        [memberId, round, stake, payout, at.toISOString()],
      );
    // Bet 500.00 before the period's end, the win of 900.00 after it: a round the player won.
    await row(won.id, 'straddle-won', 50_000, 0, new Date(end.getTime() - 5_000));
    await row(won.id, 'straddle-won', 0, 90_000, new Date(end.getTime() + 5_000));
    // A plain loss of 300.00 inside the period.
    await row(lost.id, 'inside-lost', 30_000, 0, new Date(start.getTime() + 5_000));
    // A round begun before the period: its loss belongs to the day before.
    await row(before.id, 'straddle-start', 40_000, 0, new Date(start.getTime() - 5_000));
    await row(before.id, 'straddle-start', 0, 0, new Date(start.getTime() + 5_000));
    await kit.t.app.services.cashback.settle('day', start, end);
    const paid = await kit.t.database.query(
      'select member_id, amount::text from promotion_cashbacks where promotion_id = $1 order by member_id',
      [promo],
    );
    expect(paid).toEqual([{ member_id: lost.id, amount: '3000' }]);
  });

  it('publishes how far each consumer has consumed, and its backlog', async () => {
    const m = await createMember(kit.t.app);
    await kit.bet(m.id, 100n);
    const engine = kit.t.app.services.bonusEngine;
    const { consumerStates } = await import('../bets/consumers.ts');
    const lagging = (await consumerStates(kit.t.app.database.db)).find(
      (c) => c.name === 'promotions.wagering',
    );
    expect(lagging!.lag).toBeGreaterThan(0);
    const start = new Date(Date.now() - 5);
    await engine.catchUp();
    const state = (await consumerStates(kit.t.app.database.db)).find(
      (c) => c.name === 'promotions.wagering',
    )!;
    expect(state.lag).toBe(0);
    expect(state.consumedThrough!.getTime()).toBeGreaterThanOrEqual(start.getTime());
    expect(await engine.consumer.through(start)).toBe(true);
  });
});
