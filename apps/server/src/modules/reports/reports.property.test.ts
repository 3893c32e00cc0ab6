import { addBusinessDays, fromMinor } from '@wps/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { insertBet } from './fixtures.ts';

const sum = (xs: string[]) =>
  fromMinor(xs.reduce((n, s) => n + BigInt(s.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1')), 0n));

/**
 * Whatever the bets: GGR by vendor, by game, by agent branch and by day all sum to the same total,
 * which is the stakes minus payouts of the real-money bets inside the range.
 */
describe('reports property: every grouping sums to the total GGR', () => {
  let t: TestApp;
  let op: CreatedAccount;
  let members: number[];
  let run = 0;

  beforeAll(async () => {
    t = await createTestApp();
    op = await createOperator(t.app, { permissions: ['reports'] });
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    members = [
      top.id,
      sub.id,
      (await createMember(t.app, { parentId: top.id })).id,
      (await createMember(t.app, { parentId: sub.id })).id,
      (await createMember(t.app)).id,
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  const betArb = fc.record({
    member: fc.nat({ max: 4 }),
    vendor: fc.constantFrom('PG', 'JDB', 'INHOUSE', 'EVO'),
    game: fc.constantFrom('a', 'b', 'c'),
    stake: fc.bigInt({ min: -5_000n, max: 1_000_000n }),
    payout: fc.bigInt({ min: 0n, max: 2_000_000n }),
    /** Minutes from 1 hour before the range to 1 hour after its 3 days. */
    minute: fc.integer({ min: -60, max: 3 * 1440 + 60 }),
    trial: fc.boolean(),
  });

  it('by vendor == by game == by agent == by day == total == the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(betArb, { minLength: 0, maxLength: 12 }), async (bets) => {
        // Each run uses its own three days, so earlier runs' bets never fall inside.
        const from = addBusinessDays('2031-01-01', run * 10);
        const to = addBusinessDays(from, 2);
        run++;
        const start = Date.parse(`${from}T00:00:00+05:45`);
        let model = 0n;
        for (const b of bets) {
          const at = new Date(start + b.minute * 60_000);
          await insertBet(t.app.database.db, {
            memberId: members[b.member]!,
            vendor: b.vendor,
            gameCode: b.game,
            stake: b.stake,
            payout: b.payout,
            at: at.toISOString(),
            trial: b.trial,
          });
          if (!b.trial && b.minute >= 0 && b.minute < 3 * 1440) model += b.stake - b.payout;
        }
        const totals: string[] = [];
        for (const by of ['day', 'vendor', 'game', 'agent']) {
          const res = await t.app.inject({
            method: 'GET',
            url: `/wps/admin/reports/ggr?from=${from}&to=${to}&by=${by}`,
            headers: { token: op.token },
          });
          const v = res.json().value;
          expect(sum(v.rows.map((r: { ggr: string }) => r.ggr))).toBe(v.total.ggr);
          totals.push(v.total.ggr);
        }
        expect(new Set(totals)).toEqual(new Set([fromMinor(model)]));
      }),
      { numRuns: 15 },
    );
  });
});
