import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultOdds, type LotteryResults, settleBet } from '@wps/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { mapFeedAnswer } from './feed.ts';
import { type Json, lotteryApi } from './test-kit.ts';

/** A complete North result whose last two digits of the special prize are `de`. */
const northResult = (de: string, seed = 1): LotteryResults => {
  const n = (digits: number, i: number) =>
    String((seed * 7919 + i * 104_729) % 10 ** digits).padStart(digits, '0');
  let i = 0;
  const many = (count: number, digits: number) => Array.from({ length: count }, () => n(digits, ++i));
  return {
    DB: [`123${de}`],
    G1: many(1, 5),
    G2: many(2, 5),
    G3: many(6, 5),
    G4: many(4, 4),
    G5: many(6, 4),
    G6: many(3, 3),
    G7: many(4, 2),
  };
};

/**
 * Official results of station-named draws (issue 28): no house seed, an operator's entry counts
 * only once a second operator approves it, the results feed (a local stub here) is a second
 * source, disagreement settles nothing, and a draw without its result waits, never voided.
 */
describe('lottery official results', () => {
  let t: TestApp;
  let feedServer: Server;
  /** What the stub feed publishes, per draw id. */
  const published = new Map<string, unknown>();
  const feedHits: string[] = [];
  const { query, call, rid, fund, cash, nextDraw, closeDraw, runDraw } = lotteryApi(() => t);
  let alice: { id: number; token: string };
  let opA: { id: number; account: string; token: string };
  let opB: { id: number; account: string; token: string };
  let gamesOp: { token: string };

  beforeAll(async () => {
    feedServer = createServer((req, res) => {
      feedHits.push(req.url ?? '');
      const drawId = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
      const body = published.get(drawId);
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'not published' }));
    });
    await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
    const port = (feedServer.address() as AddressInfo).port;
    t = await createTestApp({
      lotteryResultsFeed: {
        url: `http://127.0.0.1:${port}/xsmb/{drawId}`,
        // The stub's own shape: prizes under data.prizes by Vietnamese names.
        map: {
          DB: 'data.prizes.dacBiet',
          G1: 'data.prizes.nhat',
          G2: 'data.prizes.nhi',
          G3: 'data.prizes.ba',
          G4: 'data.prizes.tu',
          G5: 'data.prizes.nam',
          G6: 'data.prizes.sau',
          G7: 'data.prizes.bay',
        },
        periodSeconds: 60,
      },
    });
    alice = await createMember(t.app);
    await fund(alice.id, 10_000_000n);
    opA = await createOperator(t.app, { permissions: ['lottery.results'] });
    opB = await createOperator(t.app, { permissions: ['lottery.results'] });
    gamesOp = await createOperator(t.app, { permissions: ['games'] });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    feedServer?.close();
  });

  /** The stub feed's answer for a North result. */
  const feedAnswer = (r: LotteryResults) => ({
    data: {
      prizes: {
        dacBiet: r.DB![0],
        nhat: r.G1,
        nhi: r.G2!.join(' - '),
        ba: r.G3,
        tu: r.G4,
        nam: r.G5,
        sau: r.G6,
        bay: r.G7,
      },
    },
  });

  /**
   * The next open North draw. A daily game has three draws made ahead; the tests move each one
   * into the past, so later ones are made from a later day on.
   */
  let ahead = 0;
  async function northDraw(): Promise<string> {
    const { lottery } = t.app.services;
    await lottery.draws.ensureDraws(
      lottery.game('VN_NORTH'),
      new Date(Date.now() + ++ahead * 3 * 86_400_000),
    );
    const [row] = await query<{ id: string }>(
      `select id from lottery_draws where game_code = 'VN_NORTH' and status = 'open' and cutoff_at > now()
       order by draw_time limit 1`,
    );
    return row!.id;
  }

  /** A North draw past its time with a de + lô slip of Alice's on 45 (cost 27 + 1 = 28.00). */
  async function drawWithTicket(): Promise<{ drawId: string; ticketId: string }> {
    const drawId = await northDraw();
    const placed = await call('POST', '/wps/lottery/bets', alice.token, {
      gameCode: 'VN_NORTH',
      drawId,
      requestId: rid(),
      bets: [
        { type: 'de', numbers: ['45'], amount: '1.00' },
        { type: 'lo2', numbers: ['45'], amount: '1.00' },
      ],
    });
    expect(placed.status).toBe(200);
    await closeDraw(drawId);
    return { drawId, ticketId: placed.body.value.ticketId };
  }
  const ticketOf = async (drawId: string) =>
    (await call('GET', `/wps/lottery/tickets?drawId=${drawId}`, alice.token)).body.value.content[0] as Json;
  const drawRow = async (drawId: string) =>
    (
      await query<{ status: string; results: LotteryResults | null }>(
        'select status, results from lottery_draws where id = $1',
        [drawId],
      )
    )[0]!;
  const enter = (token: string, drawId: string, results: unknown) =>
    call('POST', '/wps/admin/lottery/results', token, { drawId, results });
  const approve = (token: string, drawId: string) =>
    call('POST', '/wps/admin/lottery/results/approve', token, { drawId });
  const expectedPayout = (r: LotteryResults) =>
    (['de', 'lo2'] as const)
      .map(
        (type) =>
          settleBet('north', r, { type, numbers: ['45'], amount: 100 }, defaultOdds('LOTT', 'north')).payout,
      )
      .reduce((a, b) => a + b, 0);

  it('station-named games take the official result and have no house seed; house-named fast games keep theirs', async () => {
    const menu = (await call('GET', '/lgw/vn/games/game_menu?prizeMode=LOTT')).body.value.games as Json[];
    for (const code of ['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH']) {
      const g = menu.find((x) => x.gameCode === code)!;
      expect(g.resultSource).toBe('official');
      expect(g.nextDraw.serverSeedHash).toBe('');
    }
    // Every house-drawn game (fast and SEA) keeps its seed under a house name, never a station's.
    const all = (await call('GET', '/lgw/vn/games/game_menu')).body.value.games as Json[];
    const stations = new Set(
      t.app.services.lottery.games.flatMap((g) => (g.stations ?? []).flat()).map((s) => s.toLowerCase()),
    );
    expect(stations.has('hà nội')).toBe(true);
    const house = all.filter((g) => g.resultSource === 'house');
    expect(house.map((g) => g.gameCode).sort()).toEqual(
      ['SEA_3D', 'SEA_4D', 'SEA_4D_FAST', 'VN_FAST_1', 'VN_FAST_3', 'VN_FAST_5'].sort(),
    );
    for (const g of house) {
      expect(g.nextDraw.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(g.nextDraw.stations).toEqual([]);
      for (const lang of ['en', 'ne'] as const) {
        const name = t.app.services.lottery.game(g.gameCode).name[lang].toLowerCase();
        expect([...stations].filter((s) => name.includes(s))).toEqual([]);
      }
    }
  });

  it('a draw past its time without a result waits, its tickets open and paid for, however often the jobs run', async () => {
    const { drawId, ticketId } = await drawWithTicket();
    const before = await cash(alice.id);
    for (let i = 0; i < 3; i++) {
      await runDraw('VN_NORTH');
      // The feed has nothing for it yet (404): still waiting.
      await t.app.services.lottery.official.pollFeed();
    }
    expect(feedHits.some((u) => u.endsWith(drawId))).toBe(true);
    // The feed is polled by a scheduled job, registered because a feed is configured.
    expect(t.app.jobs.find('lottery-results-feed')).toMatchObject({ periodMs: 60_000 });
    expect(await drawRow(drawId)).toMatchObject({ status: 'waiting', results: null });
    const ticket = await ticketOf(drawId);
    expect(ticket).toMatchObject({
      ticketId,
      status: 'open',
      drawStatus: 'waiting',
      payout: '0.00',
      official: null,
    });
    expect(await cash(alice.id)).toBe(before);
    const opened = (await call('GET', `/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&drawId=${drawId}`)).body
      .value.draws[0];
    expect(opened).toMatchObject({
      status: 'waiting',
      results: null,
      resultSource: 'official',
      official: null,
    });
    expect(opened.serverSeed).toBeUndefined();
    // The console lists it as waiting, with its open ticket.
    const list = (await call('GET', '/wps/admin/lottery/results?state=waiting', opA.token)).body.value;
    expect(list.feedConfigured).toBe(true);
    expect(list.draws.find((d: Json) => d.drawId === drawId)).toMatchObject({
      state: 'waiting',
      openTickets: 1,
      operator: null,
      feed: null,
    });
  });

  it('four eyes: the operator who entered a result cannot approve it; a second one does, and the draw settles exactly once', async () => {
    const { drawId } = await drawWithTicket();
    await runDraw('VN_NORTH');
    const result = northResult('45');
    const before = await cash(alice.id);

    const entered = await enter(opA.token, drawId, result);
    expect(entered.status).toBe(200);
    expect(entered.body.value).toMatchObject({
      state: 'waiting',
      operator: { enteredBy: opA.account, approvedBy: null, results: result },
    });
    // Entered but not approved: nothing settles.
    await runDraw('VN_NORTH');
    expect((await ticketOf(drawId)).status).toBe('open');

    const self = await approve(opA.token, drawId);
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('CONFLICT');
    expect(self.body.message).toBe('You entered this result: a second operator must approve it (four eyes).');
    expect((await drawRow(drawId)).status).toBe('waiting');

    const approved = await approve(opB.token, drawId);
    expect(approved.status).toBe(200);
    expect(approved.body.value).toMatchObject({
      state: 'settled',
      results: result,
      official: { source: 'operator', enteredBy: opA.account, approvedBy: opB.account },
    });
    const payout = expectedPayout(result);
    expect(payout).toBeGreaterThan(0);
    const ticket = await ticketOf(drawId);
    expect(ticket).toMatchObject({
      status: 'settled',
      drawStatus: 'settled',
      payout: (payout / 100).toFixed(2),
      official: { source: 'operator', approvedBy: opB.account, enteredBy: opA.account },
    });
    expect(await cash(alice.id)).toBe(before + BigInt(payout));

    // Exactly once: approving again, the jobs and a direct settle pay nothing more.
    expect((await approve(opB.token, drawId)).status).toBe(409);
    const late = await enter(opB.token, drawId, northResult('99'));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This draw already has its result and is paid; it cannot be changed.');
    await runDraw('VN_NORTH');
    expect(await t.app.services.lottery.draws.settle(drawId)).toBe(0);
    expect(await cash(alice.id)).toBe(before + BigInt(payout));
    const record = await query<{ n: string; payout: string }>(
      `select count(*)::text n, sum(payout)::text payout from bets where source = 'lottery' and round_id = $1`,
      [drawId],
    );
    expect(record[0]).toEqual({ n: '1', payout: String(payout) });

    // Both steps audited, by the two operators.
    const audit = await query<{ action: string; actor_account: string }>(
      `select action, actor_account from audit_log where target_type = 'lottery_draw' and target_id = $1 order by id`,
      [drawId],
    );
    expect(audit).toEqual([
      { action: 'lottery.result.enter', actor_account: opA.account },
      { action: 'lottery.result.approve', actor_account: opB.account },
    ]);

    // The public draw shows the result's source and who approved it; no seed is revealed.
    const opened = (await call('GET', `/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&drawId=${drawId}`)).body
      .value.draws[0];
    expect(opened).toMatchObject({
      status: 'settled',
      resultSource: 'official',
      results: result,
      official: { source: 'operator', approvedBy: opB.account },
    });
    expect(opened.serverSeed).toBeUndefined();
  });

  it('when the feed and the operator disagree nothing settles and the console says why; agreeing settles on both', async () => {
    const official = northResult('45', 2);
    const typo = { ...official, DB: ['12354'] };
    const next = await drawWithTicket();
    await runDraw('VN_NORTH');
    published.set(next.drawId, feedAnswer(official));
    expect((await enter(opA.token, next.drawId, typo)).status).toBe(200);
    expect(await t.app.services.lottery.official.pollFeed()).toMatchObject({ recorded: 1, errors: 0 });
    expect((await drawRow(next.drawId)).status).toBe('conflict');
    // Approving the disagreeing entry still settles nothing.
    expect((await approve(opB.token, next.drawId)).status).toBe(200);
    await runDraw('VN_NORTH');
    await t.app.services.lottery.official.pollFeed();
    expect(await drawRow(next.drawId)).toMatchObject({ status: 'conflict', results: null });
    expect(await ticketOf(next.drawId)).toMatchObject({ status: 'open', drawStatus: 'waiting' });
    const view = (
      await call('GET', '/wps/admin/lottery/results?state=conflict', opA.token)
    ).body.value.draws.find((d: Json) => d.drawId === next.drawId);
    expect(view).toMatchObject({
      state: 'conflict',
      conflicts: ['DB'],
      operator: { results: { DB: ['12354'] }, enteredBy: opA.account, approvedBy: opB.account },
      feed: { results: { DB: [official.DB![0]] }, feedUrl: expect.stringContaining(`/xsmb/${next.drawId}`) },
    });

    // The operator corrects the entry to the official sheet; a second operator approves it.
    const cashMid = await cash(alice.id);
    const fixed = await enter(opA.token, next.drawId, official);
    expect(fixed.body.value.state).toBe('settled');
    expect(fixed.body.value.official).toMatchObject({
      source: 'feed',
      feedUrl: expect.stringContaining('/xsmb/'),
    });
    expect(await cash(alice.id)).toBe(cashMid + BigInt(expectedPayout(official)));
  });

  const proposeDiscard = (token: string, drawId: string, source: string, reason: string) =>
    call('POST', '/wps/admin/lottery/results/discard', token, { drawId, source, reason });
  const approveDiscard = (token: string, drawId: string, source: string) =>
    call('POST', '/wps/admin/lottery/results/discard/approve', token, { drawId, source });

  it('four eyes throw a wrong result out before it settles: one proposes with a reason, another approves; the feed does not bring it back', async () => {
    const official = northResult('45', 3);
    const misprint = { ...official, DB: ['99999'] };
    const { drawId } = await drawWithTicket();
    await runDraw('VN_NORTH');
    // The feed publishes a misprint; an operator's entry (not approved yet) has the sheet: conflict.
    published.set(drawId, feedAnswer(misprint));
    expect((await enter(opA.token, drawId, official)).status).toBe(200);
    await t.app.services.lottery.official.pollFeed();
    expect((await drawRow(drawId)).status).toBe('conflict');

    const before = await cash(alice.id);
    const proposed = await proposeDiscard(opA.token, drawId, 'feed', 'The feed misprinted the special prize');
    expect(proposed.status).toBe(200);
    expect(proposed.body.value).toMatchObject({
      state: 'conflict',
      feed: {
        discard: {
          reason: 'The feed misprinted the special prize',
          proposedBy: opA.account,
          discardedBy: null,
          discardedAt: null,
        },
      },
    });
    // Proposed, not approved: the feed's result still counts, and the proposer cannot approve.
    const self = await approveDiscard(opA.token, drawId, 'feed');
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(
      'You proposed throwing out this result: a second operator must approve it (four eyes).',
    );
    expect((await drawRow(drawId)).status).toBe('conflict');

    const thrown = await approveDiscard(opB.token, drawId, 'feed');
    expect(thrown.status).toBe(200);
    // Only the unapproved entry is left: the draw waits (never void), the feed's result marked out.
    expect(thrown.body.value).toMatchObject({
      state: 'waiting',
      conflicts: [],
      feed: { results: { DB: ['99999'] }, discard: { discardedBy: opB.account } },
    });
    // The feed still publishes the misprint: it stays out.
    expect(await t.app.services.lottery.official.pollFeed()).toMatchObject({ errors: 0 });
    expect((await drawRow(drawId)).status).toBe('waiting');
    expect(await cash(alice.id)).toBe(before);

    // A second operator approves the entry: the draw settles on it, once.
    const settled = await approve(opB.token, drawId);
    expect(settled.body.value).toMatchObject({
      state: 'settled',
      results: official,
      official: { source: 'operator', enteredBy: opA.account, approvedBy: opB.account },
    });
    expect(await cash(alice.id)).toBe(before + BigInt(expectedPayout(official)));
    // Settled: nothing more to throw out.
    const late = await proposeDiscard(opA.token, drawId, 'operator', 'Too late to change it');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This draw already has its result and is paid; it cannot be changed.');

    const audit = await query<{ action: string; actor_account: string }>(
      `select action, actor_account from audit_log where target_type = 'lottery_draw' and target_id = $1
         and action like 'lottery.result.discard%' order by id`,
      [drawId],
    );
    expect(audit).toEqual([
      { action: 'lottery.result.discard.propose', actor_account: opA.account },
      { action: 'lottery.result.discard.approve', actor_account: opB.account },
    ]);
  });

  it('an entered result thrown out on four eyes lets the feed settle the draw; bad discard requests get 4xx', async () => {
    const official = northResult('45', 4);
    const { drawId } = await drawWithTicket();
    await runDraw('VN_NORTH');
    // Nothing to throw out yet, nothing proposed.
    const none = await proposeDiscard(opA.token, drawId, 'feed', 'No feed result yet');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('There is no result from that source to throw out on this draw.');
    expect((await enter(opA.token, drawId, { ...official, G7: ['11', '22', '33', '44'] })).status).toBe(200);
    const unproposed = await approveDiscard(opB.token, drawId, 'operator');
    expect(unproposed.status).toBe(409);
    expect(unproposed.body.message).toBe('Nobody has proposed throwing out this result.');
    // Bad input: a reason too short or blank, an unknown source, no permission.
    expect((await proposeDiscard(opB.token, drawId, 'operator', '  ')).status).toBe(400);
    expect((await proposeDiscard(opB.token, drawId, 'house', 'Wrong source')).status).toBe(400);
    expect((await proposeDiscard(gamesOp.token, drawId, 'operator', 'No permission')).status).toBe(403);
    expect((await approveDiscard(gamesOp.token, drawId, 'operator')).status).toBe(403);
    expect((await proposeDiscard(opB.token, 'VN_NORTH-20000101181500', 'operator', 'No draw')).status).toBe(
      404,
    );

    published.set(drawId, feedAnswer(official));
    await t.app.services.lottery.official.pollFeed();
    expect((await drawRow(drawId)).status).toBe('conflict');
    // B proposes throwing out A's typo; A (who entered it, but did not propose) approves.
    expect((await proposeDiscard(opB.token, drawId, 'operator', 'Typo in the seventh prize')).status).toBe(
      200,
    );
    const before = await cash(alice.id);
    const thrown = await approveDiscard(opA.token, drawId, 'operator');
    expect(thrown.status).toBe(200);
    expect(thrown.body.value).toMatchObject({
      state: 'settled',
      results: official,
      official: { source: 'feed' },
    });
    expect(await cash(alice.id)).toBe(before + BigInt(expectedPayout(official)));
    // The thrown-out entry cannot be approved afterwards.
    expect((await approve(opB.token, drawId)).status).toBe(409);
  });

  it('refuses bad input with the spec’s messages: malformed results, house draws, draws not yet due, no permission', async () => {
    const { drawId } = await drawWithTicket();
    const short = { ...northResult('45'), G2: ['12345'] };
    const bad = await enter(opA.token, drawId, short);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    expect(bad.body.message).toBe('This result does not match the draw: G2: 2 numbers expected, 1 given');
    const digits = await enter(opA.token, drawId, { ...northResult('45'), G7: ['1', '2', '3', '4'] });
    expect(digits.status).toBe(400);
    expect((await enter(opA.token, drawId, { ...northResult('45'), G9: ['12'] })).status).toBe(400);

    const fast = await nextDraw('VN_FAST_1');
    await closeDraw(fast);
    const house = await enter(opA.token, fast, northResult('45'));
    expect(house.status).toBe(409);
    expect(house.body.message).toBe('This draw is drawn by the house; it takes no official result.');

    const future = await northDraw();
    const early = await enter(opA.token, future, northResult('45'));
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^This draw has not taken place yet/);

    expect((await enter(gamesOp.token, drawId, northResult('45'))).status).toBe(403);
    expect((await approve(gamesOp.token, drawId)).status).toBe(403);
    expect((await call('GET', '/wps/admin/lottery/results', alice.token)).status).toBe(403);
    expect((await approve(opB.token, 'VN_NORTH-20000101181500')).status).toBe(404);
    const nothing = await approve(opB.token, drawId);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('There is no entered result waiting for approval on this draw.');
  });

  it('maps a feed answer by the configured paths, with {gameCode} in a path', () => {
    const r = northResult('07');
    const cfg = {
      url: 'http://x/{date}',
      map: Object.fromEntries(Object.keys(r).map((k, i) => [k, `$.games.{gameCode}.lines[${i}]`])),
    };
    const json = { games: { VN_NORTH: { lines: Object.values(r).map((v) => v.join(',')) } } };
    const d = {
      id: 'VN_NORTH-20261123181500',
      gameCode: 'VN_NORTH',
      drawTime: new Date('2026-11-23T11:15:00Z'),
    };
    expect(mapFeedAnswer(cfg, d, 'north', json)).toEqual(r);
    expect(() => mapFeedAnswer(cfg, d, 'north', { games: {} })).toThrow(/DB: missing/);
  });
});
