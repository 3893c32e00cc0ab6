import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;
const SECRET = 'launch-pg-secret';

/** A launch token is single-use even when the vendor fires its redemption many times at once. */
describe.skipIf(!hasPostgres)(
  'launch tokens under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ sandboxVendorSecret: SECRET }, { postgres: 'require' });
      await seedGames(t.app.services);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('redeems a token exactly once out of 20 parallel attempts', async () => {
      const player = await createMember(t.app);
      const game = (await t.app.services.games.catalogue.snapshot()).games.find((g) => g.vendor === 'PG')!;
      const launch = await t.app.inject({
        method: 'GET',
        url: `/wps/game/launchGame?gameId=${game.id}`,
        headers: { token: player.token },
      });
      const token = new URL(launch.json().value.url, 'http://x').searchParams.get('token')!;
      const raw = JSON.stringify({ launchToken: token });
      const signature = createHmac('sha256', SECRET).update(raw).digest('hex');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/seamless/v1/SANDBOX/session',
            headers: { 'content-type': 'application/json', 'x-signature': signature },
            payload: raw,
          }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(19);
    });
  },
);
