import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/members.ts';
import type { TestApp } from '../../test/helper.ts';
import { createPromotion, promotionsTestKit } from '../promotions/test-kit.ts';

/** The eligibility policy as docs/security.md (Money) states it, to check the one definition against. */
const policy = (stake: bigint, payout: bigint, trial: boolean): bigint => {
  if (trial) return 0n;
  if (stake <= 0n) return stake;
  const net = payout > stake ? payout - stake : stake - payout;
  return net < stake ? net : stake;
};

describe('valid stake: one eligibility policy for every writer and consumer (issue 26)', () => {
  const kit = promotionsTestKit();
  let t: TestApp;
  beforeAll(() => {
    t = kit.t;
  });

  it('bets_valid_stake counts what a line put at risk: never more than its stake, nothing for trial', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            stake: fc.bigInt({ min: -1_000_000n, max: 10_000_000n }),
            payout: fc.bigInt({ min: 0n, max: 50_000_000n }),
            trial: fc.boolean(),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        async (lines) => {
          const rows = await t.database.query(
            `select bets_valid_stake(s, p, tr)::text as v
             from unnest($1::bigint[], $2::bigint[], $3::boolean[]) with ordinality as x(s, p, tr, o) order by o`,
            [
              lines.map((l) => l.stake.toString()),
              lines.map((l) => l.payout.toString()),
              lines.map((l) => l.trial),
            ],
          );
          lines.forEach((l, i) => {
            const v = BigInt(rows[i]!.v as string);
            expect(v).toBe(policy(l.stake, l.payout, l.trial));
            if (l.stake > 0n) expect(v >= 0n && v <= l.stake).toBe(true);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('in-house and lottery lines, one at a time or many, are written with the policy', async () => {
    const m = await createMember(t.app);
    const lines = [
      { stake: 100_000n, payout: 0n }, // a loss: its stake
      { stake: 100_000n, payout: 99_000n }, // dice over 0.01, won at 0.99×: 10.00
      { stake: 20_000n, payout: 20_000n }, // red and black, a push: nothing
      { stake: 30_000n, payout: 90_000n }, // won 600.00 on 300.00: 300.00
    ];
    const base = {
      memberId: m.id,
      source: 'inhouse' as const,
      vendor: 'INHOUSE',
      gameCode: 'dice',
      gameType: 'INHOUSE',
      trial: false,
    };
    await t.app.database.db.transaction(async (tx) => {
      for (const [i, l] of lines.entries())
        await t.app.services.bets.recordSettlement(tx, { ...base, roundId: `one-${i}`, ...l });
      await t.app.services.bets.recordSettlements(
        tx,
        lines.map((l, i) => ({ ...base, roundId: `many-${i}`, ...l })),
      );
      await t.app.services.bets.recordSettlements(
        tx,
        lines.map((l, i) => ({ ...base, roundId: `paths-${i}`, ...l })),
        new Map([[m.id, []]]),
      );
    });
    const rows = await t.database.query(
      `select round_id, valid_stake::text from bets where member_id = $1 order by id`,
      [m.id],
    );
    expect(rows.map((r) => r.valid_stake)).toEqual(
      Array.from({ length: 3 }, () => ['100000', '1000', '0', '30000']).flat(),
    );
  });

  it('dice "over 0.01" no longer wagers a deposit bonus through at 1 % cost', async () => {
    const promoId = await createPromotion(t.app, kit.op.token, {
      title: 'First deposit 100 %',
      category: 'deposit',
      kind: 'deposit_bonus',
      depositNth: 1,
      percent: 100,
      cap: '1000.00',
      minDeposit: '100.00',
      wageringMultiplier: 10,
    });
    const player = await createMember(t.app);
    expect((await kit.api(player.token, 'POST', `/wps/promotions/${promoId}/join`)).status).toBe(200);
    await kit.deposit(player.id, '1000.00');
    // The reproduction of the issue: 11 bets at 99.99 % to win 0.99×. Before, each counted its
    // whole stake toward the 10,000.00 of wagering and the bonus turned into cash (1,895.37).
    for (let i = 0; i < 11; i++) {
      const balance = t.app.services.wallet.memberBalances(player.id);
      const cash = (await balance).player_cash;
      const amount = ((cash / 100n) * 100n) / 100n; // whole rupees of the cash
      const res = await kit.api(player.token, 'POST', '/wps/inhouse/dice/play', {
        requestId: `farm-${i}-${Math.random()}`,
        amount: `${amount}.00`,
        target: 0.01,
        direction: 'over',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const [{ staked, valid }] = (await t.database.query(
      `select sum(stake)::text as staked, sum(valid_stake)::text as valid from bets where member_id = $1`,
      [player.id],
    )) as [{ staked: string; valid: string }];
    // Each won line counts its 1 % loss; a lost one (0.01 %) would count in full.
    expect(BigInt(valid) * 50n).toBeLessThan(BigInt(staked));
    const bonus = await kit.api(player.token, 'GET', '/wps/promotions/bonuses');
    expect(bonus.body.value.grants[0]).toMatchObject({ status: 'active', amount: '1000.00' });
    expect(Number(bonus.body.value.grants[0].wagered)).toBeLessThan(200);
    const balances = await t.app.services.wallet.memberBalances(player.id);
    expect(balances.player_bonus).toBe(100_000n);
    expect(balances.player_cash).toBeLessThan(100_000n);
  });
});
