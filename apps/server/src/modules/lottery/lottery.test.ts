import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { type Json, lotteryApi } from './test-kit.ts';

describe('lottery API: menus, slips, cut-off, cancel, isolation, limits, operator odds', () => {
  let t: TestApp;
  const { query, call, rid, fund, cash, nextDraw, closeDraw, runDraw } = lotteryApi(() => t);
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let admin: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createMember(t.app);
    bob = await createMember(t.app);
    admin = await createOperator(t.app, { permissions: ['*'] });
    for (const m of [alice, bob]) await fund(m.id, 10_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  it('game_menu lists the games with the fixed shape; SEA mode lists the 4D games', async () => {
    const res = await call('GET', '/lgw/vn/games/game_menu?prizeMode=LOTT&device=WEB');
    expect(res.status).toBe(200);
    const games = res.body.value.games as Json[];
    const codes = games.map((g) => g.gameCode);
    expect(codes).toEqual(expect.arrayContaining(['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH', 'VN_FAST_1']));
    expect(codes).not.toContain('SEA_4D');
    const fast = games.find((g) => g.gameCode === 'VN_FAST_1')!;
    expect(fast).toMatchObject({ region: 'fast', structure: 'north', resultCount: 27, cutoffSeconds: 10 });
    expect(fast.odds.lo2).toBe('90');
    expect(fast.nextDraw.drawId).toMatch(/^VN_FAST_1-\d{14}$/);
    expect(new Date(fast.nextDraw.drawTime).getTime() - new Date(fast.nextDraw.cutoffAt).getTime()).toBe(
      10_000,
    );
    expect(fast.nextDraw.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const north = games.find((g) => g.gameCode === 'VN_NORTH')!;
    // 18:15 ICT = 11:15 UTC, with the province of the day.
    expect(north.nextDraw.drawTime).toMatch(/T11:15:00.000Z$/);
    expect(north.nextDraw.stations).toHaveLength(1);
    const sea = await call('GET', '/lgw/vn/games/game_menu?prizeMode=SEA');
    expect(sea.body.value.games.map((g: Json) => g.gameCode)).toEqual(['SEA_4D', 'SEA_4D_FAST', 'SEA_3D']);
    expect(sea.body.value.games[0].betTypes).toEqual(['big4d', 'small4d', 'd3', 'd2']);
    expect((await call('GET', '/lgw/vn/games/game_menu?prizeMode=NOPE')).status).toBe(400);
  });

  it('betting needs a member login; operators are refused', async () => {
    const body = { gameCode: 'VN_FAST_1', drawId: 'VN_FAST_1-20261123180000', requestId: rid(), bets: [] };
    expect((await call('POST', '/wps/lottery/bets', undefined, body)).status).toBe(401);
    expect((await call('POST', '/wps/lottery/bets', admin.token, body)).status).toBe(403);
    expect((await call('GET', '/wps/lottery/tickets')).status).toBe(401);
    expect(
      (await call('POST', '/wps/lottery/tickets/cancel', undefined, { ticketId: `LT${'0'.repeat(24)}` }))
        .status,
    ).toBe(401);
    expect((await call('GET', '/lgw/vn/games/launch?gameCode=VN_FAST_1')).status).toBe(401);
  });

  it('places a slip of three bet types: cost previewed by the rules, paid through the ledger, idempotent', async () => {
    const drawId = await nextDraw('VN_FAST_1');
    const before = await cash(alice.id);
    const body = {
      gameCode: 'VN_FAST_1',
      drawId,
      requestId: rid(),
      bets: [
        { type: 'lo2', numbers: ['07', '45'], amount: '1.00' },
        { type: 'de', numbers: ['45'], amount: '2.00' },
        { type: 'xien2', numbers: ['07', '45'], amount: '3.00' },
      ],
    };
    const res = await call('POST', '/wps/lottery/bets', alice.token, body);
    expect(res.status).toBe(200);
    // lo2: 1.00 × 27 × 2 numbers = 54; de 2.00; xien2 3.00 once.
    expect(res.body.value.cost).toBe('59.00');
    expect(await cash(alice.id)).toBe(before - 5900n);
    expect(res.body.value.balance).toBe(((Number(before) - 5900) / 100).toFixed(2));
    const again = await call('POST', '/wps/lottery/bets', alice.token, body);
    expect(again.body.value.ticketId).toBe(res.body.value.ticketId);
    expect(await cash(alice.id)).toBe(before - 5900n);
    const changed = await call('POST', '/wps/lottery/bets', alice.token, { ...body, bets: [body.bets[0]] });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('refuses bets that break the rules with the spec message, never a 500', async () => {
    const drawId = await nextDraw('VN_FAST_1');
    const bad = async (bets: unknown, gameCode = 'VN_FAST_1', d = drawId) =>
      call('POST', '/wps/lottery/bets', alice.token, { gameCode, drawId: d, requestId: rid(), bets });
    for (const r of [
      await bad([{ type: 'lo2', numbers: ['7'], amount: '1.00' }]),
      await bad([{ type: 'xien3', numbers: ['01', '02'], amount: '1.00' }]),
      await bad([{ type: 'big4d', numbers: ['1234'], amount: '1.00' }]),
      await bad([{ type: 'lo2', numbers: ['01', '01'], amount: '1.00' }]),
    ]) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/This bet is not allowed/);
    }
    expect((await bad([{ type: 'lo2', numbers: ['01'], amount: '1.00' }], 'NOPE_GAME')).status).toBe(404);
    expect(
      (await bad([{ type: 'lo2', numbers: ['01'], amount: '1.00' }], 'VN_FAST_1', 'VN_FAST_1-20000101000000'))
        .status,
    ).toBe(404);
    const poor = await createMember(t.app);
    const broke = await call('POST', '/wps/lottery/bets', poor.token, {
      gameCode: 'VN_FAST_1',
      drawId,
      requestId: rid(),
      bets: [{ type: 'de', numbers: ['01'], amount: '1.00' }],
    });
    expect(broke.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await query('select 1 from lottery_tickets where member_id = $1', [poor.id])).toHaveLength(0);
  });

  it('a player sees and cancels only their own tickets (another’s answers 404)', async () => {
    const drawId = await nextDraw('VN_FAST_3');
    const placed = await call('POST', '/wps/lottery/bets', bob.token, {
      gameCode: 'VN_FAST_3',
      drawId,
      requestId: rid(),
      bets: [{ type: 'de', numbers: ['11'], amount: '1.00' }],
    });
    const ticketId = placed.body.value.ticketId as string;
    const mine = await call('GET', `/wps/lottery/tickets?drawId=${drawId}`, bob.token);
    expect(mine.body.value.content.map((x: Json) => x.ticketId)).toEqual([ticketId]);
    expect(mine.body.value.content[0].bets[0]).toMatchObject({
      type: 'de',
      numbers: ['11'],
      amount: '1.00',
      cost: '1.00',
      hits: null,
    });
    const theirs = await call('GET', `/wps/lottery/tickets?drawId=${drawId}`, alice.token);
    expect(theirs.body.value.content).toEqual([]);
    const steal = await call('POST', '/wps/lottery/tickets/cancel', alice.token, { ticketId });
    expect(steal.status).toBe(404);
    const before = await cash(bob.id);
    const cancelled = await call('POST', '/wps/lottery/tickets/cancel', bob.token, { ticketId });
    expect(cancelled.status).toBe(200);
    expect(await cash(bob.id)).toBe(before + 100n);
    expect((await call('POST', '/wps/lottery/tickets/cancel', bob.token, { ticketId })).status).toBe(409);
    const rec = await query<{ status: string; stake: string }>(
      `select status, stake::text from bets where round_id = $1`,
      [ticketId],
    );
    expect(rec).toEqual([{ status: 'cancelled', stake: '0' }]);
  });

  it('cut-off: a bet after it is refused and never settled; cancel after it is refused', async () => {
    const drawId = await nextDraw('VN_FAST_5');
    const ok = await call('POST', '/wps/lottery/bets', alice.token, {
      gameCode: 'VN_FAST_5',
      drawId,
      requestId: rid(),
      bets: [{ type: 'lo2', numbers: ['00'], amount: '1.00' }],
    });
    expect(ok.status).toBe(200);
    await query(`update lottery_draws set cutoff_at = now() - interval '1 second' where id = $1`, [drawId]);
    const lateId = rid();
    const late = await call('POST', '/wps/lottery/bets', alice.token, {
      gameCode: 'VN_FAST_5',
      drawId,
      requestId: lateId,
      bets: [{ type: 'lo2', numbers: ['01'], amount: '1.00' }],
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/closed/);
    expect(await query('select 1 from lottery_tickets where request_id = $1', [lateId])).toHaveLength(0);
    const cancel = await call('POST', '/wps/lottery/tickets/cancel', alice.token, {
      ticketId: ok.body.value.ticketId,
    });
    expect(cancel.status).toBe(409);
    await closeDraw(drawId);
    await runDraw('VN_FAST_5');
    const settled = await query<{ id: string; status: string }>(
      'select id, status from lottery_ticket_states where draw_id = $1',
      [drawId],
    );
    expect(settled).toEqual([{ id: ok.body.value.ticketId, status: 'settled' }]);
  });

  it('limits per number and per draw hold the house’s exposure', async () => {
    const game = t.app.services.lottery.game('SEA_4D_FAST');
    const saved = { perNumber: game.maxStakePerNumber, perDraw: game.maxStakePerDraw };
    game.maxStakePerNumber = 500n;
    game.maxStakePerDraw = 2000n;
    try {
      const drawId = await nextDraw('SEA_4D_FAST');
      const place = (numbers: string[], amount: string) =>
        call('POST', '/wps/lottery/bets', alice.token, {
          gameCode: 'SEA_4D_FAST',
          drawId,
          requestId: rid(),
          bets: [{ type: 'big4d', numbers, amount }],
        });
      expect((await place(['1234'], '4.00')).status).toBe(200);
      const over = await place(['1234'], '2.00');
      expect(over.status).toBe(409);
      expect(over.body.message).toContain('1234');
      expect((await place(['5678'], '5.00')).status).toBe(200);
      const full = await place(['0001', '0002', '0003', '0004'], '3.00');
      expect(full.status).toBe(409);
      expect(full.body.message).toMatch(/fully booked/);
    } finally {
      game.maxStakePerNumber = saved.perNumber;
      game.maxStakePerDraw = saved.perDraw;
    }
  });

  it('launch routes by vendor (SPEC §2)', async () => {
    const vn = await call(
      'GET',
      '/lgw/vn/games/launch?lottoArea=VN&launchMode=LOTT&gameCode=VN_FAST_1&view=betting',
      alice.token,
    );
    expect(vn.body.value.url).toBe('/vnLottery?gameCode=VN_FAST_1&view=betting&prizeMode=ELOTT');
    const sea = await call('GET', '/lgw/vn/games/launch?gameCode=SEA_4D&view=betting', alice.token);
    expect(sea.body.value.url).toBe('/seaLottery?view=lobby&prizeMode=SEA');
    const lobby = await call('GET', '/lgw/vn/games/launch?launchMode=ELOTT', alice.token);
    expect(lobby.body.value.url).toBe('/lottery?view=lobby&prizeMode=ELOTT');
    expect((await call('GET', '/lgw/vn/games/launch?gameCode=NOPE', alice.token)).status).toBe(404);
  });

  it('operators with the games permission configure the odds per prize mode (audited); players cannot', async () => {
    const put = (token: string, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/admin/lottery/odds',
        headers: { token },
        payload: body as Json,
      });
    expect((await put(alice.token, { prizeMode: 'ZY', betType: 'lo2', odds: '95' })).statusCode).toBe(403);
    expect((await put(admin.token, { prizeMode: 'ZY', betType: 'lo2', odds: { P1: '5' } })).statusCode).toBe(
      400,
    );
    expect((await put(admin.token, { prizeMode: 'ZY', betType: 'big4d', odds: '5' })).statusCode).toBe(400);
    // No structure named: every structure of the prize mode that offers lô 2 (North and Central/South).
    const res = await put(admin.token, { prizeMode: 'ZY', betType: 'lo2', odds: '95.5' });
    expect(res.statusCode).toBe(200);
    const lo2 = (value: Json) => (value.rows as Json[]).filter((r) => r.betType === 'lo2');
    expect(lo2(res.json().value).map((r) => [r.structure, r.odds, r.rtp])).toEqual([
      ['north', '95.5', '95.50'],
      ['south', '95.5', '95.50'],
    ]);
    const menu = await call('GET', '/lgw/vn/games/game_menu?prizeMode=ZY');
    expect(menu.body.value.games[0].odds.lo2).toBe('95.5');
    const got = await call('GET', '/wps/admin/lottery/odds?prizeMode=ZY', admin.token);
    expect(lo2(got.body.value).map((r) => r.odds)).toEqual(['95.5', '95.5']);
    const audit = await query<{ action: string }>(
      `select action from audit_log where action = 'lottery.odds.update'`,
    );
    expect(audit.length).toBeGreaterThan(0);
  });
});
