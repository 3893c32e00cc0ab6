import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDORS, demoGames, seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { seamlessCall } from '../../test/seamless.ts';

const SECRET = 'games-test-secret';
const PG_SECRET = 'pg-secret-for-tests';

describe('games catalogue and player calls', () => {
  let t: TestApp;
  let player: { id: number; account: string; token: string };
  let other: { id: number; account: string; token: string };
  let trial: { id: number; account: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ sandboxVendorSecret: SECRET, vendorSecrets: { PG: PG_SECRET } });
    await seedGames(t.app.services);
    player = await createMember(t.app);
    other = await createMember(t.app);
    trial = await createMember(t.app, { type: 4 });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, token?: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...(token ? { token } : {}), ...headers },
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: json ? res.json() : null, headers: res.headers, raw: res };
  };
  const send = async (
    method: 'POST' | 'DELETE' | 'PATCH',
    url: string,
    token?: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const vendorCall = (
    vendor: string,
    path: string,
    body: unknown,
    secret = vendor === 'PG' ? PG_SECRET : SECRET,
  ) => seamlessCall(t.app, secret, path, body, vendor);
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
  const firstGame = (pred: (g: ReturnType<typeof demoGames>[number]) => boolean) => {
    const g = demoGames().find(pred);
    if (!g) throw new Error('no such demo game');
    return g;
  };
  const gameIdOf = async (nodeId: string) =>
    (await t.app.services.games.catalogue.snapshot()).byNodeId.get(nodeId)!.id;

  it('seeds at least 150 games over every category, in English and Nepali, once', async () => {
    const list = demoGames();
    expect(list.length).toBeGreaterThanOrEqual(150);
    const types = new Set(list.map((g) => g.gameType));
    for (const c of [
      'RNG',
      'LIVE',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'LOTT',
      'ELOTT',
      'INHOUSE',
      'BGS',
    ])
      expect(types.has(c)).toBe(true);
    for (const g of list) expect(g.nameNe).toMatch(/[\u0900-\u097F]/);
    for (const code of [
      'PG',
      'EG2',
      'PT',
      'JDB',
      'CQ9',
      'FC',
      'JL',
      'BGS',
      'IMES',
      'DS88',
      'TCG_LOTTO_VN',
      'TCG_SEA',
      'LIVE88',
      'SPORTX',
    ])
      expect(DEMO_VENDORS.some((v) => v.code === code)).toBe(true);
    expect(await seedGames(t.app.services)).toBe(false);
    const r = await get('/wps/relay/GCS_games?pageSize=100');
    // A game seeded disabled is in the catalogue, not the list.
    expect(r.body.value.total).toBe(list.filter((g) => g.enabled !== false).length);
  });

  it('answers the menus with vendor lanes and an ETag, 304 when unchanged', async () => {
    const r = await get('/lgw/games/game_menus');
    expect(r.status).toBe(200);
    const lanes = r.body.value.lanes as Array<{
      title: string;
      gameClassify: Array<{ vassalage: string; displayName: string }>;
    }>;
    expect(lanes.find((l) => l.title === 'RNG')!.gameClassify.map((v) => v.vassalage)).toContain('PG');
    expect(lanes.find((l) => l.title === 'ESPORTS')!.gameClassify[0]!.vassalage).toBe('IMES');
    const etag = r.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/lgw/games/game_menus', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const ne = await get('/lgw/games/game_menus', undefined, { lang: 'ne' });
    expect(ne.headers.etag).not.toBe(etag);
    expect(ne.body.value.lanes[0].gameClassify[0].displayName).toMatch(/[\u0900-\u097F]/);
  });

  it('lists games with pages (default 20, max 100), filters and search', async () => {
    const r = await get('/wps/relay/GCS_games?gameType=RNG');
    expect(r.status).toBe(200);
    expect(r.body.value.content).toHaveLength(20);
    expect(r.body.value.pageNum).toBe(1);
    expect(r.body.value.totalPages).toBe(Math.ceil(r.body.value.total / 20));
    const g = r.body.value.content[0];
    for (const f of [
      'gameId',
      'nodeId',
      'iconUrl',
      'vassalage',
      'gameType',
      'gameCode',
      'gameName',
      'displayName',
      'isHot',
      'supportPlay',
      'isGame',
      'gameClass',
      'rtp',
      'addedAt',
    ])
      expect(g).toHaveProperty(f);
    expect((await get('/wps/relay/GCS_games?pageSize=101')).status).toBe(400);
    expect((await get('/wps/relay/GCS_games?pageSize=0')).status).toBe(400);
    expect((await get('/wps/relay/GCS_games?pageNo=0')).status).toBe(400);
    expect((await get('/wps/relay/GCS_games?filter=BOGUS')).status).toBe(400);
    const hot = await get('/wps/relay/GCS_games?filter=HOT&pageSize=100');
    expect(hot.body.value.content.every((x: { isHot: number }) => x.isHot === 1)).toBe(true);
    const fresh = await get('/wps/relay/GCS_games?filter=NEW&pageSize=100');
    expect(fresh.body.value.content.every((x: { isNew: number }) => x.isNew === 1)).toBe(true);
    const pg = await get('/wps/relay/GCS_games?vassalage=PG&pageSize=100');
    expect(pg.body.value.total).toBe(20);
    const live = await get('/wps/relay/GCS_games?gameType=LIVE&gameClassify=baccarat&pageSize=100');
    expect(live.body.value.content.every((x: { gameClass: string }) => x.gameClass === 'baccarat')).toBe(
      true,
    );
    const search = await get('/wps/relay/GCS_games?keyword=ocean%20king');
    expect(search.body.value.total).toBe(4);
    const ne = await get('/wps/relay/GCS_games?vassalage=LIVE88&language=NE');
    expect(ne.body.value.content[0].displayName).toMatch(/[\u0900-\u097F]/);
    const beyond = await get('/wps/relay/GCS_games?pageNo=999');
    expect(beyond.body.value.content).toEqual([]);
    // FAV and RECENT are a member's own: a guest is asked to log in.
    const guestFav = await get('/wps/relay/GCS_games?filter=FAV');
    expect(guestFav.status).toBe(401);
    expect(guestFav.body.message).toBe('Please login to the user account');
  });

  it('answers the game types of a vendor, hot games, rooms and the merchant wallet', async () => {
    const types = await get('/wps/relay/GCS_vassalageGameTypes?vassalage=JL');
    expect(new Set(types.body.value.list)).toEqual(new Set(['RNG', 'FISH', 'PVP']));
    expect((await get('/wps/relay/GCS_vassalageGameTypes?vassalage=bad code')).status).toBe(400);
    const hot = await get(
      '/wps/relay/GCS_hotGames?merchantCode=WPS&isPlatform=2&platform=flash,html5-desktop',
    );
    expect(hot.body.value.list.length).toBeGreaterThan(5);
    expect(hot.body.value.list.every((g: { isHot: number }) => g.isHot === 1)).toBe(true);
    const rooms = await get('/wps/relay/GCS_rooms?vassalage=LIVE88');
    expect(rooms.body.value.list).toHaveLength(12);
    expect(rooms.body.value.list[0]).toMatchObject({
      minBet: expect.stringMatching(/^\d+\.\d{2}$/),
      maxBet: expect.any(String),
    });
    expect((await get('/wps/relay/GCS_merchantWallet')).body.value).toEqual({ isSingle: true });
  });

  it('keeps favourites per member, idempotently, and asks a guest to log in', async () => {
    const a = firstGame((g) => g.vendor === 'PG').nodeId;
    const b = firstGame((g) => g.vendor === 'LIVE88').nodeId;
    const guest = await send('POST', '/wps/relay/GCS_favorite', undefined, { nodeId: a });
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe('Please login to the user account');
    expect((await send('POST', '/wps/relay/GCS_favorite', player.token, { nodeId: a })).status).toBe(200);
    expect((await send('POST', '/wps/relay/GCS_favorite', player.token, { nodeId: a })).status).toBe(200);
    await send('POST', '/wps/relay/GCS_favorite', player.token, { nodeId: b });
    expect((await send('POST', '/wps/relay/GCS_favorite', player.token, { nodeId: 'nope' })).status).toBe(
      404,
    );
    const ids = await get('/wps/relay/GCS_favoriteIds', player.token);
    expect(ids.body.value.favGameIds.sort()).toEqual([a, b].sort());
    expect((await get('/wps/relay/GCS_favoriteIds', other.token)).body.value.favGameIds).toEqual([]);
    const live = await get('/wps/relay/GCS_favorites?gameType=LIVE', player.token);
    expect(live.body.value.content.map((g: { nodeId: string }) => g.nodeId)).toEqual([b]);
    expect((await get('/wps/relay/GCS_favorites?pageSize=999', player.token)).body.value.total).toBe(2);
    expect((await get('/wps/relay/GCS_favorites?pageSize=1000', player.token)).status).toBe(400);
    const fav = await get('/wps/relay/GCS_games?filter=FAV', player.token);
    expect(fav.body.value.total).toBe(2);
    expect((await send('DELETE', `/wps/relay/GCS_favorite?nodeId=${a}`, player.token)).status).toBe(200);
    expect((await send('DELETE', `/wps/relay/GCS_favorite?nodeId=${a}`, player.token)).status).toBe(200);
    expect((await get('/wps/relay/GCS_favoriteIds', player.token)).body.value.favGameIds).toEqual([b]);
  });

  it('launches through a launch CDN chosen at random from LAUNCH_GAME_CDNS (SPEC §9)', async () => {
    const cdns = ['https://l1.cdn.example', 'https://l2.cdn.example'];
    const withCdn = await createTestApp({ sandboxVendorSecret: SECRET, launchGameCdns: cdns });
    try {
      await seedGames(withCdn.app.services);
      const game = firstGame((g) => g.vendor === 'PG');
      const gameId = (await withCdn.app.services.games.catalogue.snapshot()).byNodeId.get(game.nodeId)!.id;
      const m = await createMember(withCdn.app);
      const seen = new Set<string>();
      for (let i = 0; i < 24; i++) {
        const r = await withCdn.app.inject({
          method: 'GET',
          url: `/wps/game/launchGame?gameId=${gameId}`,
          headers: { token: m.token },
        });
        const url = r.json().value.url as string;
        seen.add(new URL(url).origin);
        expect(url).toContain('/sandbox/');
      }
      expect(seen).toEqual(new Set(cdns));
    } finally {
      await withCdn.close();
    }
  });

  it('launches with a one-time token the vendor redeems once; a guest is asked to log in', async () => {
    const game = firstGame((g) => g.vendor === 'PG');
    const gameId = await gameIdOf(game.nodeId);
    const guest = await get(`/wps/game/launchGame?gameId=${gameId}&device=WEB`);
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe('Please login to the user account');
    const r = await get(`/wps/game/launchGame?gameId=${gameId}&device=H5`, player.token);
    expect(r.status).toBe(200);
    const url = r.body.value.url as string;
    expect(url).toContain('/sandbox/PG/play?');
    expect(url).toContain(`gameCode=${game.gameCode}`);
    expect(url).toContain('device=H5');
    const token = tokenOf(url);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only the seamless vendor that plays PG's games (the sandbox, in the demo), signed, may redeem it.
    expect((await vendorCall('SANDBOX', 'session', { launchToken: token }, 'wrong')).status).toBe(401);
    expect((await vendorCall('PG', 'session', { launchToken: token })).status).toBe(401);
    const redeemed = await vendorCall('SANDBOX', 'session', { launchToken: token });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.value).toMatchObject({
      username: player.account,
      currency: 'NPR',
      balance: '0.00',
      gameCode: game.gameCode,
      trial: false,
    });
    const twice = await vendorCall('SANDBOX', 'session', { launchToken: token });
    expect(twice.status).toBe(401);
    expect(twice.body.message).toBe('The launch token is invalid, expired or already used.');
    // Launching fills the recent games.
    const recent = await get('/wps/relay/GCS_recentGames', player.token);
    expect(recent.body.value.list[0].nodeId).toBe(game.nodeId);
    expect((await get('/wps/relay/GCS_games?filter=RECENT', player.token)).body.value.total).toBe(1);
    expect((await get('/wps/relay/GCS_recentGames', other.token)).body.value.list).toEqual([]);
    expect((await get('/wps/relay/GCS_recentGames')).status).toBe(401);
  });

  it('refuses an expired launch token', async () => {
    const gameId = await gameIdOf(firstGame((g) => g.vendor === 'PG').nodeId);
    const r = await get(`/wps/game/launchGame?gameId=${gameId}`, player.token);
    const token = tokenOf(r.body.value.url);
    await t.database.query(
      `update game_launch_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await vendorCall('SANDBOX', 'session', { launchToken: token })).status).toBe(401);
  });

  it('lets a trial player launch only free-trial games, with play money', async () => {
    const free = firstGame((g) => g.vendor === 'PG' && g.supportPlay === 0);
    const paid = firstGame((g) => g.vendor === 'PG' && g.supportPlay === 1);
    const refused = await get(`/wps/game/launchGame?gameId=${await gameIdOf(paid.nodeId)}`, trial.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This needs a real account. Please register to continue.');
    const r = await get(`/wps/game/launchGame?gameId=${await gameIdOf(free.nodeId)}`, trial.token);
    expect(r.status).toBe(200);
    expect(r.body.value.trial).toBe(true);
    expect(r.body.value.url).toContain('trial=1');
    const s = await vendorCall('SANDBOX', 'session', { launchToken: tokenOf(r.body.value.url) });
    expect(s.body.value.trial).toBe(true);
    expect(Number(s.body.value.balance)).toBeGreaterThan(0);
  });

  it('answers GAME_MAINTENANCE with up to 6 playable games of the same class', async () => {
    const op = await createOperator(t.app, { permissions: ['games'] });
    const table = firstGame((g) => g.vendor === 'LIVE88' && g.gameClass === 'baccarat');
    const id = await gameIdOf(table.nodeId);
    expect((await send('PATCH', `/wps/admin/games/${id}`, op.token, { maintenance: true })).status).toBe(200);
    const r = await get(`/wps/game/launchGame?gameId=${id}`, player.token);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('GAME_MAINTENANCE');
    const suggestions = r.body.value.suggestions as Array<{
      gameId: number;
      gameClass: string;
      maintenance: boolean;
    }>;
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(6);
    expect(suggestions.every((s) => s.gameClass === 'baccarat' && s.gameId !== id && !s.maintenance)).toBe(
      true,
    );
    const ne = await get(`/wps/game/launchGame?gameId=${id}`, player.token, { lang: 'ne' });
    expect(ne.body.message).toMatch(/[\u0900-\u097F]/);
    await send('PATCH', `/wps/admin/games/${id}`, op.token, { maintenance: false });
    // A vendor under maintenance closes all its games; a disabled game answers the same.
    await send('PATCH', '/wps/admin/games/vendors/LIVE88', op.token, { maintenance: true });
    const v = await get(`/wps/game/launchGame?gameId=${id}`, player.token);
    expect(v.body.code).toBe('GAME_MAINTENANCE');
    expect(v.body.value.suggestions.every((s: { vassalage: string }) => s.vassalage !== 'LIVE88')).toBe(true);
    await send('PATCH', '/wps/admin/games/vendors/LIVE88', op.token, { maintenance: false });
    await send('PATCH', `/wps/admin/games/${id}`, op.token, { enabled: false });
    expect((await get(`/wps/game/launchGame?gameId=${id}`, player.token)).body.code).toBe('GAME_MAINTENANCE');
    expect((await get('/wps/relay/GCS_games?vassalage=LIVE88&pageSize=100')).body.value.total).toBe(11);
    await send('PATCH', `/wps/admin/games/${id}`, op.token, { enabled: true });
    expect((await get('/wps/game/launchGame?gameId=999999', player.token)).status).toBe(404);
  });

  it('answers drawn artwork for catalogue games, and a generated tile for a game added later', async () => {
    const list = (await get('/wps/relay/GCS_games?pageSize=2')).body.value.content;
    // A demo game has its drawn file (static, apps/web/public/game-art; artwork.test.ts checks them).
    expect(list[0].iconUrl).toMatch(/^\/game-art\/[A-Z0-9_]+\/[\w-]+\.svg\?v=[0-9a-f]{10}$/);
    expect(list[0].lagerIcon).toBe(list[0].iconUrl);
    const [row] = await t.database.query(`select id from games where game_code = $1`, [list[0].gameCode]);
    const a = await get(`/wps/games/art/${(row as { id: number }).id}.svg`);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toContain('image/svg+xml');
    expect(a.headers['cache-control']).toContain('immutable');
    const svg = a.raw.body;
    expect(svg).toContain('width="300" height="300"');
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect((await get('/wps/games/art/999999.svg')).status).toBe(404);
    expect((await get('/wps/games/art/..%2Fx.svg')).status).toBe(400);
    const menus = await get('/lgw/games/game_menus');
    const logo = await get(menus.body.value.lanes[0].gameClassify[0].logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('documents every games call in OpenAPI', async () => {
    const doc = (await get('/docs/json')).body as { paths: Record<string, unknown> };
    for (const path of [
      '/lgw/games/game_menus',
      '/wps/relay/GCS_games',
      '/wps/relay/GCS_vassalageGameTypes',
      '/wps/relay/GCS_favoriteIds',
      '/wps/relay/GCS_favorites',
      '/wps/relay/GCS_favorite',
      '/wps/relay/GCS_recentGames',
      '/wps/relay/GCS_hotGames',
      '/wps/relay/GCS_winnerBoard',
      '/wps/game/launchGame',
      '/wps/relay/GCS_rooms',
      '/wps/relay/GCS_merchantWallet',
      '/wps/relay/GCS_bettingRecord',
      '/wps/relay/GCS_bettingRecord/{roundId}',
      '/seamless/v1/{vendor}/session',
      '/wps/admin/games',
      '/wps/admin/games/rounds',
    ])
      expect(doc.paths).toHaveProperty([path]);
  });

  it('gates the operator console by the games permission and audits every change', async () => {
    const noPerm = await createOperator(t.app, { permissions: ['cashier'] });
    const op = await createOperator(t.app, { permissions: ['games'] });
    expect((await get('/wps/admin/games', noPerm.token)).status).toBe(403);
    expect((await get('/wps/admin/games', player.token)).status).toBe(403);
    expect((await get('/wps/admin/games')).status).toBe(401);
    const list = await get('/wps/admin/games?vendor=PG&keyword=golden', op.token);
    expect(list.status).toBe(200);
    const g = list.body.value.content[0];
    const patched = await send('PATCH', `/wps/admin/games/${g.gameId}`, op.token, {
      isHot: true,
      isNew: true,
      sort: 0,
    });
    expect(patched.body.value).toMatchObject({ isHot: 1, isNew: 1, sort: 0 });
    expect((await send('PATCH', `/wps/admin/games/${g.gameId}`, op.token, {})).status).toBe(400);
    expect((await send('PATCH', '/wps/admin/games/999999', op.token, { isHot: false })).status).toBe(404);
    const vendors = await get('/wps/admin/games/vendors', op.token);
    const pg = vendors.body.value.list.find((v: { code: string }) => v.code === 'PG');
    expect(pg).toMatchObject({ walletVendor: 'SANDBOX', secretConfigured: true });
    // A real vendor: its own launch URL and its own seamless secret.
    const jdb = await send('PATCH', '/wps/admin/games/vendors/JDB', op.token, { walletVendor: null });
    expect(jdb.body.value).toMatchObject({ walletVendor: null, secretConfigured: false });
    const tpl = await send('PATCH', '/wps/admin/games/vendors/PG', op.token, {
      launchUrlTemplate: 'https://games.example.com/launch?t={token}&g={gameCode}',
      walletVendor: null,
    });
    expect(tpl.status).toBe(200);
    expect(tpl.body.value).toMatchObject({ walletVendor: null, secretConfigured: true });
    const launched = await get(`/wps/game/launchGame?gameId=${g.gameId}`, player.token);
    expect(launched.body.value.url).toMatch(/^https:\/\/games\.example\.com\/launch\?t=[\w-]+&g=PG_SLOT/);
    const realToken = new URL(launched.body.value.url).searchParams.get('t')!;
    expect((await vendorCall('SANDBOX', 'session', { launchToken: realToken })).status).toBe(401);
    expect((await vendorCall('PG', 'session', { launchToken: realToken })).status).toBe(200);
    expect(
      (
        await send('PATCH', '/wps/admin/games/vendors/PG', op.token, {
          launchUrlTemplate: 'https://x/no-token',
        })
      ).status,
    ).toBe(400);
    const audit = await get(
      '/wps/admin/audit?targetType=game_vendor&targetId=PG',
      (await createOperator(t.app, { permissions: ['*'] })).token,
    );
    expect(audit.body.value.content[0]).toMatchObject({
      action: 'games.vendor.update',
      actorAccount: op.account,
    });
    const gameAudit = await t.database.query(
      `select action from audit_log where target_type = 'game' and target_id = '${g.gameId}'`,
    );
    expect(gameAudit.length).toBeGreaterThan(0);
  });
});
