import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { cashbackOf } from './wagering-math.ts';

describe('cashback arithmetic', () => {
  it('never pays on a net win, never above the cap or the loss, never under the minimum loss', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 100 }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (stake, payout, percent, cap, minLoss) => {
          const c = cashbackOf(stake, payout, { percent, cap, minLoss });
          const loss = stake - payout;
          if (loss <= 0n || loss < minLoss) expect(c).toBe(0n);
          else {
            const raw = (loss * BigInt(percent)) / 100n;
            expect(c).toBe(raw > cap ? cap : raw);
          }
          expect(c >= 0n && c <= cap && (c === 0n || c <= loss)).toBe(true);
        },
      ),
    );
  });
});

/**
 * Model-based, through the real job, ledger and claim: random bets (wins and losses) of a few
 * members, the period's job run one to three times, claims clicked zero to three times. Every
 * member ends with exactly the model's cashback of their net loss, paid once, or nothing on a win.
 */
describe('cashback job against a model', () => {
  let t: TestApp;
  let op: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    op = await createOperator(t.app, { permissions: ['promotions'] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays each member its cashback once, whatever the reruns and repeated claims', async () => {
    const bet = fc.record({
      who: fc.integer({ min: 0, max: 2 }),
      stake: fc.bigInt({ min: 1n, max: 100_000n }),
      payout: fc.bigInt({ min: 0n, max: 200_000n }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(bet, { maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        async (bets, runs, clicks, autoCredit) => {
          const created = await t.app.inject({
            method: 'POST',
            url: '/wps/admin/promotions',
            headers: { token: op.token },
            payload: {
              title: 'Model cashback',
              category: 'rebate',
              startsAt: '2020-01-01T00:00:00Z',
              kind: 'cashback',
              period: 'day',
              percent: 15,
              cap: '120.00',
              minLoss: '50.00',
              autoCredit,
            },
          });
          const id = created.json().value.id as number;
          const members = await Promise.all([0, 1, 2].map(() => createMember(t.app)));
          for (const m of members)
            await t.app.inject({
              method: 'POST',
              url: `/wps/promotions/${id}/join`,
              headers: { token: m.token },
            });
          const start = new Date();
          const net = [0n, 0n, 0n];
          for (const b of bets) {
            const m = members[b.who]!;
            await t.app.database.db.transaction((tx) =>
              t.app.services.bets.recordSettlement(tx, {
                memberId: m.id,
                source: 'inhouse',
                vendor: 'INHOUSE',
                gameCode: 'dice',
                gameType: 'RNG',
                roundId: `p${Math.random()}`,
                stake: b.stake,
                payout: b.payout,
                trial: false,
              }),
            );
            net[b.who]! += b.stake - b.payout;
          }
          const end = new Date(Date.now() + 1_000);
          const cashBefore = await Promise.all(
            members.map(async (m) => (await t.app.services.wallet.memberBalances(m.id)).player_cash),
          );
          for (let r = 0; r < runs; r++) await t.app.services.cashback.settle('day', start, end);
          for (const [i, m] of members.entries())
            for (let c = 0; c < clicks[i]!; c++)
              await t.app.inject({
                method: 'POST',
                url: `/wps/promotions/${id}/claim`,
                headers: { token: m.token },
              });
          for (const [i, m] of members.entries()) {
            const expected = cashbackOf(net[i]!, 0n, { percent: 15, cap: 12_000n, minLoss: 5_000n });
            const paid = (await t.app.services.wallet.memberBalances(m.id)).player_cash - cashBefore[i]!;
            const claimed = autoCredit || clicks[i]! > 0;
            expect(paid).toBe(claimed ? expected : 0n);
            if (net[i]! <= 0n) expect(paid).toBe(0n);
            const rows = await t.database.query(
              'select count(*)::int n from promotion_cashbacks where promotion_id = $1 and member_id = $2',
              [id, m.id],
            );
            expect(rows[0]!.n).toBe(expected > 0n ? 1 : 0);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
