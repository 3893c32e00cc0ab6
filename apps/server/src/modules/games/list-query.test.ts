import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

/** SPEC §7 games list query: clientType, platform and merchant are accepted and checked. */
describe('games list: clientType, platform, merchant', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.app.services);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, lang = 'en') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { lang } });
    return { status: res.statusCode, body: res.json() };
  };

  it("answers the same list with the spec's parameters as without them", async () => {
    const plain = await get('/wps/relay/GCS_games?gameType=RNG&pageSize=5');
    const merchant = t.app.config.merchantCode;
    for (const q of [
      `clientType=WEB&platform=WEB&merchant=${merchant}`,
      'clientType=H5&platform=flash,html5-desktop',
      'platform=html5-desktop',
    ]) {
      const res = await get(`/wps/relay/GCS_games?gameType=RNG&pageSize=5&${q}`);
      expect(res.status).toBe(200);
      expect(res.body.value).toEqual(plain.body.value);
    }
  });

  it('refuses an unknown client type or platform with the validation envelope', async () => {
    for (const q of ['clientType=FRIDGE', 'platform=W,fridge', 'platform=', 'merchant=bad%20code']) {
      const res = await get(`/wps/relay/GCS_games?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });

  it("refuses another merchant's list with the spec's message, in the caller's language", async () => {
    const res = await get('/wps/relay/GCS_games?merchant=OTHER');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: 'Invalid URL, please contact customer service',
      value: { fields: { merchant: 'Invalid URL, please contact customer service' } },
    });
    const ne = await get('/wps/relay/GCS_games?merchant=OTHER', 'ne');
    expect(ne.body.message).not.toBe(res.body.message);
    expect(ne.body.message.length).toBeGreaterThan(0);
  });
});
