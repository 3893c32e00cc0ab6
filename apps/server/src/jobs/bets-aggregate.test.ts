import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createMember } from '../test/members.ts';

/** The bets aggregates are wired into the scheduler and rebuilt per ended period. */
describe('bets aggregate jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers hourly and daily aggregate jobs that rebuild the ended period from the record', async () => {
    const job = t.app.jobs.find('bets-aggregate-hourly');
    expect(job).toBeDefined();
    expect(t.app.jobs.find('bets-aggregate-daily')).toBeDefined();
    // The hour that ended last (hours align to the business time zone, e.g. :15 UTC for Nepal).
    const lastEnded = new Date(t.app.jobs.periodOf(job!, new Date()).getTime() - 3_600_000);
    const m = await createMember(t.app);
    // The record is append-only: a row settled inside the last ended hour is inserted as such.
    await t.database.query(
      `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout,
                         valid_stake, status, trial, settled_at)
       values ($1, member_upline_path($1), 'seamless', 'PG', 'PG_SLOT_001', 'RNG', 'agg-1', 1000, 2500, 1000,
               'settled', false, $2::timestamptz + interval '10 minutes')`,
      [m.id, lastEnded.toISOString()],
    );
    const results = await t.app.jobs.tick(new Date());
    const byName = Object.fromEntries(results.map((r) => [r.job, r.status]));
    expect(byName['bets-aggregate-hourly']).toBe('done');
    expect(byName['bets-aggregate-daily']).toBe('done');
    const hourly = await t.database.query(
      'select stake::text, payout::text, rows from bets_hourly where member_id = $1 and period_start = $2',
      [m.id, lastEnded.toISOString()],
    );
    expect(hourly).toEqual([{ stake: '1000', payout: '2500', rows: 1 }]);
    // Running again (operator re-run, takeover) leaves the same rows.
    await t.app.jobs.tick(new Date());
    expect(
      await t.database.query('select count(*)::int n from bets_hourly where member_id = $1', [m.id]),
    ).toEqual([{ n: 1 }]);
  });
});
