import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/members.ts';
import { createPromotion, promotionsTestKit } from '../promotions/test-kit.ts';
import { Accounts } from '../wallet/accounts.ts';

const SECRET = 'finality-secret';
const FINALITY_SECONDS = 2;

type Op =
  | { k: 'bet'; round: number; amt: number }
  | { k: 'win'; round: number; amt: number }
  | { k: 'rollback'; round: number }
  | { k: 'drain' };

/**
 * Rewards wait until a round is final (issue 26): for random vendor bet streams with wins and
 * rollbacks, consumers drained at any moment end with exactly the rewards the final rounds earn
 * (bonus wagering and points from the eligibility policy on each round's net stake and wins).
 * Without the wait, a bet's row was consumed before its rollback or its win: points earned on a
 * rolled-back bet stayed, and a bonus could convert on stake the round's win took back.
 */
describe('rewards follow final rounds only', () => {
  const kit = promotionsTestKit({
    config: { sandboxVendorSecret: SECRET, betsFinalitySeconds: FINALITY_SECONDS },
  });
  let seq = 0;

  const call = async (op: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const res = await kit.t.app.inject({
      method: 'POST',
      url: `/seamless/v1/SANDBOX/${op}`,
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', SECRET).update(raw).digest('hex'),
      },
      payload: raw,
    });
    return res.json();
  };
  const drain = async () => {
    await kit.t.app.services.bonusEngine.catchUp();
    await kit.t.app.services.points.catchUp();
  };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        k: fc.constant('bet' as const),
        round: fc.nat(2),
        amt: fc.integer({ min: 50, max: 300 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('win' as const),
        round: fc.nat(2),
        amt: fc.integer({ min: 10, max: 600 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('rollback' as const), round: fc.nat(2) }) },
    { weight: 3, arbitrary: fc.constant({ k: 'drain' as const }) },
  );

  it('bonus wagering and points equal what the final rounds earn, whenever the consumers run', async () => {
    const promo = await createPromotion(kit.t.app, kit.op.token, {
      title: 'Never met',
      category: 'others',
      kind: 'free_bonus',
      bonusAmount: '1000.00',
      wageringMultiplier: 100,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 12 }), async (random) => {
        // Every stream starts with the case that paid before: a bet, a consumer run, its rollback.
        const ops: Op[] = [
          { k: 'bet', round: 0, amt: 200 },
          { k: 'drain' },
          { k: 'rollback', round: 0 },
          ...random,
        ];
        const run = ++seq;
        const m = await createMember(kit.t.app);
        await kit.t.app.services.wallet.post({
          key: `finality:${m.id}`,
          reason: 'deposit',
          postings: [
            { account: Accounts.clearing('BANK'), amount: -10_000_000n },
            { account: Accounts.cash(m.id), amount: 10_000_000n },
          ],
        });
        expect((await kit.api(m.token, 'POST', `/wps/promotions/${promo}/claim`)).status).toBe(200);
        const bets = new Map<number, string[]>();
        let n = 0;
        const started = Date.now();
        for (const op of ops) {
          const round = `f${run}-${'round' in op ? op.round : 0}`;
          if (op.k === 'drain') await drain();
          else if (op.k === 'bet') {
            const txId = `f${run}-${++n}`;
            await call('bet', {
              txId,
              roundId: round,
              username: m.account,
              gameCode: 'g',
              amount: `${op.amt}.00`,
            });
            bets.set(op.round, [...(bets.get(op.round) ?? []), txId]);
          } else if (op.k === 'win') {
            await call('win', {
              txId: `f${run}-${++n}`,
              roundId: round,
              username: m.account,
              amount: `${op.amt}.00`,
            });
          } else {
            const ref = bets.get(op.round)?.pop();
            if (ref) await call('rollback', { txId: `f${run}-${++n}`, refTxId: ref, username: m.account });
          }
        }
        // The whole stream fits in the finality window: no reward is decided on any of it yet.
        expect(Date.now() - started).toBeLessThan(FINALITY_SECONDS * 1000);
        await new Promise((r) => setTimeout(r, FINALITY_SECONDS * 1000 + 300));
        await drain();

        const [final] = await kit.t.database.query(
          `select coalesce(sum(bets_valid_stake(bet_total - refund_total, win_total, false)), 0)::text as v
           from seamless_rounds where member_id = $1`,
          [m.id],
        );
        const expected = BigInt(final!.v as string);
        const [grant] = await kit.t.database.query(
          'select wagered::text from bonus_grants where member_id = $1',
          [m.id],
        );
        expect(BigInt(grant!.wagered as string)).toBe(expected);
        const [points] = await kit.t.database.query(
          'select earned::text from points_accounts where member_id = $1',
          [m.id],
        );
        expect(BigInt((points?.earned as string | undefined) ?? '0')).toBe(expected / 10_000n);
      }),
      { numRuns: 4 },
    );
  }, 120_000);
});
