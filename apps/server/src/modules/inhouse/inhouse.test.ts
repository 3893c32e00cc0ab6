import {
  type BlackjackState,
  cardValue,
  fairFloats,
  hashServerSeed,
  legalBlackjackActions,
  type ReplayInput,
  replayRound,
  startBlackjack,
} from '@wps/games';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

type Json = Record<string, unknown>;

describe('in-house games API: gates, limits, idempotency, recall, proof', () => {
  let t: TestApp;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];
  let player: { id: number; account: string; token: string };
  let admin: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    player = await createMember(t.app);
    admin = await createOperator(t.app, { permissions: ['*'] });
    await fund(player.id, 10_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  let n = 0;
  const rid = () => `req-${Date.now()}-${++n}`;
  async function fund(memberId: number, amount: bigint) {
    await t.app.services.wallet.post({
      key: `fund:${memberId}:${++n}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(memberId), amount },
      ],
    });
  }
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    token?: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
    return { status: res.statusCode, body: res.json() as { code: string; message: string; value: Json } };
  };
  const cash = (id: number) => t.app.services.wallet.balance(Accounts.cash(id));
  const seedRow = async (memberId: number) =>
    (
      await query<{ server_seed: string; client_seed: string; nonce: number }>(
        'select server_seed, client_seed, nonce from inhouse_seeds where member_id = $1 and active',
        [memberId],
      )
    )[0]!;

  it('refuses anonymous callers and operators; a trial player plays with play money only', async () => {
    const body = { requestId: rid(), amount: '1.00', target: 50, direction: 'over' };
    expect((await call('POST', '/wps/inhouse/dice/play', undefined, body)).status).toBe(401);
    expect((await call('POST', '/wps/inhouse/dice/play', admin.token, body)).status).toBe(403);
    const trial = await createMember(t.app, { type: 4 });
    const res = await call('POST', '/wps/inhouse/dice/play', trial.token, body);
    expect(res.status).toBe(200);
    expect(res.body.value.trial).toBe(true);
    expect(await cash(trial.id)).toBe(0n);
    const rows = await query<{ trial: boolean; valid_stake: string }>(
      'select trial, valid_stake::text from bets where round_id = $1',
      [res.body.value.roundId],
    );
    expect(rows).toEqual([{ trial: true, valid_stake: '0' }]);
  });

  it('reproduces the public vectors end to end (dice 93.08 at nonce 20, roulette 0 at nonce 21)', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 100_000n);
    await call('GET', '/wps/inhouse/seeds', m.token);
    const serverSeed = '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4';
    await t.database.query(
      `update inhouse_seeds set server_seed = $1, server_seed_hash = $2, client_seed = 'ec75fca98de6f2d9', nonce = 20
       where member_id = $3 and active`,
      [serverSeed, hashServerSeed(serverSeed), m.id],
    );
    const dice = await call('POST', '/wps/inhouse/dice/play', m.token, {
      requestId: rid(),
      amount: '1.00',
      target: 50,
      direction: 'over',
    });
    expect(dice.body.value).toMatchObject({
      nonce: 20,
      clientSeed: 'ec75fca98de6f2d9',
      outcome: { roll: 93.08 },
    });
    // 99 / 50 % = 1.98×
    expect(dice.body.value.payout).toBe('1.98');
    const roulette = await call('POST', '/wps/inhouse/roulette/play', m.token, {
      requestId: rid(),
      bets: [
        { type: 'straight', numbers: [0], amount: '10.00' },
        { type: 'red', amount: '10.00' },
      ],
    });
    expect(roulette.body.value).toMatchObject({
      nonce: 21,
      outcome: { pocket: 0 },
      stake: '20.00',
      payout: '360.00',
    });
    expect(await cash(m.id)).toBe(100_000n - 100n + 198n - 2000n + 36_000n);
  });

  it('settles bet and win in the ledger and the bets record, and the books reconcile', async () => {
    const before = await cash(player.id);
    const res = await call('POST', '/wps/inhouse/keno/play', player.token, {
      requestId: rid(),
      amount: '5.00',
      picks: [1, 2, 3, 4, 5],
    });
    expect(res.status).toBe(200);
    const payout = BigInt(Math.round(Number(res.body.value.payout) * 100));
    expect(await cash(player.id)).toBe(before - 500n + payout);
    expect(res.body.value.balance).toBe((Number(before - 500n + payout) / 100).toFixed(2));
    const rows = await query<{ stake: string; payout: string; source: string; vendor: string }>(
      'select stake::text, payout::text, source, vendor from bets where round_id = $1',
      [res.body.value.roundId],
    );
    expect(rows).toEqual([{ stake: '500', payout: String(payout), source: 'inhouse', vendor: 'INHOUSE' }]);
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });

  it('is idempotent by requestId: a retry answers the first round; another bet with it is refused', async () => {
    const requestId = rid();
    const body = { requestId, amount: '2.00', target: 30, direction: 'under' };
    const before = await cash(player.id);
    const [a, b] = await Promise.all([
      call('POST', '/wps/inhouse/dice/play', player.token, body),
      call('POST', '/wps/inhouse/dice/play', player.token, body),
    ]);
    expect(a.body.value.roundId).toBe(b.body.value.roundId);
    const payout = BigInt(Math.round(Number(a.body.value.payout) * 100));
    expect(await cash(player.id)).toBe(before - 200n + payout);
    const other = await call('POST', '/wps/inhouse/dice/play', player.token, { ...body, target: 31 });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('refuses a bet above the balance and moves nothing, nonce included', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 100n);
    const seeds = await call('GET', '/wps/inhouse/seeds', m.token);
    const res = await call('POST', '/wps/inhouse/dice/play', m.token, {
      requestId: rid(),
      amount: '2.00',
      target: 50,
      direction: 'over',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await cash(m.id)).toBe(100n);
    expect((await call('GET', '/wps/inhouse/seeds', m.token)).body.value.nonce).toBe(seeds.body.value.nonce);
  });

  it('enforces limits, pause and max payout set by the operator (bad input is a 4xx)', async () => {
    const below = await call('POST', '/wps/inhouse/dice/play', player.token, {
      requestId: rid(),
      amount: '0.50',
      target: 50,
      direction: 'over',
    });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('The amount must be at least 1.00.');
    const badSplit = await call('POST', '/wps/inhouse/roulette/play', player.token, {
      requestId: rid(),
      bets: [{ type: 'split', numbers: [1, 36], amount: '10.00' }],
    });
    expect(badSplit.status).toBe(400);
    const badTarget = await call('POST', '/wps/inhouse/dice/play', player.token, {
      requestId: rid(),
      amount: '1.00',
      target: 50.123,
      direction: 'over',
    });
    expect(badTarget.status).toBe(400);

    expect(
      (await call('PATCH', '/wps/admin/inhouse/settings/dice', player.token, { paused: true })).status,
    ).toBe(403);
    const paused = await call('PATCH', '/wps/admin/inhouse/settings/dice', admin.token, {
      paused: true,
      maxBet: '20.00',
    });
    expect(paused.body.value).toMatchObject({ paused: true, maxBet: '20.00' });
    const refused = await call('POST', '/wps/inhouse/dice/play', player.token, {
      requestId: rid(),
      amount: '1.00',
      target: 50,
      direction: 'over',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This game is paused. Please try again later.');
    await call('PATCH', '/wps/admin/inhouse/settings/dice', admin.token, {
      paused: false,
      maxPayout: '1.50',
    });
    const above = await call('POST', '/wps/inhouse/dice/play', player.token, {
      requestId: rid(),
      amount: '21.00',
      target: 50,
      direction: 'over',
    });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe('The amount must be at most 20.00.');
    // A sure win (over 0.01 pays 1.0000× of 99.99 % …) capped at 1.50 on a 10.00 bet at 98 % chance.
    let capped: Json | null = null;
    for (let i = 0; i < 20 && !capped; i++) {
      const r = await call('POST', '/wps/inhouse/dice/play', player.token, {
        requestId: rid(),
        amount: '10.00',
        target: 2,
        direction: 'over',
      });
      if (r.body.value.payout !== '0.00') capped = r.body.value;
    }
    expect(capped).toMatchObject({ payout: '1.50', capped: true });
    await call('PATCH', '/wps/admin/inhouse/settings/dice', admin.token, {
      maxBet: '10000.00',
      maxPayout: '1000000.00',
    });
    // A day outside the years any record exists in is bad input, not a server fault.
    expect((await call('GET', '/wps/admin/inhouse/ggr?to=0000-01-01', admin.token)).status).toBe(400);
    const ggr = await call('GET', '/wps/admin/inhouse/ggr', admin.token);
    expect((ggr.body.value.games as Array<{ game: string }>).map((g) => g.game)).toContain('dice');
    const rounds = await call(
      'GET',
      `/wps/admin/inhouse/rounds?game=dice&memberId=${player.id}`,
      admin.token,
    );
    expect((rounds.body.value.content as unknown[]).length).toBeGreaterThan(0);
  });

  it('reads the console dates as business days (Nepal midnight), for rounds and GGR', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 1_000_000n);
    const played = await call('POST', '/wps/inhouse/dice/play', m.token, {
      requestId: rid(),
      amount: '3.00',
      target: 50,
      direction: 'over',
    });
    expect(played.status).toBe(200);
    // 18:20 UTC on the 14th is 00:05 on the 15th in Kathmandu: business day 2031-03-15.
    await query(
      `update inhouse_rounds set created_at = '2031-03-14T18:20:00Z', settled_at = '2031-03-14T18:20:00Z' where id = $1`,
      [played.body.value.roundId],
    );
    // GGR reads the bets record: its line for the round moves with it (the record is
    // append-only; only this test rewrites history, with the guard off for one statement).
    await query('alter table bets disable trigger bets_append_only');
    await query(`update bets set settled_at = '2031-03-14T18:20:00Z' where member_id = $1`, [m.id]);
    await query('alter table bets enable trigger bets_append_only');
    const rounds = async (q: string) =>
      (await call('GET', `/wps/admin/inhouse/rounds?memberId=${m.id}&${q}`, admin.token)).body.value
        .content as Array<{ roundId: string }>;
    expect((await rounds('from=2031-03-15&to=2031-03-15')).map((r) => r.roundId)).toEqual([
      played.body.value.roundId,
    ]);
    expect(await rounds('from=2031-03-14&to=2031-03-14')).toEqual([]);
    expect(await rounds('from=2031-03-16')).toEqual([]);
    const ggr = async (q: string) =>
      (await call('GET', `/wps/admin/inhouse/ggr?${q}`, admin.token)).body.value.games as Array<{
        game: string;
        rounds: number;
        stake: string;
      }>;
    expect(await ggr('from=2031-03-15&to=2031-03-15')).toEqual([
      expect.objectContaining({ game: 'dice', rounds: 1, stake: '3.00' }),
    ]);
    expect(await ggr('from=2031-03-14&to=2031-03-14')).toEqual([]);
    expect((await call('GET', '/wps/admin/inhouse/rounds?from=2031-02-30', admin.token)).status).toBe(400);
  });

  it('recalls an unfinished blackjack hand, blocks rotation and a second hand until it ends', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 1_000_000n);
    let open: Json | null = null;
    // A hand that does not end on the deal (no blackjack either side) stays open.
    for (let i = 0; i < 20 && !open; i++) {
      const r = await call('POST', '/wps/inhouse/blackjack/play', m.token, {
        requestId: rid(),
        amount: '10.00',
      });
      expect(r.status).toBe(200);
      if (r.body.value.status === 'open') open = r.body.value;
    }
    expect(open).not.toBeNull();
    const recall = await call('GET', '/wps/inhouse/blackjack/current', m.token);
    expect((recall.body.value.round as Json).roundId).toBe(open!.roundId);
    const second = await call('POST', '/wps/inhouse/blackjack/play', m.token, {
      requestId: rid(),
      amount: '10.00',
    });
    expect(second.status).toBe(409);
    const rotate = await call('PUT', '/wps/inhouse/seeds', m.token, { clientSeed: 'my seed' });
    expect(rotate.status).toBe(409);
    expect(rotate.body.message).toBe('Finish the round in progress before changing seeds.');
    let state = open!;
    const roundId = state.roundId as string;
    if ((state.outcome as { phase: string }).phase === 'insurance') {
      state = (
        await call('POST', '/wps/inhouse/blackjack/action', m.token, {
          requestId: rid(),
          roundId,
          action: 'noInsurance',
        })
      ).body.value;
    }
    for (let i = 0; i < 5 && state.status === 'open'; i++) {
      const stand = { requestId: rid(), roundId, action: 'stand' };
      state = (await call('POST', '/wps/inhouse/blackjack/action', m.token, stand)).body.value;
      // The same action again is a replay, not a second stand.
      const again = await call('POST', '/wps/inhouse/blackjack/action', m.token, stand);
      expect(again.body.value.roundId).toBe(roundId);
    }
    expect(state.status).toBe('settled');
    const over = await call('POST', '/wps/inhouse/blackjack/action', m.token, {
      requestId: rid(),
      roundId,
      action: 'hit',
    });
    expect(over.status).toBe(409);
    expect((await call('GET', '/wps/inhouse/blackjack/current', m.token)).body.value.round).toBeNull();

    const rotated = await call('PUT', '/wps/inhouse/seeds', m.token, { clientSeed: 'my seed' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.value.current).toMatchObject({ clientSeed: 'my seed', nonce: 0 });
    const revealed = rotated.body.value.revealed as { serverSeed: string; serverSeedHash: string };
    expect(hashServerSeed(revealed.serverSeed)).toBe(revealed.serverSeedHash);
    const detail = await call('GET', `/wps/inhouse/rounds/${roundId}`, m.token);
    const proof = detail.body.value.proof as { serverSeed: string; clientSeed: string; nonce: number };
    expect(proof.serverSeed).toBe(revealed.serverSeed);
    const replay = replayRound(proof, {
      game: 'blackjack',
      bet: detail.body.value.bet,
      actions: detail.body.value.actions,
    } as ReplayInput);
    expect((replay.payout / 100).toFixed(2)).toBe(detail.body.value.payout);
    // Someone else's round is not found.
    expect((await call('GET', `/wps/inhouse/rounds/${roundId}`, player.token)).status).toBe(404);
  });

  it('commits the next server seed before the client seed that will pair with it (nextServerSeedHash)', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 100_000n);
    const before = (await call('GET', '/wps/inhouse/seeds', m.token)).body.value as {
      serverSeedHash: string;
      nextServerSeedHash: string;
    };
    expect(before.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.nextServerSeedHash).not.toBe(before.serverSeedHash);
    // Shown again unchanged: it is committed, not drawn per view.
    expect((await call('GET', '/wps/inhouse/seeds', m.token)).body.value.nextServerSeedHash).toBe(
      before.nextServerSeedHash,
    );
    await call('POST', '/wps/inhouse/dice/play', m.token, {
      requestId: rid(),
      amount: '1.00',
      target: 50,
      direction: 'over',
    });
    const rotated = await call('PUT', '/wps/inhouse/seeds', m.token, { clientSeed: 'chosen after' });
    const current = rotated.body.value.current as { serverSeedHash: string; nextServerSeedHash: string };
    // The pair the new client seed joins uses the server seed committed before it arrived.
    expect(current.serverSeedHash).toBe(before.nextServerSeedHash);
    expect(current.nextServerSeedHash).not.toBe(before.nextServerSeedHash);
    const after = (await call('GET', '/wps/inhouse/seeds', m.token)).body.value;
    expect(after).toMatchObject({
      serverSeedHash: before.nextServerSeedHash,
      nextServerSeedHash: current.nextServerSeedHash,
      clientSeed: 'chosen after',
      nonce: 0,
    });
    // Once revealed, the rotated-to pair's seed verifies against the hash committed before it.
    await call('POST', '/wps/inhouse/dice/play', m.token, {
      requestId: rid(),
      amount: '1.00',
      target: 50,
      direction: 'over',
    });
    const again = await call('PUT', '/wps/inhouse/seeds', m.token, {});
    const revealed = again.body.value.revealed as { serverSeed: string };
    expect(hashServerSeed(revealed.serverSeed)).toBe(before.nextServerSeedHash);
  });

  it('splits a pair: the nonce is chosen with the engine, each step debits and the end settles once', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 1_000_000n);
    await call('GET', '/wps/inhouse/seeds', m.token);
    const seed = await seedRow(m.id);
    // Find the first nonce whose deal is a splittable pair without an ace up for the dealer.
    let target = -1;
    for (let nonce = seed.nonce; nonce < seed.nonce + 400 && target < 0; nonce++) {
      const s = startBlackjack(fairFloats(seed.server_seed, seed.client_seed, nonce), { amount: 1000 });
      if (s.phase === 'playing' && legalBlackjackActions(s).includes('split')) target = nonce;
    }
    expect(target).toBeGreaterThanOrEqual(0);
    for (let nonce = seed.nonce; nonce < target; nonce++) {
      await call('POST', '/wps/inhouse/dice/play', m.token, {
        requestId: rid(),
        amount: '1.00',
        target: 50,
        direction: 'over',
      });
    }
    const before = await cash(m.id);
    const deal = await call('POST', '/wps/inhouse/blackjack/play', m.token, {
      requestId: rid(),
      amount: '10.00',
    });
    expect(deal.body.value.nonce).toBe(target);
    const roundId = deal.body.value.roundId as string;
    let state = (
      await call('POST', '/wps/inhouse/blackjack/action', m.token, {
        requestId: rid(),
        roundId,
        action: 'split',
      })
    ).body.value;
    expect((state.outcome as BlackjackState).hands).toHaveLength(2);
    expect(state.stake).toBe('20.00');
    while (state.status === 'open') {
      state = (
        await call('POST', '/wps/inhouse/blackjack/action', m.token, {
          requestId: rid(),
          roundId,
          action: 'stand',
        })
      ).body.value;
    }
    const payout = BigInt(Math.round(Number(state.payout) * 100));
    expect(await cash(m.id)).toBe(before - 2000n + payout);
    const rows = await query<{ stake: string }>('select stake::text from bets where round_id = $1', [
      roundId,
    ]);
    expect(rows).toEqual([{ stake: '2000' }]);
    const hands = (state.outcome as BlackjackState).hands;
    expect(cardValue(hands[0]!.cards[0]!)).toBe(cardValue(hands[1]!.cards[0]!));
  });

  it('plays mines: reveals, cash-out pays the multiplier, the mines show only at the end', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 100_000n);
    const start = await call('POST', '/wps/inhouse/mines/play', m.token, {
      requestId: rid(),
      amount: '10.00',
      mines: 3,
    });
    expect(start.body.value.status).toBe('open');
    expect((start.body.value.outcome as { minePositions: unknown }).minePositions).toBeNull();
    const roundId = start.body.value.roundId as string;
    const seed = await seedRow(m.id);
    void seed;
    const cashOutEarly = await call('POST', '/wps/inhouse/mines/action', m.token, {
      requestId: rid(),
      roundId,
      action: { type: 'cashOut' },
    });
    expect(cashOutEarly.status).toBe(400);
    let state = start.body.value;
    for (let cell = 0; cell < 25 && state.status === 'open'; cell++) {
      state = (
        await call('POST', '/wps/inhouse/mines/action', m.token, {
          requestId: rid(),
          roundId,
          action: { type: 'reveal', cell },
        })
      ).body.value;
      if (state.status === 'open' && (state.outcome as { revealed: number[] }).revealed.length === 2) {
        state = (
          await call('POST', '/wps/inhouse/mines/action', m.token, {
            requestId: rid(),
            roundId,
            action: { type: 'cashOut' },
          })
        ).body.value;
      }
    }
    expect(state.status).toBe('settled');
    expect((state.outcome as { minePositions: number[] }).minePositions).toHaveLength(3);
  });

  it('property: any round replays from its proof to the same outcome and payout', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 100_000_000n);
    const bodies = fc.oneof(
      fc.record({
        game: fc.constant('dice' as const),
        body: fc.record({
          amount: fc.integer({ min: 1, max: 500 }).map((a) => `${a}.00`),
          target: fc.integer({ min: 100, max: 9800 }).map((x) => x / 100),
          direction: fc.constantFrom('over', 'under'),
        }),
      }),
      fc.record({
        game: fc.constant('roulette' as const),
        body: fc.record({
          bets: fc.array(
            fc.oneof(
              fc.record({
                type: fc.constant('straight'),
                numbers: fc.integer({ min: 0, max: 36 }).map((x) => [x]),
                amount: fc.constant('10.00'),
              }),
              fc.record({
                type: fc.constantFrom('red', 'black', 'odd', 'even', 'low', 'high'),
                amount: fc.constant('10.00'),
              }),
              fc.record({
                type: fc.constantFrom('dozen', 'column'),
                numbers: fc.constantFrom([1], [2], [3]),
                amount: fc.constant('10.00'),
              }),
            ),
            { minLength: 1, maxLength: 5 },
          ),
        }),
      }),
      fc.record({
        game: fc.constant('plinko' as const),
        body: fc.record({
          amount: fc.constant('1.00'),
          rows: fc.integer({ min: 8, max: 16 }),
          risk: fc.constantFrom('low', 'medium', 'high'),
        }),
      }),
      fc.record({
        game: fc.constant('keno' as const),
        body: fc.record({
          amount: fc.constant('1.00'),
          picks: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        }),
      }),
      fc.record({
        game: fc.constantFrom('video-slot' as const, 'classic-slot' as const),
        body: fc.record({ amount: fc.constant('2.00') }),
      }),
      fc.record({
        game: fc.constant('sicbo' as const),
        body: fc.record({
          bets: fc.constant([
            { type: 'big', amount: '10.00' },
            { type: 'total', total: 10, amount: '10.00' },
          ]),
        }),
      }),
      fc.record({
        game: fc.constantFrom('baccarat' as const),
        body: fc.record({
          bets: fc.constant([
            { type: 'banker', amount: '10.00' },
            { type: 'playerPair', amount: '10.00' },
          ]),
        }),
      }),
      fc.record({
        game: fc.constantFrom('dragon-tiger' as const),
        body: fc.record({
          bets: fc.constant([
            { type: 'dragon', amount: '10.00' },
            { type: 'suitedTie', amount: '10.00' },
          ]),
        }),
      }),
      fc.record({
        game: fc.constant('rotate' as const),
        body: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /^[\x20-\x7e]+$/.test(s)),
      }),
    );
    const played: string[] = [];
    await fc.assert(
      fc.asyncProperty(bodies, async ({ game, body }) => {
        if (game === 'rotate') {
          const r = await call('PUT', '/wps/inhouse/seeds', m.token, { clientSeed: body });
          expect(r.status).toBe(200);
          return;
        }
        const r = await call('POST', `/wps/inhouse/${game}/play`, m.token, {
          requestId: rid(),
          ...(body as Json),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        played.push(r.body.value.roundId as string);
      }),
      { numRuns: 60, seed: 11 },
    );
    await call('PUT', '/wps/inhouse/seeds', m.token, {});
    for (const roundId of played) {
      const d = (await call('GET', `/wps/inhouse/rounds/${roundId}`, m.token)).body.value;
      const proof = d.proof as { serverSeed: string; clientSeed: string; nonce: number };
      expect(proof.serverSeed).not.toBeNull();
      const replay = replayRound(proof, { game: d.game, bet: d.bet } as ReplayInput);
      expect(replay.outcome).toEqual(d.outcome);
      expect((replay.payout / 100).toFixed(2)).toBe(d.payout);
      expect((replay.stake / 100).toFixed(2)).toBe(d.stake);
    }
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });
});
