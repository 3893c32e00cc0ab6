import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import type { BetRow } from '../bets/reads.ts';
import { accrue } from './service.ts';

/**
 * The consumer's set-based accrual (one upsert and one update for a whole batch) against the
 * model `accrue` folded bet batch by bet batch per member: the same points, balance, remainder
 * and entries, rollbacks (negative valid stake) and trial rows included.
 */
describe('points accrual from bets batches', () => {
  let t: TestApp;
  let members: number[];
  beforeAll(async () => {
    t = await createTestApp();
    members = [];
    for (let i = 0; i < 4; i++) members.push((await createMember(t.app)).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const row = (memberId: number, validStake: bigint, trial: boolean): BetRow =>
    ({ memberId, validStake, trial }) as BetRow;

  it('matches the model for any batches of stakes', async () => {
    const unit = 10_000n; // the default paisa per point
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(
            fc.record({
              m: fc.integer({ min: 0, max: 3 }),
              stake: fc.bigInt({ min: -30_000n, max: 120_000n }),
              trial: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
            }),
            { maxLength: 12 },
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (batches) => {
          const read = async () =>
            new Map(
              (
                (await t.database.query(
                  `select member_id, balance::text, earned::text, remainder::text,
                          (select count(*)::int from points_entries e where e.member_id = a.member_id) as entries
                   from points_accounts a where member_id = any($1::int[])`,
                  [members],
                )) as Array<{
                  member_id: number;
                  balance: string;
                  earned: string;
                  remainder: string;
                  entries: number;
                }>
              ).map((r) => [r.member_id, r]),
            );
          const before = await read();
          const model = new Map(
            members.map((m) => {
              const b = before.get(m);
              return [
                m,
                {
                  balance: BigInt(b?.balance ?? 0),
                  remainder: BigInt(b?.remainder ?? 0),
                  entries: b?.entries ?? 0,
                },
              ];
            }),
          );
          for (const batch of batches) {
            const rows = batch.map((b) => row(members[b.m]!, b.trial ? 0n : b.stake, b.trial));
            await t.database.db.transaction((tx) => t.app.services.points.applyBets(rows, tx));
            const sums = new Map<number, bigint>();
            for (const r of rows)
              if (!r.trial && r.validStake !== 0n)
                sums.set(r.memberId, (sums.get(r.memberId) ?? 0n) + r.validStake);
            for (const [m, s] of sums) {
              const e = model.get(m)!;
              const step = accrue(e.remainder, s, unit);
              e.remainder = step.remainder;
              e.balance += step.points;
              if (step.points > 0n) e.entries += 1;
            }
          }
          const after = await read();
          for (const m of members) {
            const got = after.get(m);
            const want = model.get(m)!;
            expect({
              balance: BigInt(got?.balance ?? 0),
              remainder: BigInt(got?.remainder ?? 0),
              entries: got?.entries ?? 0,
            }).toEqual(want);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
