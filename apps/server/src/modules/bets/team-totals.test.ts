import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import type { TeamTotals } from './team.ts';

const DAY_MS = 86_400_000;

/**
 * Every contract's team totals at once (salary and dividend settlement), against a plain
 * computation over the same bet rows — including members who moved to another upline within the
 * period (a row per path: an agent is credited only with the rows whose path holds it, and counts
 * the member once).
 */
describe('bets: team totals of many agents (settlement)', () => {
  let t: TestApp;
  let m: CreatedAccount[];
  let runDay = 0;
  const BASE = Date.parse('2027-01-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    // top1 → a → p1, p2; top1 → b → p3; top2 → c. Paths are written explicitly below, so a
    // member can have bet under more than one of them.
    const top1 = await createMember(t.app, { type: 1, parentId: null });
    const a = await createMember(t.app, { type: 2, parentId: top1.id });
    const b = await createMember(t.app, { type: 2, parentId: top1.id });
    const top2 = await createMember(t.app, { type: 1, parentId: null });
    const c = await createMember(t.app, { type: 2, parentId: top2.id });
    const p1 = await createMember(t.app, { parentId: a.id });
    const p2 = await createMember(t.app, { parentId: a.id });
    const p3 = await createMember(t.app, { parentId: b.id });
    m = [top1, a, b, top2, c, p1, p2, p3];
  });
  afterAll(async () => {
    await t.close();
  });

  it('property: equals the sum over the rows whose path holds the agent, each member counted once', async () => {
    const [top1, a, b, top2, c, p1, p2, p3] = m.map((x) => x.id) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    // Where each member could sit: its own place, or after a move under another agent.
    const places: Record<number, number[][]> = {
      [top1]: [[]],
      [a]: [[top1]],
      [b]: [[top1]],
      [top2]: [[]],
      [c]: [[top2]],
      [p1]: [
        [top1, a],
        [top1, b],
      ],
      [p2]: [
        [top1, a],
        [top2, c],
      ],
      [p3]: [[top1, b]],
    };
    const ids = m.map((x) => x.id);
    const bet = fc.record({
      member: fc.integer({ min: 0, max: ids.length - 1 }),
      place: fc.integer({ min: 0, max: 1 }),
      at: fc.integer({ min: 0, max: DAY_MS - 1 }),
      stake: fc.integer({ min: 0, max: 50_000 }),
      payout: fc.integer({ min: 0, max: 100_000 }),
      trial: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(bet, { maxLength: 30 }),
        fc.bigInt({ min: 0n, max: 60_000n }),
        async (rows, minBet) => {
          runDay += 2;
          const from = BASE + runDay * DAY_MS;
          const written = rows.map((r, i) => {
            const member = ids[r.member]!;
            const options = places[member]!;
            return {
              ...r,
              member,
              path: options[r.place % options.length]!,
              at: from + r.at,
              round: `tt-${runDay}-${i}`,
            };
          });
          if (written.length > 0) {
            await t.app.database.db.execute(sql`
            insert into bets (member_id, upline_path, source, vendor, game_type, round_id, stake, payout,
                              valid_stake, status, trial, settled_at)
            select x.member_id, x.path, 'inhouse', 'INHOUSE', 'INHOUSE', x.round, x.stake, x.payout,
                   case when x.trial then 0 else x.stake end, 'settled', x.trial, x.at
            from jsonb_to_recordset(${JSON.stringify(
              written.map((w) => ({ ...w, member_id: w.member, at: new Date(w.at).toISOString() })),
            )}::jsonb) as x(member_id int, path int[], round text, stake bigint, payout bigint, trial boolean, at timestamptz)`);
          }
          const expected = new Map<number, TeamTotals>();
          for (const agent of ids) {
            const perMember = new Map<number, { vs: bigint; st: bigint; po: bigint }>();
            for (const w of written) {
              if (w.trial || !(w.member === agent || w.path.includes(agent))) continue;
              const s = perMember.get(w.member) ?? { vs: 0n, st: 0n, po: 0n };
              s.vs += BigInt(w.stake);
              s.st += BigInt(w.stake);
              s.po += BigInt(w.payout);
              perMember.set(w.member, s);
            }
            if (perMember.size === 0) continue;
            const total: TeamTotals = { validBet: 0n, stake: 0n, payout: 0n, activeMembers: 0 };
            for (const s of perMember.values()) {
              total.validBet += s.vs;
              total.stake += s.st;
              total.payout += s.po;
              if (s.vs >= minBet && s.vs > 0n) total.activeMembers += 1;
            }
            expected.set(agent, total);
          }
          const got = await t.app.services.bets.team.totalsOf(
            ids,
            new Date(from),
            new Date(from + DAY_MS),
            minBet,
          );
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
