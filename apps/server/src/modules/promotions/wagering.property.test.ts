import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { advance, contributionOf, depositBonus, wageringRequirement } from './wagering-math.ts';

const CONTRIBUTIONS = { RNG: 100, LIVE: 10, FISH: 50, SPORTS: 0 };
const TYPES = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP'] as const; // PVP is unlisted: counts in full

describe('wagering arithmetic', () => {
  it('a contribution is between 0 and the stake, by the game type percent, and a rollback cancels it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), fc.bigInt({ min: 0n, max: 10n ** 12n }), (type, stake) => {
        const c = contributionOf(CONTRIBUTIONS, type, stake);
        expect(c >= 0n && c <= stake).toBe(true);
        const pct = BigInt(CONTRIBUTIONS[type as keyof typeof CONTRIBUTIONS] ?? 100);
        expect(c).toBe((stake * pct) / 100n);
        expect(c + contributionOf(CONTRIBUTIONS, type, -stake)).toBe(0n);
      }),
    );
  });

  it('wagered never goes below zero and is met exactly when it reaches the requirement', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        (wagered, required, c) => {
          const step = advance(wagered, required, c);
          expect(step.wagered >= 0n).toBe(true);
          expect(step.met).toBe(step.wagered >= required);
        },
      ),
    );
  });

  it('the deposit bonus is the percent of the deposit, never above the cap', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        fc.integer({ min: 1, max: 1000 }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (deposit, pct, cap) => {
          const b = depositBonus(deposit, pct, cap);
          expect(b <= cap).toBe(true);
          expect(b).toBe((deposit * BigInt(pct)) / 100n > cap ? cap : (deposit * BigInt(pct)) / 100n);
        },
      ),
    );
    expect(wageringRequirement(50_000n, 10)).toBe(500_000n);
  });
});

/**
 * Model-based, through the real engine and ledger: random bets (with rollbacks) of random game
 * types, the consumer run at random points, sometimes twice at once. The grant converts exactly
 * when the model's wagering first reaches the requirement, never before, and pays exactly once.
 */
describe('bonus engine against a model', () => {
  let t: TestApp;
  let promoId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const op = await createOperator(t.app, { permissions: ['promotions'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/promotions',
      headers: { token: op.token },
      payload: {
        title: 'Model bonus',
        category: 'others',
        kind: 'free_bonus',
        startsAt: '2020-01-01T00:00:00Z',
        bonusAmount: '10.00',
        wageringMultiplier: 3,
        contributions: CONTRIBUTIONS,
      },
    });
    promoId = res.json().value.id;
  });
  afterAll(async () => {
    await t.close();
  });

  type Step =
    | { k: 'bet'; type: (typeof TYPES)[number]; stake: number }
    | { k: 'rollback'; of: number }
    | { k: 'run'; twice: boolean };
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        k: fc.constant('bet' as const),
        type: fc.constantFrom(...TYPES),
        stake: fc.integer({ min: 1, max: 900 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('rollback' as const), of: fc.nat(30) }) },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('run' as const), twice: fc.boolean() }) },
  );

  it('converts exactly once, never under the requirement', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const player = await createMember(t.app);
        const claim = await t.app.inject({
          method: 'POST',
          url: `/wps/promotions/${promoId}/claim`,
          headers: { token: player.token },
        });
        expect(claim.statusCode).toBe(200);
        const engine = t.app.services.bonusEngine;
        const required = 3_000n;
        let modelWagered = 0n;
        let modelConverted = false;
        const placed: Array<{ type: string; stake: bigint }> = [];
        const record = (type: string, stake: bigint) =>
          t.app.database.db.transaction((tx) =>
            t.app.services.bets.recordSettlement(tx, {
              memberId: player.id,
              source: 'inhouse',
              vendor: 'INHOUSE',
              gameCode: 'dice',
              gameType: type,
              roundId: `m${Math.random()}`,
              stake,
              payout: 0n,
              trial: false,
            }),
          );
        const feed = (type: string, stake: bigint) => {
          if (modelConverted) return;
          const s = advance(modelWagered, required, contributionOf(CONTRIBUTIONS, type, stake));
          modelWagered = s.wagered;
          if (s.met) modelConverted = true;
        };
        for (const s of steps) {
          if (s.k === 'bet') {
            await record(s.type, BigInt(s.stake));
            placed.push({ type: s.type, stake: BigInt(s.stake) });
            feed(s.type, BigInt(s.stake));
          } else if (s.k === 'rollback') {
            const b = placed[s.of % Math.max(1, placed.length)];
            if (!b) continue;
            await record(b.type, -b.stake);
            feed(b.type, -b.stake);
          } else if (s.twice) {
            await Promise.all([engine.catchUp(), engine.catchUp()]);
          } else {
            await engine.catchUp();
          }
        }
        await engine.catchUp();
        const summary = await engine.summary(player.id);
        const g = summary.grants[0]!;
        const bal = await t.app.services.wallet.memberBalances(player.id);
        if (modelConverted) {
          expect(g.status).toBe('converted');
          expect(bal.player_cash).toBe(1_000n);
          expect(bal.player_bonus).toBe(0n);
        } else {
          expect(g.status).toBe('active');
          expect(g.wagered).toBe((Number(modelWagered) / 100).toFixed(2));
          expect(bal.player_cash).toBe(0n);
          expect(bal.player_bonus).toBe(1_000n);
        }
        const converts = await t.database.query(
          `select count(*)::int n from ledger_transactions where idempotency_key like 'bonus_convert:%' and metadata->>'grantId' = $1`,
          [String(g.id)],
        );
        expect(converts[0]!.n).toBe(modelConverted ? 1 : 0);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
