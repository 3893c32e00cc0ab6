import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import type { GameRow } from './catalogue.ts';
import { PopularGames } from './popular.ts';

describe('public popular games (GCS_popular)', () => {
  let t: TestApp;
  let rng: GameRow[];
  let live: GameRow;

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.app.services);
    const snap = await t.app.services.games.catalogue.snapshot();
    rng = snap.games.filter((g) => g.gameType === 'RNG' && g.enabled && g.gameCode);
    live = snap.games.find((g) => g.gameType === 'LIVE' && g.enabled)!;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };
  let n = 0;
  const play = async (memberId: number, g: GameRow, rounds: number, trial = false) => {
    await t.app.database.db.transaction(async (tx) => {
      for (let i = 0; i < rounds; i++) {
        await t.app.services.bets.recordSettlement(tx, {
          memberId,
          source: 'seamless',
          vendor: g.vendor,
          gameCode: g.gameCode,
          gameType: g.gameType,
          roundId: `pop-${++n}`,
          stake: 100n,
          payout: 0n,
          trial,
        });
      }
    });
  };

  it('falls back to the catalogue order when nothing was played', async () => {
    const res = await get('/wps/relay/GCS_popular?limitNum=3&gameType=RNG');
    expect(res.status).toBe(200);
    expect(res.body.value.list.map((g: { gameId: number }) => g.gameId)).toEqual(
      rng.slice(0, 3).map((g) => g.id),
    );
  });

  it('puts the most played games first, counting real rounds only, and caches briefly', async () => {
    const player = await createMember(t.app);
    const trial = await createMember(t.app, { type: 4 });
    const [a, b, c] = [rng.at(-1)!, rng.at(-2)!, rng.at(-3)!];
    await play(player.id, a, 2);
    await play(player.id, b, 5);
    // Trial play is not play that makes a game popular.
    await play(trial.id, c, 20, true);
    await play(player.id, live, 9);
    const popular = new PopularGames(t.app.services.games.catalogue, t.app.services.bets);
    const q = { gameType: 'RNG' as const, limitNum: 4 };
    const ids = (await popular.list(q, 'en')).map((g) => g.gameId);
    // The played two, then the catalogue's first two (the trial-played game is not promoted).
    expect(rng.length).toBeGreaterThan(5);
    expect(ids).toEqual([b.id, a.id, rng[0]!.id, rng[1]!.id]);
    // Within the cache time the same list answers, even after more play.
    await play(player.id, a, 10);
    expect((await popular.list(q, 'en')).map((g) => g.gameId)).toEqual(ids);
    const fresh = new PopularGames(t.app.services.games.catalogue, t.app.services.bets, 0);
    expect((await fresh.list(q, 'en')).map((g) => g.gameId).slice(0, 2)).toEqual([a.id, b.id]);
    // Without a game type, every type is counted.
    const all = await fresh.list({ limitNum: 1 }, 'ne');
    expect(all.map((g) => g.gameId)).toEqual([a.id]);
    expect(all[0]!.displayName).toBe(a.nameNe);
  });

  it('refuses a bad limit or game type with the validation envelope', async () => {
    for (const url of [
      '/wps/relay/GCS_popular?limitNum=0',
      '/wps/relay/GCS_popular?limitNum=51',
      '/wps/relay/GCS_popular?gameType=NOPE',
    ]) {
      const res = await get(url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });
});
