import { createHmac } from 'node:crypto';
import { fromMinor } from '@wps/contract';
import type { SandboxVendor } from '@wps/sandbox-vendor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { seedGames } from './db/seed/games.ts';
import { Accounts } from './modules/wallet/accounts.ts';
import { createTestApp, type TestApp } from './test/helper.ts';
import { createMember, createOperator } from './test/members.ts';

/**
 * The sandbox vendor app mounted under /sandbox, driven over real HTTP like a browser would: the
 * player launches a game, the launch URL opens the vendor, the vendor redeems the token and moves
 * money only through the signed seamless API. No SANDBOX_VENDOR_SECRET: the vendor signs with the
 * per-installation secret from the seamless vendor store.
 */
describe('sandbox vendor over real HTTP', () => {
  let t: TestApp;
  let base: string;
  let vendor: SandboxVendor;
  let player: { id: number; account: string; token: string };
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    t = await createTestApp({ sandboxVendor: true });
    await seedGames(t.app.services);
    await t.app.services.seamless.vendors.ensureInstallationVendors();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${a.port}`;
    vendor = t.app.sandboxVendor!;
    player = await createMember(t.app);
    await t.app.services.wallet.post({
      key: `seed:${player.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -1_000_000n },
        { account: Accounts.cash(player.id), amount: 1_000_000n },
      ],
    });
  });
  afterAll(async () => {
    vendor.platform.fetch = realFetch;
    await t.close();
  });

  const balance = async () => fromMinor(await t.app.services.wallet.balance(Accounts.cash(player.id)));
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await realFetch(`${base}${path}`, init);
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the assertions
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const post = (path: string, body: unknown) =>
    json(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Launch a game (by catalogue game code) as the player and follow the launch URL into the vendor. */
  const open = async (gameCode: string) => {
    const snap = await t.app.services.games.catalogue.snapshot();
    const game = snap.games.find((g) => g.gameCode === gameCode)!;
    const launched = await json(`/wps/game/launchGame?gameId=${game.id}&device=H5`, {
      headers: { token: player.token },
    });
    expect(launched.status).toBe(200);
    const url = launched.body.value.url as string;
    expect(url).toMatch(/^\/sandbox\/[A-Z0-9_]+\/play\?token=/);
    const res = await realFetch(`${base}${url}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    const sid = /\/game\/([\w-]+)$/.exec(location)![1]!;
    // The token is single-use: opening the same launch URL again is refused.
    expect((await realFetch(`${base}${url}`, { redirect: 'manual' })).status).toBe(401);
    return { sid, location, url };
  };
  const record = async (roundId: string) => {
    const r = await json(`/wps/relay/GCS_bettingRecord?pageSize=100`, { headers: { token: player.token } });
    expect(r.status).toBe(200);
    return (
      r.body.value.content as Array<{ roundId: string; bet: string; win: string; status: string }>
    ).find((x) => x.roundId === roundId);
  };
  const txCount = async (txId: string) =>
    (await t.database.query('select count(*)::int n from seamless_transactions where tx_id = $1', [txId]))[0]!
      .n as number;

  it('plays a slot round: launch → vendor session → bet/win → balance and betting record', async () => {
    const { sid, location } = await open('PG_SLOT_001');
    const page = await realFetch(`${base}${location}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-kind="slot"');
    expect(html).toContain('/sandbox/assets/game.js');
    const state = await json(`/sandbox/api/${sid}/state`);
    expect(state.body).toMatchObject({
      username: player.account,
      balance: '10000.00',
      kind: 'slot',
      trial: false,
    });

    const before = await balance();
    const spin = await post(`/sandbox/api/${sid}/slot`, { stake: '10.00' });
    expect(spin.status).toBe(200);
    const payout = Number(spin.body.payout);
    const expected = (Number(before) - 10 + payout).toFixed(2);
    expect(spin.body.balance).toBe(expected);
    expect(await balance()).toBe(expected);
    const row = await record(spin.body.roundId);
    expect(row).toMatchObject({ bet: '10.00', win: payout.toFixed(2), status: 'settled' });
  });

  it("the betting record's vendor filter finds a PG spin the sandbox vendor signed (issue 27)", async () => {
    const { sid } = await open('PG_SLOT_003');
    const spin = await post(`/sandbox/api/${sid}/slot`, { stake: '5.00' });
    expect(spin.status).toBe(200);
    const { sid: jdb } = await open('JDB_SLOT_001');
    const other = await post(`/sandbox/api/${jdb}/slot`, { stake: '5.00' });
    expect(other.status).toBe(200);
    // The filter offers the catalogue's vendors (the game menus' `vassalage`: PG is "PG Slots").
    const menus = await json('/lgw/games/game_menus');
    const pg = (
      menus.body.value.lanes as Array<{ gameClassify: Array<{ vassalage: string; displayName: string }> }>
    )
      .flatMap((l) => l.gameClassify)
      .find((v) => v.vassalage === 'PG');
    expect(pg?.displayName).toBe('PG Slots');
    const rounds = async (query: string) => {
      const r = await json(`/wps/relay/GCS_bettingRecord?pageSize=100&${query}`, {
        headers: { token: player.token },
      });
      expect(r.status).toBe(200);
      return r.body.value as {
        total: number;
        content: Array<{ roundId: string; vendor: string; vendorName: string; gameCode: string }>;
      };
    };
    // The round is signed by the sandbox vendor, yet it is a PG game: the PG filter finds it.
    const byPg = await rounds('vendor=PG');
    const found = byPg.content.find((x) => x.roundId === spin.body.roundId);
    expect(found).toMatchObject({ vendor: 'SANDBOX', vendorName: 'PG Slots', gameCode: 'PG_SLOT_003' });
    expect(byPg.content.every((x) => x.gameCode.startsWith('PG_'))).toBe(true);
    expect(byPg.content.some((x) => x.roundId === other.body.roundId)).toBe(false);
    // With the game type as well, and the other vendor's filter finds the other round only.
    expect((await rounds('vendor=PG&gameType=RNG')).content.map((x) => x.roundId)).toContain(
      spin.body.roundId,
    );
    const byJdb = await rounds('vendor=JDB');
    expect(byJdb.content.map((x) => x.roundId)).toEqual([other.body.roundId]);
    // The signer's own code still selects every round it signed (the console's search).
    expect((await rounds('vendor=SANDBOX')).total).toBeGreaterThanOrEqual(byPg.total + byJdb.total);
  });

  it('rejects bad stakes and unknown sessions with a 4xx, moving nothing', async () => {
    const { sid } = await open('PG_SLOT_002');
    const before = await balance();
    for (const stake of ['0.00', '-1', '1.001', '1e3', 10, '99999999.00', ''])
      expect((await post(`/sandbox/api/${sid}/slot`, { stake })).status).toBe(400);
    expect((await post(`/sandbox/api/${sid}/baccarat`, { stake: '1.00', side: 'player' })).status).toBe(400);
    expect((await post(`/sandbox/api/${'x'.repeat(30)}/slot`, { stake: '1.00' })).status).toBe(404);
    expect((await post(`/sandbox/api/${sid}/slot`, { stake: '100000.00' })).status).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('retries a bet whose answer was lost with the same txId: the platform takes it once', async () => {
    const { sid } = await open('LIVE88_BACCARAT_1');
    const before = await balance();
    let lost = 0;
    const txIds: string[] = [];
    vendor.platform.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      const body = JSON.parse(String(init?.body ?? '{}')) as { txId?: string };
      if (String(input).endsWith('/bet')) txIds.push(body.txId ?? '');
      // The first bet reaches the platform and is applied, but its answer never comes back.
      if (String(input).endsWith('/bet') && lost === 0) {
        lost++;
        throw new DOMException('The operation timed out.', 'TimeoutError');
      }
      return res;
    };
    try {
      const deal = await post(`/sandbox/api/${sid}/baccarat`, { stake: '20.00', side: 'banker' });
      expect(deal.status).toBe(200);
      expect(txIds).toHaveLength(2);
      expect(txIds[0]).toBe(txIds[1]);
      expect(await txCount(txIds[0]!)).toBe(1);
      const payout = Number(deal.body.payout);
      expect(await balance()).toBe((Number(before) - 20 + payout).toFixed(2));
      expect(await record(deal.body.roundId)).toMatchObject({ bet: '20.00', win: payout.toFixed(2) });
    } finally {
      vendor.platform.fetch = realFetch;
    }
  });

  it('abandons a bet it cannot confirm with a rollback: the player keeps the stake, a repeat moves nothing', async () => {
    const { sid } = await open('JDB_FISH_1');
    const before = await balance();
    const calls: string[] = [];
    let betBody = '';
    vendor.platform.fetch = async (input, init) => {
      const op = String(input).split('/').pop()!;
      calls.push(op);
      const res = await realFetch(input, init);
      if (op === 'bet') {
        betBody = String(init?.body);
        throw new DOMException('The operation timed out.', 'TimeoutError');
      }
      return res;
    };
    let shot: Awaited<ReturnType<typeof post>>;
    try {
      shot = await post(`/sandbox/api/${sid}/fish`, { stake: '5.00', value: 2 });
    } finally {
      vendor.platform.fetch = realFetch;
    }
    expect(shot.status).toBe(504);
    expect(shot.body.error).toBe('UNCONFIRMED');
    // Three attempts of the same bet, then one rollback of it.
    expect(calls).toEqual(['bet', 'bet', 'bet', 'rollback']);
    expect(await balance()).toBe(before);
    const { txId, roundId } = JSON.parse(betBody) as { txId: string; roundId: string };
    expect(await txCount(txId)).toBe(1);
    const row = await record(roundId);
    expect(row).toMatchObject({ bet: '0.00', win: '0.00' });
    // The same bet arriving again replays the first answer and moves nothing.
    await vendor.platform.call('bet', JSON.parse(betBody));
    expect(await txCount(txId)).toBe(1);
    expect(await balance()).toBe(before);
  });

  it('abandons a bet that never reached the platform: the rollback comes first and the late bet is refused', async () => {
    const { sid } = await open('JDB_FISH_2');
    const before = await balance();
    let betBody = '';
    vendor.platform.fetch = async (input, init) => {
      if (String(input).endsWith('/bet')) {
        betBody = String(init?.body);
        throw new TypeError('fetch failed'); // the network is down: nothing arrives
      }
      return realFetch(input, init);
    };
    try {
      expect((await post(`/sandbox/api/${sid}/fish`, { stake: '5.00', value: 3 })).status).toBe(504);
    } finally {
      vendor.platform.fetch = realFetch;
    }
    const late = await vendor.platform.call('bet', JSON.parse(betBody));
    expect(late.status).toBe(409);
    expect(late.code).toBe('CONFLICT');
    expect(await balance()).toBe(before);
  });

  it('queues a win it cannot confirm and retries it until the platform credits it, once', async () => {
    const { sid } = await open('CQ9_SLOT_001');
    const winTx: string[] = [];
    vendor.platform.fetch = async (input, init) => {
      if (String(input).endsWith('/win')) {
        winTx.push(JSON.parse(String(init?.body)).txId);
        await realFetch(input, init); // applied, but the answer is lost every time
        throw new DOMException('The operation timed out.', 'TimeoutError');
      }
      return realFetch(input, init);
    };
    let spin: Awaited<ReturnType<typeof post>> | undefined;
    try {
      // Spin until a round pays (the slot pays about one spin in three).
      for (let i = 0; i < 40; i++) {
        spin = await post(`/sandbox/api/${sid}/slot`, { stake: '1.00' });
        if (Number(spin.body.payout) > 0) break;
      }
    } finally {
      vendor.platform.fetch = realFetch;
    }
    expect(Number(spin!.body.payout)).toBeGreaterThan(0);
    expect(spin!.body.winPending).toBe(true);
    expect(vendor.platform.queued).toBe(1);
    expect(await vendor.platform.flush()).toBe(0);
    expect(new Set(winTx).size).toBe(1);
    expect(await txCount(winTx[0]!)).toBe(1);
    expect(await record(spin!.body.roundId)).toMatchObject({ bet: '1.00', win: spin!.body.payout });
  });

  it('a poker hand: ante and call are bets of one round; leaving after seeing the cards forfeits the ante', async () => {
    const { sid } = await open('JL_PVP_1');
    const before = Number(await balance());
    const deal = await post(`/sandbox/api/${sid}/poker/deal`, { ante: '5.00' });
    expect(deal.status).toBe(200);
    expect(deal.body.player).toHaveLength(3);
    expect(await balance()).toBe((before - 5).toFixed(2));
    expect((await post(`/sandbox/api/${sid}/poker/deal`, { ante: '5.00' })).status).toBe(409);
    // Leaving is folding: at any table the ante stays in the pot. No rollback, a settled loss.
    const leave = await post(`/sandbox/api/${sid}/poker/act`, { action: 'leave' });
    expect(leave.status).toBe(200);
    expect(leave.body).toMatchObject({ handId: deal.body.handId, left: true, payout: '0.00' });
    expect(leave.body.balance).toBe((before - 5).toFixed(2));
    expect(await balance()).toBe((before - 5).toFixed(2));
    expect(await txCount(`${deal.body.handId}:ante:rb`)).toBe(0);
    expect(await record(deal.body.handId)).toMatchObject({ bet: '5.00', win: '0.00', status: 'settled' });
    expect((await post(`/sandbox/api/${sid}/poker/act`, { action: 'leave' })).status).toBe(409);

    const again = await post(`/sandbox/api/${sid}/poker/deal`, { ante: '5.00' });
    const call = await post(`/sandbox/api/${sid}/poker/act`, { action: 'call' });
    expect(call.status).toBe(200);
    expect(call.body.bots).toHaveLength(3);
    expect(await balance()).toBe((before - 15 + Number(call.body.payout)).toFixed(2));
    expect(await record(again.body.handId)).toMatchObject({ bet: '10.00', win: call.body.payout });
  });

  it('leaving hand after hand never raises the balance: each leave costs exactly its ante', async () => {
    const { sid } = await open('JL_PVP_1');
    const paisa = (amount: string) => Math.round(Number(amount) * 100);
    const start = paisa(await balance());
    let expected = start;
    // Antes from 1.00 to 9.99: the player sees every hand and leaves it, whatever the cards.
    for (let i = 0; i < 25; i++) {
      const ante = ((100 + ((i * 3_737) % 900)) / 100).toFixed(2);
      const deal = await post(`/sandbox/api/${sid}/poker/deal`, { ante });
      expect(deal.status).toBe(200);
      const leave = await post(`/sandbox/api/${sid}/poker/act`, { action: 'leave' });
      expect(leave.status).toBe(200);
      expected -= paisa(ante);
      expect(paisa(leave.body.balance)).toBeLessThanOrEqual(paisa(deal.body.balance));
      expect(paisa(await balance())).toBe(expected);
    }
    expect(paisa(await balance())).toBeLessThan(start);
  });

  it('a sports parlay is settled when its fixtures end: paid, lost or rolled back', async () => {
    const { sid } = await open('SPORTX_BOOK');
    const state = await json(`/sandbox/api/${sid}/state`);
    expect(state.body.parlay).toBe(true);
    const fixtures = state.body.fixtures as Array<{
      id: string;
      endsAt: number;
      picks: Array<{ key: string }>;
    }>;
    expect(fixtures.length).toBeGreaterThanOrEqual(2);
    const before = Number(await balance());
    // One selection per event; a closed or unknown fixture is refused.
    const dup = await post(`/sandbox/api/${sid}/slip`, {
      stake: '10.00',
      legs: [
        { fixtureId: fixtures[0]!.id, pick: 'home' },
        { fixtureId: fixtures[0]!.id, pick: 'away' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(
      (
        await post(`/sandbox/api/${sid}/slip`, {
          stake: '10.00',
          legs: [{ fixtureId: 'sports-0-0', pick: 'home' }],
        })
      ).status,
    ).toBe(409);
    const placed = await post(`/sandbox/api/${sid}/slip`, {
      stake: '10.00',
      legs: [
        { fixtureId: fixtures[0]!.id, pick: 'home' },
        { fixtureId: fixtures[1]!.id, pick: 'draw' },
      ],
    });
    expect(placed.status).toBe(200);
    expect(await balance()).toBe((before - 10).toFixed(2));
    const slipId = placed.body.slip.id as string;
    // Not over yet: nothing happens.
    await vendor.settleDue();
    expect(vendor.slips.get(slipId)!.status).toBe('open');
    await vendor.settleDue(Math.max(fixtures[0]!.endsAt, fixtures[1]!.endsAt) + 1);
    const slip = vendor.slips.get(slipId)!;
    expect(slip.status).not.toBe('open');
    const expected =
      slip.status === 'won' ? before - 10 + slip.payout / 100 : slip.status === 'void' ? before : before - 10;
    expect(await balance()).toBe(expected.toFixed(2));
    const row = await record(slipId);
    expect(row?.bet).toBe(slip.status === 'void' ? '0.00' : '10.00');
  });

  it('a cockfight takes singles only; the vendor answers with its own error for a refused bet', async () => {
    const { sid } = await open('DS88_ARENA');
    const state = await json(`/sandbox/api/${sid}/state`);
    const [a, b] = state.body.fixtures as Array<{ id: string }>;
    const parlay = await post(`/sandbox/api/${sid}/slip`, {
      stake: '10.00',
      legs: [
        { fixtureId: a!.id, pick: 'meron' },
        { fixtureId: b!.id, pick: 'wala' },
      ],
    });
    expect(parlay.status).toBe(400);
    // More than the balance: the platform refuses it (nothing debited) and the vendor passes that on.
    const tooMuch = await post(`/sandbox/api/${sid}/slip`, {
      stake: '50000.00',
      legs: [{ fixtureId: a!.id, pick: 'draw' }],
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toBe('INSUFFICIENT_FUNDS');
  });

  it('signs only with the secret of the seamless vendor store: a rotation applies at once', async () => {
    const op = await createOperator(t.app, { permissions: ['games'] });
    const vendors = await json('/wps/admin/games/vendors', { headers: { token: op.token } });
    expect(vendors.body.value.list.find((v: { code: string }) => v.code === 'PG')).toMatchObject({
      walletVendor: 'SANDBOX',
      secretConfigured: true,
    });
    const rotated = await json('/wps/admin/seamless/vendors/SANDBOX/secret', {
      method: 'POST',
      headers: { token: op.token },
    });
    expect(rotated.status).toBe(200);
    const { sid } = await open('PG_SLOT_003');
    expect((await post(`/sandbox/api/${sid}/slot`, { stake: '1.00' })).status).toBe(200);
    // A call signed with another secret is refused by the platform.
    const raw = JSON.stringify({ username: player.account });
    const forged = await realFetch(`${base}/seamless/v1/SANDBOX/balance`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', 'guess').update(raw).digest('hex'),
      },
      body: raw,
    });
    expect(forged.status).toBe(401);
  });
});

describe('sandbox vendor switch', () => {
  const prod = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), METRICS_TOKEN: 'y'.repeat(16) } as const;
  it('is on by default outside production, off in production unless SANDBOX_VENDOR=on', () => {
    expect(loadConfig({}).sandboxVendor).toBe(true);
    expect(loadConfig({ SANDBOX_VENDOR: 'off' }).sandboxVendor).toBe(false);
    expect(loadConfig({ ...prod }).sandboxVendor).toBe(false);
    expect(loadConfig({ ...prod, SANDBOX_VENDOR: 'on' }).sandboxVendor).toBe(true);
  });
  it('mounts nothing when off', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.sandboxVendor).toBeNull();
      const res = await t.app.inject({
        method: 'GET',
        url: '/sandbox/PG/play?token=aaaaaaaaaaaaaaaaaaaa&gameCode=PG_SLOT_001',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
