import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('bets: team rollups (the agent team overview)', () => {
  let t: TestApp;
  let members: CreatedAccount[];
  /** The first business day of each property run: runs never share days. */
  let runDay = 0;
  const BASE = Date.parse('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    // top → a → a1 (player), top → b (agent) → b1, b2 (players); top's own play counts too.
    const top = await createMember(t.app, { type: 1, parentId: null });
    const a = await createMember(t.app, { type: 2, parentId: top.id });
    const a1 = await createMember(t.app, { parentId: a.id });
    const b = await createMember(t.app, { type: 2, parentId: top.id });
    const b1 = await createMember(t.app, { parentId: b.id });
    const b2 = await createMember(t.app, { parentId: b.id });
    const stranger = await createMember(t.app, { parentId: null });
    members = [top, a, a1, b, b1, b2, stranger];
  });
  afterAll(async () => {
    await t.close();
  });

  /** Bet rows as a source writes them, at a given instant (a rollback is a negative row). */
  async function insertBets(
    rows: Array<{ member: number; at: number; stake: number; payout: number; trial: boolean }>,
  ) {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((r, i) => ({
        member_id: members[r.member]!.id,
        at: new Date(r.at).toISOString(),
        stake: r.stake,
        payout: r.payout,
        valid: r.trial ? 0 : r.stake,
        status: r.stake < 0 ? 'rolled_back' : 'settled',
        trial: r.trial,
        round: `p-${runDay}-${i}-${Math.random()}`,
      })),
    );
    await t.app.database.db.execute(sql`
      insert into bets (member_id, upline_path, source, vendor, game_type, round_id, stake, payout,
                        valid_stake, status, trial, settled_at)
      select x.member_id, member_upline_path(x.member_id), 'inhouse', 'INHOUSE', 'INHOUSE', x.round,
             x.stake, x.payout, x.valid, x.status, x.trial, x.at
      from jsonb_to_recordset(${json}::jsonb) as x(member_id int, at timestamptz, stake bigint, payout bigint,
                                                  valid bigint, status text, trial boolean, round text)`);
  }

  it('property: the overview from rollups (at any point of the consumer) equals the raw record', async () => {
    const offset = t.app.config.businessUtcOffsetMinutes;
    const dayStart = (d: number) => BASE + d * DAY_MS - offset * 60_000;
    const bet = fc.record({
      member: fc.integer({ min: 0, max: 6 }),
      /** Within the run's four business days. */
      at: fc.integer({ min: 0, max: 4 * DAY_MS - 1 }),
      stake: fc.integer({ min: -5_000, max: 50_000 }),
      payout: fc.integer({ min: 0, max: 100_000 }),
      trial: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(bet, { maxLength: 25 }),
        fc.array(bet, { maxLength: 10 }),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 * DAY_MS }),
        fc.integer({ min: 1, max: 4 * DAY_MS }),
        fc.bigInt({ min: 0n, max: 60_000n }),
        fc.integer({ min: 0, max: 3 }),
        async (rolled, tail, batch, aligned, fromAt, span, minBet, who) => {
          runDay += 5;
          const d0 = dayStart(runDay);
          const shift = (rows: typeof rolled) =>
            rows.map((r) => ({ ...r, payout: r.stake < 0 ? 0 : r.payout, at: d0 + r.at }));
          // Some rows rolled up (in batches of any size), some after the consumer's mark.
          await insertBets(shift(rolled));
          t.app.services.bets.rollup.batchSize = batch;
          await t.app.services.agents.rollUp();
          await insertBets(shift(tail));
          const from = aligned ? dayStart(runDay + Math.floor(fromAt / DAY_MS)) : d0 + fromAt;
          const to = aligned ? from + Math.ceil(span / DAY_MS) * DAY_MS : from + span;
          const agent = members[[0, 1, 3, 4][who]!]!.id;
          const args = [agent, new Date(from), new Date(to), minBet, offset] as const;
          const fast = await t.app.services.bets.team.overview(...args);
          const raw = await t.app.services.bets.team.overviewRaw(...args);
          expect(fast).toEqual(raw);
          // Salary and dividend totals of every team at once (whole days: from the rollups).
          const ids = members.slice(0, 6).map((m) => m.id);
          expect(
            await t.app.services.bets.team.totalsOf(ids, new Date(from), new Date(to), minBet, offset),
          ).toEqual(await t.app.services.bets.team.totalsOf(ids, new Date(from), new Date(to), minBet));
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('rolls each bet up once: the rollups sum to the record, and a second catch-up adds nothing', async () => {
    const sums = async () =>
      rowsOf<{ rolled: string; record: string }>(
        await t.app.database.db.execute(sql`
          select (select coalesce(sum(valid_stake), 0) from bets_team_daily)::text as rolled,
                 (select coalesce(sum(valid_stake), 0) from bets where not trial)::text as record`),
      );
    // The consumer takes only bets older than every transaction of this database still running
    // (horizon.ts): wait for any the app has open rather than read a partial catch-up.
    for (let i = 0; i < 100; i++) {
      await t.app.services.agents.rollUp();
      const [s] = await sums();
      if (s!.rolled === s!.record) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [first] = await sums();
    expect(first!.rolled).toBe(first!.record);
    expect(await t.app.services.agents.rollUp()).toBe(0);
    expect(await sums()).toEqual([first]);
  });
});
