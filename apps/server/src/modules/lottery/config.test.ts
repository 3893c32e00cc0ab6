import { defaultOdds, type LotteryResults, settleBet } from '@wps/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON answers
type Json = Record<string, any>;

/**
 * Issue 15 gaps: the đá bet type through the API, commission (taken off the cost at purchase,
 * shown on the ticket and in the betting record) and the console's odds page API (odds and
 * commission per prize mode and bet type, limits and cut-off per game; validated and audited).
 */
describe('lottery đá, commissions and the odds page API', () => {
  let t: TestApp;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];
  let alice: { id: number; token: string };
  let admin: { token: string };
  let viewer: { token: string };
  let n = 0;
  const rid = () => `req-${Date.now()}-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createMember(t.app);
    admin = await createOperator(t.app, { permissions: ['games'] });
    viewer = await createOperator(t.app, { permissions: ['reports'] });
    await t.app.services.wallet.post({
      key: `fund:${alice.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -10_000_000n },
        { account: Accounts.cash(alice.id), amount: 10_000_000n },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
    return { status: res.statusCode, body: res.json() as { code: string; message: string; value: Json } };
  };
  const cash = (id: number) => t.app.services.wallet.balance(Accounts.cash(id));
  const menuGame = async (gameCode: string, mode = 'ELOTT') =>
    (await call('GET', `/lgw/vn/games/game_menu?prizeMode=${mode}`)).body.value.games.find(
      (g: Json) => g.gameCode === gameCode,
    ) as Json;
  /** The game's next draw, moved two hours on so the wall clock cannot reach its cut-off. */
  const nextDraw = async (gameCode: string): Promise<string> => {
    const drawId = (await menuGame(gameCode)).nextDraw.drawId as string;
    await query(
      `update lottery_draws set draw_time = draw_time + interval '2 hours', cutoff_at = cutoff_at + interval '2 hours'
       where id = $1`,
      [drawId],
    );
    return drawId;
  };
  const drawNow = async (gameCode: string, drawId: string) => {
    await query(
      `update lottery_draws set cutoff_at = now() - interval '2 seconds', draw_time = now() - interval '1 second' where id = $1`,
      [drawId],
    );
    await t.app.services.lottery.draws.runDue(
      t.app.services.lottery.game(gameCode),
      new Date(Date.now() + 60_000),
    );
    const [d] = await query<{ results: LotteryResults; status: string }>(
      'select results, status from lottery_draws where id = $1',
      [drawId],
    );
    expect(d!.status).toBe('settled');
    return d!.results;
  };
  /** The odds table row of a structure's bet type (PUT and GET /wps/admin/lottery/odds answer the table). */
  const row = (value: Json, structure: string, betType: string) =>
    (value.rows as Json[]).find((r) => r.structure === structure && r.betType === betType);
  const ticket = async (ticketId: string) =>
    ((await call('GET', '/wps/lottery/tickets?pageSize=100', alice.token)).body.value.content as Json[]).find(
      (x) => x.ticketId === ticketId,
    )!;

  it('đá: the menu offers it with its odds; cost is amount × pairs; settled pair by pair by the rule', async () => {
    const game = await menuGame('VN_FAST_3');
    expect(game.betTypes).toContain('da');
    expect(game.odds.da).toBe('17');
    expect(game.commissions.da).toBe('0');
    const drawId = await nextDraw('VN_FAST_3');
    const before = await cash(alice.id);
    const bets = [{ type: 'da', numbers: ['01', '23', '45', '67'], amount: '2.00' }];
    const res = await call('POST', '/wps/lottery/bets', alice.token, {
      gameCode: 'VN_FAST_3',
      drawId,
      requestId: rid(),
      bets,
    });
    expect(res.status).toBe(200);
    // Four numbers are six pairs: 2.00 × 6.
    expect(res.body.value).toMatchObject({ cost: '12.00', commission: '0.00' });
    expect(await cash(alice.id)).toBe(before - 1200n);
    const results = await drawNow('VN_FAST_3', drawId);
    const want = settleBet(
      'north',
      results,
      { type: 'da', numbers: bets[0]!.numbers, amount: 200 },
      defaultOdds('ELOTT', 'north'),
    );
    const tk = await ticket(res.body.value.ticketId);
    expect(tk.status).toBe('settled');
    expect(tk.bets[0]).toMatchObject({ type: 'da', cost: '12.00', hits: want.hits });
    expect(tk.payout).toBe((want.payout / 100).toFixed(2));
    expect(await cash(alice.id)).toBe(before - 1200n + BigInt(want.payout));
  });

  it('refuses a đá of one number or of more than ten with the spec message', async () => {
    const drawId = await nextDraw('VN_FAST_3');
    for (const numbers of [['01'], Array.from({ length: 11 }, (_, i) => String(i).padStart(2, '0'))]) {
      const res = await call('POST', '/wps/lottery/bets', alice.token, {
        gameCode: 'VN_FAST_3',
        drawId,
        requestId: rid(),
        bets: [{ type: 'da', numbers, amount: '1.00' }],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/2 to 10 numbers/);
    }
  });

  it('commission: taken off the cost at purchase (one ledger posting), on the ticket, in the betting record; cancel refunds what was paid', async () => {
    const set = await call('PUT', '/wps/admin/lottery/odds', admin.token, {
      prizeMode: 'ELOTT',
      betType: 'lo2',
      commission: '12.5',
    });
    expect(set.status).toBe(200);
    // No structure named: the commission is set on every structure of the mode.
    for (const structure of ['north', 'south'])
      expect(row(set.body.value, structure, 'lo2')).toMatchObject({
        commission: '12.5',
        odds: '90',
        rtp: '90.00',
      });
    expect((await menuGame('VN_FAST_5')).commissions.lo2).toBe('12.5');
    const drawId = await nextDraw('VN_FAST_5');
    const before = await cash(alice.id);
    const body = {
      gameCode: 'VN_FAST_5',
      drawId,
      requestId: rid(),
      bets: [
        { type: 'lo2', numbers: ['07', '45'], amount: '1.00' },
        { type: 'de', numbers: ['45'], amount: '2.00' },
      ],
    };
    const res = await call('POST', '/wps/lottery/bets', alice.token, body);
    expect(res.status).toBe(200);
    // lo2 face 1.00 × 27 × 2 = 54.00, commission 12.5 % = 6.75; đề 2.00 has none. Charged 49.25.
    expect(res.body.value).toMatchObject({ cost: '49.25', commission: '6.75' });
    expect(await cash(alice.id)).toBe(before - 4925n);
    const posts = await query<{ amount: string }>(
      `select p.amount::text from ledger_postings p join ledger_transactions x on x.id = p.transaction_id
       where x.idempotency_key = $1 order by p.amount`,
      [`lottery:${res.body.value.ticketId}:bet`],
    );
    expect(posts.map((p) => p.amount)).toEqual(['-4925', '4925']);
    // A retry after the operator changed the commission answers the same ticket, charged once.
    await call('PUT', '/wps/admin/lottery/odds', admin.token, {
      prizeMode: 'ELOTT',
      betType: 'lo2',
      commission: '20',
    });
    const again = await call('POST', '/wps/lottery/bets', alice.token, body);
    expect(again.body.value).toMatchObject({
      ticketId: res.body.value.ticketId,
      cost: '49.25',
      commission: '6.75',
    });
    expect(await cash(alice.id)).toBe(before - 4925n);
    const tk = await ticket(res.body.value.ticketId);
    expect(tk).toMatchObject({ cost: '49.25', commission: '6.75' });
    expect(tk.bets.map((b: Json) => [b.cost, b.commission])).toEqual([
      ['54.00', '6.75'],
      ['2.00', '0.00'],
    ]);
    // Settled: the betting record counts what was staked and its detail shows the commission.
    const results = await drawNow('VN_FAST_5', drawId);
    const paid = body.bets.reduce(
      (a, b) =>
        a +
        settleBet(
          'north',
          results,
          { type: b.type as 'lo2', numbers: b.numbers, amount: Math.round(Number(b.amount) * 100) },
          defaultOdds('ELOTT', 'north'),
        ).payout,
      0,
    );
    expect(await cash(alice.id)).toBe(before - 4925n + BigInt(paid));
    // The record's round is Alice's play in the draw (her one ticket here), listed under the draw id.
    const detail = await call(
      'GET',
      `/wps/relay/GCS_bettingRecord/${drawId}?vendor=TCG_LOTTO_VN`,
      alice.token,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.value).toMatchObject({ bet: '49.25', commission: '6.75' });

    // Cancelled before the cut-off: the refund is what was paid, not the face cost.
    const open = await nextDraw('VN_FAST_5');
    const mid = await cash(alice.id);
    const placed = await call('POST', '/wps/lottery/bets', alice.token, {
      gameCode: 'VN_FAST_5',
      drawId: open,
      requestId: rid(),
      bets: [{ type: 'lo2', numbers: ['11'], amount: '1.00' }],
    });
    // 27.00 at 20 % → 5.40 off.
    expect(placed.body.value).toMatchObject({ cost: '21.60', commission: '5.40' });
    const cancelled = await call('POST', '/wps/lottery/tickets/cancel', alice.token, {
      ticketId: placed.body.value.ticketId,
    });
    expect(cancelled.status).toBe(200);
    expect(await cash(alice.id)).toBe(mid);
    await call('PUT', '/wps/admin/lottery/odds', admin.token, {
      prizeMode: 'ELOTT',
      betType: 'lo2',
      commission: '0',
    });
  });

  it('odds page API: bet types with odds and commission, games with limits and cut-off; games permission only', async () => {
    expect((await call('GET', '/wps/admin/lottery/config?prizeMode=ELOTT', alice.token)).status).toBe(403);
    expect((await call('GET', '/wps/admin/lottery/config?prizeMode=ELOTT', viewer.token)).status).toBe(403);
    expect((await call('GET', '/wps/admin/lottery/config?prizeMode=ELOTT')).status).toBe(401);
    const res = await call('GET', '/wps/admin/lottery/config?prizeMode=ELOTT', admin.token);
    expect(res.status).toBe(200);
    // One row per structure the mode sells and bet type, with the exact RTP at its odds.
    const da = (structure: string) =>
      res.body.value.betTypes.find((b: Json) => b.betType === 'da' && b.structure === structure);
    expect(da('north')).toEqual({
      structure: 'north',
      betType: 'da',
      family: 'vn',
      odds: '17',
      rtp: '93.30',
      commission: '0',
    });
    expect(da('south')).toMatchObject({ odds: '36', rtp: '93.99' });
    expect(res.body.value.rtpLimit).toBe('100.00');
    expect(res.body.value.betTypes).toHaveLength(22);
    expect(res.body.value.betTypes.map((b: Json) => b.betType)).not.toContain('big4d');
    const fast = res.body.value.games.find((g: Json) => g.gameCode === 'VN_FAST_1');
    expect(fast).toMatchObject({
      family: 'vn',
      cutoffSeconds: 10,
      maxCutoffSeconds: 55,
      maxStakePerNumber: '50000.00',
    });
    const sea = await call('GET', '/wps/admin/lottery/config?prizeMode=SEA', admin.token);
    expect(sea.body.value.betTypes.map((b: Json) => b.betType)).toEqual(['big4d', 'small4d', 'd3', 'd2']);
    expect(sea.body.value.betTypes[0]).toMatchObject({ structure: 'sea4d', rtp: '94.00' });
    expect(sea.body.value.betTypes[0].odds.P1).toBe('3500');
  });

  it('odds and commission edits are validated (no negative, no zero odds, commission at most 50 %) and audited', async () => {
    const put = (body: unknown, token = admin.token) => call('PUT', '/wps/admin/lottery/odds', token, body);
    for (const bad of [
      { prizeMode: 'LOTT', betType: 'da', commission: '60' },
      { prizeMode: 'LOTT', betType: 'da', commission: '-1' },
      { prizeMode: 'LOTT', betType: 'da', odds: '0' },
      { prizeMode: 'LOTT', betType: 'da', odds: '-5' },
      { prizeMode: 'LOTT', betType: 'da' },
      { prizeMode: 'LOTT', betType: 'big4d', odds: { P1: '0' } },
    ])
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await put({ prizeMode: 'LOTT', betType: 'da', odds: '18' }, alice.token)).status).toBe(403);
    const ok = await put({
      prizeMode: 'LOTT',
      structure: 'north',
      betType: 'da',
      odds: '16.5',
      commission: '3',
    });
    expect(ok.status).toBe(200);
    expect(row(ok.body.value, 'north', 'da')).toMatchObject({ odds: '16.5', commission: '3', rtp: '90.56' });
    // The other structure keeps its own price.
    expect(row(ok.body.value, 'south', 'da')).toMatchObject({ odds: '36', commission: '0' });
    // Odds alone keep the commission; the GET answers both.
    await put({ prizeMode: 'LOTT', structure: 'north', betType: 'da', odds: '17' });
    const got = await call('GET', '/wps/admin/lottery/odds?prizeMode=LOTT', admin.token);
    expect(row(got.body.value, 'north', 'da')).toMatchObject({ odds: '17', commission: '3' });
    const audit = await query<{ before: Json; after: Json }>(
      `select before, after from audit_log where action = 'lottery.odds.update' and target_id = 'LOTT:north:da' order by id`,
    );
    expect(audit[0]).toMatchObject({
      before: { odds: 1700, commissionBps: 0 },
      after: { odds: 1650, commissionBps: 300 },
    });
    expect(audit[1]).toMatchObject({ after: { odds: 1700, commissionBps: 300 } });
  });

  it('limits and cut-off per game: validated, audited, applied to the draws still open at once', async () => {
    const put = (gameCode: string, body: unknown, token = admin.token) =>
      call('PUT', `/wps/admin/lottery/games/${gameCode}`, token, body);
    const good = { cutoffSeconds: 40, maxStakePerNumber: '3.00', maxStakePerDraw: '100.00' };
    expect((await put('VN_FAST_5', good, alice.token)).status).toBe(403);
    expect((await put('NOPE', good)).status).toBe(404);
    for (const bad of [
      { ...good, cutoffSeconds: -1 },
      { ...good, cutoffSeconds: 296 }, // a 5-minute game must stay open 5 s
      { ...good, maxStakePerNumber: '-3.00' },
      { ...good, maxStakePerNumber: '0' },
      { ...good, maxStakePerNumber: '200.00' }, // above the per-draw limit
      { ...good, maxStakePerDraw: '2000000000.00' },
      { cutoffSeconds: 40 },
    ])
      expect((await put('VN_FAST_5', bad)).status, JSON.stringify(bad)).toBe(400);

    const drawId = (await menuGame('VN_FAST_5')).nextDraw.drawId as string;
    const [drawRow] = await query<{ draw_time: Date }>('select draw_time from lottery_draws where id = $1', [
      drawId,
    ]);
    const res = await put('VN_FAST_5', good);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      cutoffSeconds: 40,
      maxStakePerNumber: '3.00',
      maxStakePerDraw: '100.00',
    });
    const [cutRow] = await query<{ cutoff_at: Date }>('select cutoff_at from lottery_draws where id = $1', [
      drawId,
    ]);
    expect(new Date(drawRow!.draw_time).getTime() - new Date(cutRow!.cutoff_at).getTime()).toBe(40_000);
    expect((await menuGame('VN_FAST_5')).cutoffSeconds).toBe(40);
    // The per-number limit holds for the next bet on an open draw.
    const open = await nextDraw('VN_FAST_5');
    const bet = (amount: string) =>
      call('POST', '/wps/lottery/bets', alice.token, {
        gameCode: 'VN_FAST_5',
        drawId: open,
        requestId: rid(),
        bets: [{ type: 'de', numbers: ['12'], amount }],
      });
    expect((await bet('2.00')).status).toBe(200);
    expect((await bet('2.00')).status).toBe(409);
    const audit = await query<{ before: Json; after: Json }>(
      `select before, after from audit_log where action = 'lottery.game.update' and target_id = 'VN_FAST_5'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ cutoffSeconds: 30 });
    expect(audit[0]!.after).toMatchObject({ cutoffSeconds: 40 });
    // Stored: a fresh read of the settings (another instance) finds the same values.
    const game = t.app.services.lottery.game('VN_FAST_5');
    game.cutoffSeconds = 30;
    await t.app.services.lottery.config.refreshSettings(true);
    expect(game.cutoffSeconds).toBe(40);
    expect(game.maxStakePerNumber).toBe(300n);
  });
});
