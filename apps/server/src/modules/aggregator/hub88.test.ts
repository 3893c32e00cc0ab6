import { randomUUID } from 'node:crypto';
import { runConformance, SIM_GAMES, sign, UNITS } from '@wps/sandbox-vendor/hub88-sim';
import { CURRENCY } from '@wps/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createOperator } from '../../test/members.ts';
import { conformanceFixture } from './fixture.ts';
import { imageUrlOf, importHub88Catalogue } from './games-api.ts';
import { HUB88_BASE } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('Hub88 wallet API: the simulator conformance cases', () => {
  it('passes every documented edge case', async () => {
    const results = await runConformance(t.app.hub88.simulator!, conformanceFixture(t.app), CURRENCY);
    const failed = results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.detail}`);
    expect(failed).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(14);
  }, 120_000);

  it('writes the rounds into the one bets record under vendor HUB88', async () => {
    const fx = conformanceFixture(t.app);
    const p = await fx.newPlayer(100);
    const r = await t.app.hub88.simulator!.playRound({
      user: p.user,
      token: p.token,
      gameCode: 'sim_lucky_sevens',
      stake: 10 * UNITS,
      payout: 30 * UNITS,
    });
    expect(r.win?.body.status).toBe('RS_OK');
    const rows = (await t.database.query(
      `select vendor, stake::text as stake, payout::text as payout from bets where round_id = $1`,
      [r.round],
    )) as Array<{ vendor: string; stake: string; payout: string }>;
    expect(rows.length).toBeGreaterThan(0);
    const stake = rows.reduce((s, x) => s + BigInt(x.stake), 0n);
    const payout = rows.reduce((s, x) => s + BigInt(x.payout), 0n);
    expect(rows.every((x) => x.vendor === 'HUB88')).toBe(true);
    expect([stake, payout]).toEqual([1000n, 3000n]);
  });

  it('refuses bets on a game the operator disabled (RS_ERROR_INVALID_GAME) but settles its open round', async () => {
    const fx = conformanceFixture(t.app);
    const sim = t.app.hub88.simulator!;
    const p = await fx.newPlayer(100);
    const [game] = (await t.database.query(
      `select id from games where game_code = 'sim_lucky_sevens' and vendor like 'H88_%'`,
    )) as Array<{ id: number }>;
    const op = await createOperator(t.app, { permissions: ['games'] });
    const setEnabled = async (enabled: boolean) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/wps/admin/games/${game!.id}`,
        headers: { token: op.token },
        payload: { enabled },
      });
      expect(res.statusCode).toBe(200);
      t.app.services.games.catalogue.invalidate();
    };
    const bet = (round: string) => ({
      user: p.user,
      transaction_uuid: randomUUID(),
      token: p.token,
      round,
      round_closed: false,
      request_uuid: randomUUID(),
      game_code: 'sim_lucky_sevens',
      currency: CURRENCY,
      amount: 10 * UNITS,
    });
    const open = bet(randomUUID());
    expect((await sim.call('transaction/bet', open)).body.status).toBe('RS_OK');
    await setEnabled(false);
    try {
      const refused = await sim.call('transaction/bet', bet(randomUUID()));
      expect(refused.body).toMatchObject({ status: 'RS_ERROR_INVALID_GAME', balance: 90 * UNITS });
      // The round whose stake was taken before the game was disabled still pays.
      const win = await sim.call('transaction/win', {
        ...open,
        transaction_uuid: randomUUID(),
        request_uuid: randomUUID(),
        reference_transaction_uuid: open.transaction_uuid,
        round_closed: true,
        amount: 20 * UNITS,
      });
      expect(win.body).toMatchObject({ status: 'RS_OK', balance: 110 * UNITS });
    } finally {
      await setEnabled(true);
    }
    expect((await sim.call('transaction/bet', bet(randomUUID()))).body.status).toBe('RS_OK');
  });

  it('refuses an unsigned call whatever session the caller has', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${HUB88_BASE}/transaction/bet`,
      payload: { user: 'x', request_uuid: 'r1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: 'r1' });
  });

  it('imports the simulator game list into the catalogue through the Games API (signed by us)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const out = await importHub88Catalogue(t.app.database.db, t.app.hub88.games!);
    expect(out.games).toBe(SIM_GAMES.length);
    const rows = (await t.database.query(
      `select vendor, game_code from games where vendor like 'H88_%' order by game_code`,
    )) as Array<{ vendor: string; game_code: string }>;
    expect(rows.map((r) => r.game_code)).toEqual(SIM_GAMES.map((g) => g.game_code).sort());
    // The provider's picture of each game is the one the game list answers (issue 27).
    t.app.services.games.catalogue.invalidate();
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_games?vassalage=H88_SIMSTUDIO&gameType=RNG&pageSize=10',
    });
    expect(list.json().value.content[0]).toMatchObject({
      gameCode: 'sim_lucky_sevens',
      iconUrl: '/aggregator-sim/hub88/img/sim_lucky_sevens.svg',
      lagerIcon: '/aggregator-sim/hub88/img/sim_lucky_sevens.svg',
    });
    const url = await t.app.hub88.games!.gameUrl({
      gameCode: 'sim_lucky_sevens',
      currency: 'XXX',
      lang: 'en',
      platform: 'GPL_DESKTOP',
    });
    expect(url.url).toMatch(/\/aggregator-sim\/hub88\/play\//);
    // A call not signed by us is refused by the simulator (games-api page: 401).
    const res = await fetch(
      `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/aggregator-sim/hub88/operator/generic/v2/game/list`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub88-signature': sign(t.app.hub88.keys.simulator!.aggregatorPrivateKey, '{}'),
        },
        body: '{}',
      },
    );
    expect(res.status).toBe(401);
  });

  it('launches an imported game: launch token → game session → simulator page → a round moves the balance', async () => {
    // (after the import test: the server listens and the catalogue holds the simulator's games)
    const fx = conformanceFixture(t.app);
    const p = await fx.newPlayer(100);
    const member = await t.app.services.members.getByAccount(p.user);
    const { token } = await t.app.services.auth.sessions.open({
      memberId: member!.id,
      role: 'player',
      loginType: 'test',
    });
    const [game] = (await t.database.query(
      `select id from games where game_code = 'sim_lucky_sevens'`,
    )) as Array<{
      id: number;
    }>;
    const launch = await t.app.inject({ url: `/wps/game/launchGame?gameId=${game!.id}`, headers: { token } });
    expect(launch.statusCode).toBe(200);
    const open = await t.app.inject({ url: launch.json().value.url });
    expect(open.statusCode).toBe(302);
    const page = String(open.headers.location);
    expect(page).toMatch(/^\/aggregator-sim\/hub88\/play\//);
    expect((await t.app.inject({ url: page })).body).toContain('Lucky Sevens');
    // The launch token is single use.
    expect((await t.app.inject({ url: launch.json().value.url })).statusCode).toBe(401);
    const port = (t.app.server.address() as { port: number }).port;
    const spin = (await (await fetch(`http://127.0.0.1:${port}${page}/spin`, { method: 'POST' })).json()) as {
      status: string;
      stake: number;
      payout: number;
      balance: number;
    };
    expect(spin.status).toBe('RS_OK');
    expect(spin.balance).toBe(100 - spin.stake + spin.payout);
    const bal = await t.app.services.seamless.balance('HUB88', p.user);
    expect(Number(bal.value.balance)).toBe(spin.balance);
  });
});

/**
 * A random stream of bets, wins, rollbacks and duplicates leaves the balance equal to a model's.
 * Each bet i has its own round and amount; win j and rollback k name a fixed bet; replays resend a
 * request with its request_uuid (duplicate) or with a new one (a retry of the same transaction).
 */
describe('Hub88 wallet API: balance model', () => {
  type Op = { kind: 'bet' | 'win' | 'rollback'; i: number; fresh: boolean };
  const opArb = fc.record({
    kind: fc.constantFrom('bet', 'win', 'rollback') as fc.Arbitrary<Op['kind']>,
    i: fc.integer({ min: 0, max: 4 }),
    fresh: fc.boolean(),
  });

  it('keeps the balance equal to the model', async () => {
    const fx = conformanceFixture(t.app);
    const sim = t.app.hub88.simulator!;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const p = await fx.newPlayer(50);
        const run = randomUUID();
        const betAmount = (i: number) => (i + 1) * 7; // whole units: 7, 14, 21, 28, 35
        const winAmount = (i: number) => (i + 2) * 5;
        const requests = new Map<string, string>();
        const uuidFor = (key: string, fresh: boolean) => {
          if (fresh || !requests.has(key)) requests.set(key, randomUUID());
          return requests.get(key)!;
        };
        // The model (seamless rules: a bet above the balance is refused and remembered; a win needs a
        // live bet in its round; a rollback refunds a bet once unless its round paid; a rollback
        // first cancels the bet).
        let balance = 50;
        const bets = new Map<number, 'applied' | 'rejected' | 'rolled' | 'cancelled'>();
        const winsSeen = new Set<number>();
        const winRequests = new Set<string>();
        const rollbacksSeen = new Set<number>();
        const paid = new Set<number>();
        for (const op of ops) {
          const common = {
            user: p.user,
            token: p.token,
            game_code: 'sim_lucky_sevens',
            round: `${run}-r${op.i}`,
          };
          if (op.kind === 'bet') {
            await sim.call('transaction/bet', {
              ...common,
              transaction_uuid: `${run}-b${op.i}`,
              request_uuid: uuidFor(`b${op.i}`, op.fresh),
              currency: CURRENCY,
              amount: betAmount(op.i) * UNITS,
            });
            if (!bets.has(op.i)) {
              if (betAmount(op.i) > balance) bets.set(op.i, 'rejected');
              else {
                balance -= betAmount(op.i);
                bets.set(op.i, 'applied');
              }
            }
          } else if (op.kind === 'win') {
            const requestUuid = uuidFor(`w${op.i}`, op.fresh);
            // The same request_uuid again is the same request: its first answer is replayed, even
            // when that was "no such bet" and the bet has arrived since (a new request would pay).
            const repeated = winRequests.has(requestUuid);
            winRequests.add(requestUuid);
            await sim.call('transaction/win', {
              ...common,
              transaction_uuid: `${run}-w${op.i}`,
              reference_transaction_uuid: `${run}-b${op.i}`,
              request_uuid: requestUuid,
              currency: CURRENCY,
              amount: winAmount(op.i) * UNITS,
            });
            if (!repeated && !winsSeen.has(op.i) && bets.get(op.i) === 'applied') {
              winsSeen.add(op.i);
              paid.add(op.i);
              balance += winAmount(op.i);
            }
          } else {
            await sim.call('transaction/rollback', {
              ...common,
              transaction_uuid: `${run}-k${op.i}`,
              reference_transaction_uuid: `${run}-b${op.i}`,
              request_uuid: uuidFor(`k${op.i}`, op.fresh),
            });
            if (!rollbacksSeen.has(op.i)) {
              rollbacksSeen.add(op.i);
              const s = bets.get(op.i);
              if (s === undefined) bets.set(op.i, 'cancelled');
              else if (s === 'applied' && !paid.has(op.i)) {
                balance += betAmount(op.i);
                bets.set(op.i, 'rolled');
              }
            }
          }
        }
        const b = await sim.call('user/balance', {
          user: p.user,
          token: p.token,
          request_uuid: randomUUID(),
          game_code: 'sim_lucky_sevens',
        });
        expect(b.body.balance).toBe(balance * UNITS);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});

describe('a provider thumbnail in the catalogue (issue 27)', () => {
  it('keeps web URLs, resolves paths against the aggregator, and refuses anything else', () => {
    const base = 'https://api.aggregator.example/operator';
    expect(imageUrlOf('https://cdn.aggregator.example/g/1.png', base)).toBe(
      'https://cdn.aggregator.example/g/1.png',
    );
    expect(imageUrlOf('/img/1.png', base)).toBe('https://api.aggregator.example/img/1.png');
    expect(imageUrlOf('javascript:alert(1)', base)).toBeNull();
    expect(imageUrlOf('data:image/png;base64,AAAA', base)).toBeNull();
    expect(imageUrlOf(42, base)).toBeNull();
    expect(imageUrlOf(`https://x.example/${'a'.repeat(600)}`, base)).toBeNull();
    // The simulator is on our own site: its paths stay paths.
    expect(imageUrlOf('/aggregator-sim/hub88/img/a.svg', '')).toBe('/aggregator-sim/hub88/img/a.svg');
    expect(imageUrlOf('//evil.example/a.svg', '')).toBeNull();
    expect(imageUrlOf('https://evil.example/a.svg', '')).toBeNull();
  });
});
