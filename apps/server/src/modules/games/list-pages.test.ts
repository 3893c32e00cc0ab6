import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

/**
 * The game-list pages kept per catalogue snapshot (list-pages.ts): a page is built once, and every
 * change that alters what a page shows (an operator's game or vendor change here, a change made by
 * another instance once the snapshot expires, the locale, the member's own lists) is served at once.
 */
describe('game list pages served from the snapshot', () => {
  let t: TestApp;
  let player: { id: number; token: string };
  let other: { id: number; token: string };
  let op: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.app.services);
    player = await createMember(t.app);
    other = await createMember(t.app);
    op = await createOperator(t.app, { permissions: ['games'] });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return { raw: res.body, body: res.json() };
  };
  const firstPage = '/wps/relay/GCS_games?pageNo=1&pageSize=20';
  const nodeIds = (page: { body: { value: { content: Array<{ nodeId: string }> } } }) =>
    page.body.value.content.map((g) => g.nodeId);

  it('builds a page once and serves the same bytes to everyone asking for it', async () => {
    const list = vi.spyOn(t.app.services.games, 'list');
    const before = list.mock.calls.length;
    const first = await get(firstPage, { token: player.token });
    const second = await get(firstPage, { token: other.token });
    const guest = await get(firstPage);
    expect(list.mock.calls.length - before).toBe(1);
    expect(second.raw).toBe(first.raw);
    expect(guest.raw).toBe(first.raw);
    expect(first.body).toMatchObject({ success: true, code: 'OK', value: { pageNum: 1, pageSize: 20 } });
    expect(first.body.value.content).toHaveLength(20);
    list.mockRestore();
  });

  it('keeps each locale apart', async () => {
    const en = await get(firstPage);
    const ne = await get(firstPage, { lang: 'ne' });
    expect(ne.raw).not.toBe(en.raw);
    expect(ne.body.value.content[0].gameName).toMatch(/[\u0900-\u097F]/);
    expect(en.body.value.content[0].gameName).not.toMatch(/[\u0900-\u097F]/);
  });

  it("never shares a member's own list (FAV) and never caches a search", async () => {
    const mine = (await get(firstPage)).body.value.content[3].nodeId as string;
    await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_favorite',
      headers: { token: player.token },
      payload: { nodeId: mine },
    });
    const fav = '/wps/relay/GCS_games?filter=FAV';
    expect(nodeIds(await get(fav, { token: player.token }))).toEqual([mine]);
    expect(nodeIds(await get(fav, { token: other.token }))).toEqual([]);
    const list = vi.spyOn(t.app.services.games, 'list');
    await get('/wps/relay/GCS_games?keyword=a');
    await get('/wps/relay/GCS_games?keyword=a');
    expect(list).toHaveBeenCalledTimes(2);
    list.mockRestore();
  });

  it("shows an operator's game and vendor changes on the next request", async () => {
    const page = await get(firstPage);
    const [gone, second] = nodeIds(page);
    const snap = await t.app.services.games.catalogue.snapshot();
    const game = snap.byNodeId.get(gone!)!;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/wps/admin/games/${game.id}`,
      headers: { token: op.token },
      payload: { enabled: false },
    });
    expect(patch.statusCode).toBe(200);
    const after = await get(firstPage);
    expect(nodeIds(after)).not.toContain(gone);
    expect(nodeIds(after)[0]).toBe(second);
    expect(after.body.value.total).toBe(page.body.value.total - 1);

    const vendor = snap.byNodeId.get(second!)!.vendor;
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/wps/admin/games/vendors/${vendor}`,
      headers: { token: op.token },
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const noVendor = await get(firstPage);
    expect(noVendor.body.value.content.some((g: { vassalage: string }) => g.vassalage === vendor)).toBe(
      false,
    );
  });

  it('shows a change made by another instance once the snapshot expires, as before', async () => {
    const page = await get(firstPage);
    const top = nodeIds(page)[0]!;
    // Another instance's change: straight into the table, this process not told.
    await t.database.query(`update games set enabled = false where node_id = $1`, [top]);
    expect(nodeIds(await get(firstPage))[0]).toBe(top);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
    expect(nodeIds(await get(firstPage))).not.toContain(top);
    vi.restoreAllMocks();
  });
});
