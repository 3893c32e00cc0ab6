import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * A player's trial twin is made once, even when the free-trial button is clicked many times at
 * once on several connections: the real member's row is locked while the twin is made
 * (members/trial-twins.ts), so the later clicks find it.
 */
describe.skipIf(!hasPostgres)('trial twins under concurrency on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { postgres: 'require' });
    await seedGames(t.app.services);
    await t.app.services.system.setFlag('FREEPLAY3', true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes one twin out of 16 parallel free-trial launches, and every launch plays as it', async () => {
    const player = await createMember(t.app);
    const game = (await t.app.services.games.catalogue.snapshot()).games.find(
      (g) => g.vendor === 'PG' && g.supportPlay === 0,
    )!;
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.app.inject({
          method: 'GET',
          url: `/wps/game/launchGame?gameId=${game.id}&trial=1`,
          headers: { token: player.token },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(200));
    const twins = (await t.database.query('select twin_id from member_trial_twins where member_id = $1', [
      player.id,
    ])) as Array<{ twin_id: number }>;
    expect(twins).toHaveLength(1);
    // No half-made twin: every trial member made for a player is linked to one.
    const orphans = (await t.database.query(
      `select count(*)::int as n from members m where m.register_method = 'TRIAL_TWIN'
       and not exists (select 1 from member_trial_twins w where w.twin_id = m.id)`,
    )) as Array<{ n: number }>;
    expect(orphans[0]!.n).toBe(0);
    const launched = (await t.database.query(
      'select distinct member_id from game_launch_tokens where game_id = $1 and trial and member_id <> $2',
      [game.id, player.id],
    )) as Array<{ member_id: number }>;
    expect(launched).toEqual([{ member_id: twins[0]!.twin_id }]);
  });
});
