import type { CrashServerFrame } from '@wps/contract';
import { crashPointHundredths, verifyChainHash } from '@wps/games';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SOCKET_TRY_LATER } from '../../http/socket-gate.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { CrashService, crashAfterMs, multiplierAt, TICK_FRAME_MS } from './crash-service.ts';
import { CRASH_SOCKETS } from './crash-routes.ts';

type Json = Record<string, unknown>;

/** A socket that queues what it receives; `next` waits for the first frame matching. */
class Client {
  private frames: CrashServerFrame[] = [];
  private waiters: Array<{ pred: (f: CrashServerFrame) => boolean; res: (f: CrashServerFrame) => void }> = [];
  /** The close code and reason the server sent (or 'not closed' after 4 s). */
  readonly closed: Promise<{ code: number; reason: string } | 'not closed'>;
  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((res) => {
      const timer = setTimeout(() => res('not closed'), 4000);
      ws.once('close', (code: number, reason: Buffer) => {
        clearTimeout(timer);
        res({ code, reason: reason.toString() });
      });
    });
    ws.on('message', (d: Buffer) => {
      const f = JSON.parse(d.toString()) as CrashServerFrame;
      const w = this.waiters.findIndex((x) => x.pred(f));
      if (w >= 0) this.waiters.splice(w, 1)[0]!.res(f);
      else this.frames.push(f);
    });
  }
  next<T extends CrashServerFrame['t']>(
    t: T,
    pred: (f: Extract<CrashServerFrame, { t: T }>) => boolean = () => true,
  ) {
    const p = (f: CrashServerFrame) => f.t === t && pred(f as Extract<CrashServerFrame, { t: T }>);
    const i = this.frames.findIndex(p);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0] as Extract<CrashServerFrame, { t: T }>);
    return new Promise<Extract<CrashServerFrame, { t: T }>>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no ${t} frame`)), 4000);
      this.waiters.push({
        pred: p,
        res: (f) => {
          clearTimeout(timer);
          res(f as Extract<CrashServerFrame, { t: T }>);
        },
      });
    });
  }
  send(x: unknown) {
    this.ws.send(typeof x === 'string' ? x : JSON.stringify(x));
  }
  /** Frames received and not taken by `next`, of one kind. */
  pending<T extends CrashServerFrame['t']>(t: T) {
    return this.frames.filter((f) => f.t === t) as Array<Extract<CrashServerFrame, { t: T }>>;
  }
}

describe('crash: shared rounds over the socket', () => {
  let t: TestApp;
  let now = 1_000_000;
  const clock = { now: () => now };
  let player: { id: number; token: string };
  let n = 0;
  const rid = () => `crash-${++n}-${Math.random().toString(36).slice(2, 8)}`;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];
  const cash = (id: number) => t.app.services.wallet.balance(Accounts.cash(id));

  beforeAll(async () => {
    t = await createTestApp();
    const crash = t.app.services.crash;
    crash.clock = clock;
    crash.timing = { bettingMs: 5000, pauseMs: 2000, chainLength: 2000 };
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = addr.replace(/^http/, 'ws');
    player = await createMember(t.app);
    await t.app.services.wallet.post({
      key: `fund:${player.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -10_000_000n },
        { account: Accounts.cash(player.id), amount: 10_000_000n },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  let base = '';
  /** A real client on a listening server: the upgrade goes through every hook as in production. */
  async function connect(token?: string) {
    const ws = new WebSocket(`${base}/wps/inhouse/crash/ws`, token ? { headers: { token } } : {});
    const c = new Client(ws);
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    return c;
  }
  const tick = () => t.app.services.crash.tick();

  /** Opens rounds until one whose point is at least `min` (the chain decides, we only skip). */
  async function roundWithPoint(min: number, max = Number.POSITIVE_INFINITY) {
    for (let i = 0; i < 500; i++) {
      const s = t.app.services.crash.state();
      if (!s || s.phase === 'crashed') {
        now += 10_000;
        await tick();
        continue;
      }
      const [row] = await query<{ point: number }>('select point from crash_rounds where id = $1', [
        s.roundId,
      ]);
      if (s.phase === 'betting' && row!.point >= min && row!.point <= max) return { ...s, point: row!.point };
      now = s.startsAt + crashAfterMs(row!.point) + 1;
      await tick();
      await tick();
    }
    throw new Error('no such round');
  }
  const fly = async (ms: number) => {
    const s = t.app.services.crash.state()!;
    now = s.startsAt + ms;
    await tick();
    await tick();
  };

  it('publishes the chain; every point comes from its hash and the hash chains to the published one', async () => {
    await tick();
    const chain = (await t.app.inject({ url: '/wps/inhouse/crash/chain' })).json().value;
    expect(chain.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    // A point the flight reaches within the minute we move the clock (the chain may draw 50x).
    await roundWithPoint(100, 1000);
    now += 60_000;
    await tick();
    await tick();
    const list = (await t.app.inject({ url: '/wps/inhouse/crash/rounds?limit=5' })).json().value.rounds;
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) {
      const proof = (await t.app.inject({ url: `/wps/inhouse/crash/rounds/${r.roundId}` })).json().value;
      // The point comes from the revealed hash with the chain's published salt.
      expect(proof.salt).toMatch(/^[0-9a-f]{64}$/);
      expect(crashPointHundredths(proof.hash, proof.salt)).toBe(proof.point);
      expect(verifyChainHash(proof.hash, chain.terminatingHash, 5000)).toBe(proof.distance);
    }
    // A round still in flight does not reveal its hash or point.
    const s = t.app.services.crash.state()!;
    const live = (await t.app.inject({ url: `/wps/inhouse/crash/rounds/${s.roundId}` })).json().value;
    if (s.phase !== 'crashed') expect(live.hash).toBeNull();
    expect((await t.app.inject({ url: '/wps/inhouse/crash/rounds/abc' })).statusCode).toBe(400);
    // The socket's path over plain HTTP (no upgrade) is a 4xx, never a 500.
    const plain = await t.app.inject({ url: '/wps/inhouse/crash/ws' });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.statusCode).toBeLessThan(500);
    expect((await t.app.inject({ url: '/wps/inhouse/crash/rounds/999999' })).statusCode).toBe(404);
  });

  it('the multiplier curve and its crash time agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 1_000_000 }), (p) => {
        const at = crashAfterMs(p);
        return multiplierAt(at) >= p && multiplierAt(at - 1) < p;
      }),
    );
  });

  it(`the flight's tick frame is a heartbeat: at most one every ${TICK_FRAME_MS} ms, whatever the loop's pace`, async () => {
    const r = await roundWithPoint(300); // a flight of 18 s and more
    const ticks: number[] = [];
    const off = t.app.services.crash.on((f) => {
      if (f.t === 'tick') ticks.push(now);
    });
    try {
      // The driver's pace: a loop turn every 50 ms through the first 3.5 s of the flight, where
      // the multiplier moves on every few turns.
      for (let ms = 0; ms <= 3500; ms += 50) {
        now = r.startsAt + ms;
        await tick();
      }
    } finally {
      off();
    }
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < ticks.length; i++)
      expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(TICK_FRAME_MS);
  });

  it('bet, then a manual cash-out at the server clock pays stake × multiplier; balance and bets record agree', async () => {
    const c = await connect(player.token);
    const r = await roundWithPoint(300);
    const before = await cash(player.id);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '10.00' });
    const bet = await c.next('bet');
    expect(bet.bet.status).toBe('open');
    expect(await cash(player.id)).toBe(before - 1000n);
    await fly(crashAfterMs(200) + 5); // the server's clock says 2.00× now
    const m = multiplierAt(crashAfterMs(200) + 5);
    // The limits cache has expired: settling must not query outside its transaction (PGlite has
    // one connection; that hung the loop once).
    (t.app.services.crash as unknown as { settings: { forget(): void } }).settings.forget();
    c.send({ t: 'cashout', slot: 0, at: 99999 }); // whatever the client claims is ignored
    const won = await c.next('settled', (f) => f.bet.betId === bet.bet.betId);
    expect(won.bet.status).toBe('won');
    expect(won.bet.cashout).toBe(m);
    expect(won.bet.payout).toBe(((1000 * m) / 100 / 100).toFixed(2));
    expect(await cash(player.id)).toBe(before - 1000n + BigInt(Math.floor((1000 * m) / 100)));
    const [rec] = await query<{ stake: string; payout: string }>(
      'select valid_stake::text as stake, payout::text as payout from bets where round_id = $1',
      [`crash${bet.bet.betId}`],
    );
    expect(rec).toEqual({ stake: '1000', payout: String(Math.floor((1000 * m) / 100)) });
    expect(r.point).toBeGreaterThanOrEqual(300);
    c.ws.terminate();
  });

  it("a manual cash-out reaches the member's other tabs; the tab that sent it is answered once", async () => {
    const tab1 = await connect(player.token);
    const tab2 = await connect(player.token);
    await roundWithPoint(300);
    tab1.send({ t: 'bet', requestId: rid(), slot: 1, amount: '2.00' });
    const bet = await tab1.next('bet');
    await fly(crashAfterMs(150) + 1);
    tab1.send({ t: 'cashout', slot: 1 });
    const mine = await tab1.next('settled', (f) => f.bet.betId === bet.bet.betId);
    const other = await tab2.next('settled', (f) => f.bet.betId === bet.bet.betId);
    expect(other.bet).toMatchObject({ status: 'won', cashout: mine.bet.cashout });
    await expect(tab1.next('settled', (f) => f.bet.betId === bet.bet.betId)).rejects.toThrow(
      'no settled frame',
    );
    tab1.ws.terminate();
    tab2.ws.terminate();
  });

  it('auto cash-out pays at the target; the second bet without one loses at the crash', async () => {
    const c = await connect(player.token);
    const r = await roundWithPoint(200, 5000);
    const before = await cash(player.id);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '5.00', autoCashout: 150 });
    c.send({ t: 'bet', requestId: rid(), slot: 1, amount: '2.00' });
    const b1 = await c.next('bet', (f) => f.bet.slot === 0);
    const b2 = await c.next('bet', (f) => f.bet.slot === 1);
    // A third bet in a taken slot is refused; the round goes on.
    c.send({ t: 'bet', requestId: rid(), slot: 1, amount: '2.00' });
    expect((await c.next('error')).code).toBe('CONFLICT');
    await fly(crashAfterMs(160));
    const auto = await c.next('settled', (f) => f.bet.betId === b1.bet.betId);
    expect(auto.bet).toMatchObject({ status: 'won', cashout: 150, payout: '7.50' });
    now = r.startsAt + crashAfterMs(r.point) + 1;
    await tick();
    const lost = await c.next('settled', (f) => f.bet.betId === b2.bet.betId);
    expect(lost.bet).toMatchObject({ status: 'lost', payout: '0.00' });
    const crashed = await c.next('crash', (f) => f.round.roundId === r.roundId);
    expect(crashed.round.point).toBe(r.point);
    // Cash-out after the crash (by the server's clock) is too late.
    c.send({ t: 'cashout', slot: 1 });
    expect((await c.next('error')).code).toBe('CONFLICT');
    expect(await cash(player.id)).toBe(before - 700n + 750n);
    c.ws.terminate();
  });

  it('a manual cash-out past the auto target, before the loop ticked, lands at the target', async () => {
    const c = await connect(player.token);
    const r = await roundWithPoint(300);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '2.00', autoCashout: 120 });
    const b = await c.next('bet');
    const s = t.app.services.crash.state()!;
    now = s.startsAt + crashAfterMs(180); // no tick since the start: the auto cash-out is not done yet
    c.send({ t: 'cashout', slot: 0 });
    const won = await c.next('settled', (f) => f.bet.betId === b.bet.betId);
    expect(won.bet).toMatchObject({ status: 'won', cashout: 120, payout: '2.40' });
    now = r.startsAt + crashAfterMs(r.point) + 1;
    await tick();
    await tick();
    c.ws.terminate();
  });

  it('a cash-out when the server clock has passed the crash point loses, even before the crash tick', async () => {
    const c = await connect(player.token);
    const r = await roundWithPoint(150, 1000);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '1.00' });
    const b = await c.next('bet');
    await fly(10);
    now = r.startsAt + crashAfterMs(r.point); // no tick: the loop has not noticed yet
    c.send({ t: 'cashout', slot: 0 });
    const e = await c.next('error');
    expect(e.message).toMatch(/Too late/);
    await tick();
    expect((await c.next('settled', (f) => f.bet.betId === b.bet.betId)).bet.status).toBe('lost');
    c.ws.terminate();
  });

  it('idempotent by requestId: a retried bet is taken once; another bet under it is a conflict', async () => {
    const c = await connect(player.token);
    await roundWithPoint(100);
    const before = await cash(player.id);
    const id = rid();
    c.send({ t: 'bet', requestId: id, slot: 0, amount: '3.00' });
    c.send({ t: 'bet', requestId: id, slot: 0, amount: '3.00' });
    const a = await c.next('bet');
    const b = await c.next('bet');
    expect(a.bet.betId).toBe(b.bet.betId);
    expect(await cash(player.id)).toBe(before - 300n);
    c.send({ t: 'bet', requestId: id, slot: 0, amount: '4.00' });
    expect((await c.next('error')).code).toBe('IDEMPOTENCY_CONFLICT');
    c.ws.terminate();
  });

  it('malformed frames get an error frame; the socket and the round go on', async () => {
    const c = await connect(player.token);
    const s = await roundWithPoint(100);
    for (const bad of [
      'not json',
      '{"t":"bet"}',
      '{"t":"bet","requestId":"short","slot":0,"amount":"1.00"}',
      '{"t":"bet","requestId":"abcdefgh1","slot":5,"amount":"1.00"}',
      '{"t":"bet","requestId":"abcdefgh2","slot":0,"amount":"-1"}',
      '{"t":"cashout","slot":"x"}',
      '{"t":"nope"}',
      'x'.repeat(5000),
      '[]',
      'null',
    ]) {
      c.send(bad);
      const e = await c.next('error');
      expect(e.code).toBe('VALIDATION');
    }
    c.ws.send(Buffer.from([0, 1, 2]), { binary: true });
    expect((await c.next('error')).code).toBe('VALIDATION');
    c.send({ t: 'ping' });
    expect((await c.next('pong')).serverNow).toBe(now);
    expect(t.app.services.crash.state()!.roundId).toBe(s.roundId);
    c.ws.terminate();
  });

  it('watchers may not bet; betting outside the window is refused', async () => {
    const anon = await connect();
    const hello = await anon.next('hello');
    expect(hello.member).toBe(false);
    anon.send({ t: 'bet', requestId: rid(), slot: 0, amount: '1.00' });
    expect((await anon.next('error')).code).toBe('UNAUTHORIZED');
    anon.ws.terminate();
    const c = await connect(player.token);
    await roundWithPoint(300);
    await fly(100);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '1.00' });
    expect((await c.next('error')).code).toBe('CONFLICT');
    c.ws.terminate();
  });

  it('watchers from one address hold at most 20 sockets; a member counts on their own', async () => {
    const closed = (ws: WebSocket) => new Promise<number>((res) => ws.once('close', (c) => res(c)));
    const watchers: Client[] = [];
    for (let i = 0; i < CRASH_SOCKETS.perCaller; i++) watchers.push(await connect());
    const over = new WebSocket(`${base}/wps/inhouse/crash/ws`);
    expect(await closed(over)).toBe(SOCKET_TRY_LATER.code);
    const member = await connect(player.token);
    expect((await member.next('hello')).member).toBe(true);
    for (const c of [...watchers, member]) c.ws.terminate();
  });

  it('a trial player bets play money only', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const c = await connect(trial.token);
    await roundWithPoint(100);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '1.00' });
    const b = await c.next('bet');
    expect(b.bet.status).toBe('open');
    expect(await cash(trial.id)).toBe(0n);
    const [row] = await query<{ trial: boolean }>('select trial from crash_bets where id = $1', [
      b.bet.betId,
    ]);
    expect(row!.trial).toBe(true);
    c.ws.terminate();
  });

  it('money is conserved over many rounds of random bets and cash-outs', async () => {
    const c = await connect(player.token);
    const start = await cash(player.id);
    let paidIn = 0n;
    let paidOut = 0n;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 5000 }),
        fc.option(fc.integer({ min: 101, max: 400 }), { nil: null }),
        fc.integer({ min: 0, max: 40_000 }),
        async (amount, auto, cashAt) => {
          const r = await roundWithPoint(100);
          c.send({
            t: 'bet',
            requestId: rid(),
            slot: 0,
            amount: (amount / 100).toFixed(2),
            autoCashout: auto,
          });
          const b = await c.next('bet');
          paidIn += BigInt(amount);
          now = r.startsAt + cashAt;
          await tick();
          c.send({ t: 'cashout', slot: 0 });
          await Promise.race([c.next('settled', (f) => f.bet.betId === b.bet.betId), c.next('error')]);
          now = r.startsAt + crashAfterMs(r.point) + 1;
          await tick();
          const [row] = await query<{ payout: string; status: string; cashout: number | null }>(
            'select payout::text, status, cashout from crash_bets where id = $1',
            [b.bet.betId],
          );
          expect(row!.status).not.toBe('open');
          if (row!.status === 'won') {
            expect(row!.cashout!).toBeLessThanOrEqual(r.point);
            expect(BigInt(row!.payout)).toBe(BigInt(Math.floor((amount * row!.cashout!) / 100)));
          }
          paidOut += BigInt(row!.payout);
        },
      ),
      { numRuns: 15 },
    );
    expect(await cash(player.id)).toBe(start - paidIn + paidOut);
    c.ws.terminate();
  });

  it('a burst of bets and cash-outs from many players: batched, each answered alone, a bet without funds refused alone', async () => {
    const crash = t.app.services.crash;
    const players = await Promise.all(Array.from({ length: 24 }, () => createMember(t.app)));
    await Promise.all(
      players.map((p, i) =>
        t.app.services.wallet.post({
          key: `fund-burst:${p.id}`,
          reason: 'deposit',
          postings: [
            { account: Accounts.clearing('BANK'), amount: i === 5 ? -50n : -5000n },
            { account: Accounts.cash(p.id), amount: i === 5 ? 50n : 5000n },
          ],
        }),
      ),
    );
    const r = await roundWithPoint(300);
    const principal = (id: number) =>
      ({ kind: 'member', memberId: id, role: 'player', sessionId: 0 }) as never;
    const bets = await Promise.allSettled(
      players.map((p, i) =>
        crash.placeBet(principal(p.id), { requestId: `burst-${i}`, slot: 0, amount: '10.00' }),
      ),
    );
    expect(bets.filter((b) => b.status === 'fulfilled')).toHaveLength(23);
    const refused = bets[5] as PromiseRejectedResult;
    expect(refused.status).toBe('rejected');
    expect((refused.reason as { code: string }).code).toBe('INSUFFICIENT_FUNDS');
    expect(await cash(players[5]!.id)).toBe(50n);
    const [{ n: rows }] = (await query<{ n: number }>(
      'select count(*)::int as n from crash_bets where round_id = $1 and member_id = $2',
      [r.roundId, players[5]!.id],
    )) as [{ n: number }];
    expect(rows).toBe(0);
    await fly(crashAfterMs(150) + 1);
    const m = multiplierAt(crashAfterMs(150) + 1);
    const outs = await Promise.all(
      players.filter((_, i) => i !== 5).map((p) => crash.cashOut(principal(p.id), { slot: 0 })),
    );
    for (const o of outs) expect(o).toMatchObject({ status: 'won', cashout: m });
    for (const [i, p] of players.entries())
      if (i !== 5) expect(await cash(p.id)).toBe(5000n - 1000n + BigInt(Math.floor((1000 * m) / 100)));
    // The operator's GGR reads the bets record: crash bets count there beside the other games.
    const crashGgr = (await t.app.services.inhouse.rounds.ggr({})).games.find((g) => g.game === 'crash');
    expect(crashGgr?.rounds).toBeGreaterThanOrEqual(23);
  });

  /** A funded member with a session of their own. */
  async function funded(opts: { mustChangePassword?: boolean } = {}) {
    const m = await createMember(t.app);
    await t.app.services.wallet.post({
      key: `fund-session:${m.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -10_000n },
        { account: Accounts.cash(m.id), amount: 10_000n },
      ],
    });
    if (!opts.mustChangePassword) return m;
    const { token } = await t.app.services.auth.sessions.open({
      memberId: m.id,
      role: 'player',
      loginType: 'test',
      mustChangePassword: true,
    });
    return { ...m, token };
  }
  const betsOf = async (memberId: number) =>
    (
      await query<{ n: number }>('select count(*)::int as n from crash_bets where member_id = $1', [memberId])
    )[0]!.n;

  it('a socket whose session ends (logout elsewhere, freeze, self-exclusion) is closed with a reason; its bets are refused', async () => {
    await roundWithPoint(100); // the betting window stays open: the clock does not move
    // Logout from another tab, then a bet on the open socket.
    const p1 = await funded();
    const c1 = await connect(p1.token);
    await c1.next('hello');
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { token: p1.token },
    });
    expect(out.statusCode).toBe(200);
    c1.send({ t: 'bet', requestId: rid(), slot: 0, amount: '1.00' });
    expect(await c1.closed).toEqual({ code: 4001, reason: 'session ended' });
    expect(c1.pending('bet')).toEqual([]);
    expect(await betsOf(p1.id)).toBe(0);
    expect(await cash(p1.id)).toBe(10_000n);
    // The operator freezes the account.
    const p2 = await funded();
    const c2 = await connect(p2.token);
    await c2.next('hello');
    await t.app.services.members.setStatus(p2.id, 'disabled');
    expect(await c2.closed).toEqual({ code: 4001, reason: 'session ended' });
    // The player takes a time-out (player protection ends the member's sessions).
    const p3 = await funded();
    const c3 = await connect(p3.token);
    await c3.next('hello');
    await t.app.services.protection.exclusions.byPlayer(
      p3.id,
      { kind: 'timeout', days: 1, password: p3.password },
      null,
    );
    expect(await c3.closed).toEqual({ code: 4001, reason: 'session ended' });
    const e3 = c3.pending('error');
    expect(e3.map((e) => e.code)).toContain('UNAUTHORIZED');
  });

  it('a session under a forced password change may watch but not bet, and its socket closes when a change is forced on it', async () => {
    await roundWithPoint(100);
    const forced = await funded({ mustChangePassword: true });
    const c = await connect(forced.token);
    expect((await c.next('hello')).member).toBe(true);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '1.00' });
    const e = await c.next('error');
    expect(e.code).toBe('FORBIDDEN');
    expect(await betsOf(forced.id)).toBe(0);
    c.ws.terminate();
    // A session that is told to change its password while its socket is open.
    const p = await funded();
    const c2 = await connect(p.token);
    await c2.next('hello');
    await query('update sessions set must_change_password = true where member_id = $1', [p.id]);
    expect(await c2.closed).toEqual({ code: 4003, reason: 'password change required' });
  });

  it('maintenance refuses bets on a socket opened before it; cash-outs of bets taken still land', async () => {
    const p = await funded();
    const c = await connect(p.token);
    const r = await roundWithPoint(300);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '1.00' });
    const taken = await c.next('bet');
    await t.app.services.system.setMaintenance({ enabled: true, message: 'crash test' }, null);
    try {
      c.send({ t: 'bet', requestId: rid(), slot: 1, amount: '1.00' });
      expect((await c.next('error')).code).toBe('MAINTENANCE');
      await fly(crashAfterMs(150));
      c.send({ t: 'cashout', slot: 0, betId: taken.bet.betId });
      expect((await c.next('settled', (f) => f.bet.betId === taken.bet.betId)).bet.status).toBe('won');
    } finally {
      await t.app.services.system.setMaintenance({ enabled: false, message: null }, null);
    }
    expect(await betsOf(p.id)).toBe(1);
    now = r.startsAt + crashAfterMs(r.point) + 1;
    await tick();
    await tick();
    c.ws.terminate();
  });

  // Last: it replaces the running instance (the old one is fenced out for good).
  it('a round interrupted by a restart is void: its open bets are refunded, cash-outs taken stand, the old loop is fenced out', async () => {
    const c = await connect(player.token);
    const r = await roundWithPoint(300);
    const before = await cash(player.id);
    c.send({ t: 'bet', requestId: rid(), slot: 0, amount: '10.00' });
    c.send({ t: 'bet', requestId: rid(), slot: 1, amount: '5.00' });
    const b0 = await c.next('bet', (f) => f.bet.slot === 0);
    const b1 = await c.next('bet', (f) => f.bet.slot === 1);
    await fly(crashAfterMs(150) + 1);
    c.send({ t: 'cashout', slot: 0, betId: b0.bet.betId });
    const won = await c.next('settled', (f) => f.bet.betId === b0.bet.betId);
    expect(won.bet.status).toBe('won');
    // The process restarts mid-flight: a new instance over the same database leads with a new epoch.
    const old = t.app.services.crash;
    const restarted = new CrashService(t.database.db, t.app.services.inhouse, old.fairness, clock, {
      bettingMs: 5000,
      pauseMs: 2000,
      chainLength: 2000,
    });
    const frames: CrashServerFrame[] = [];
    restarted.on((f) => frames.push(f));
    await restarted.tick();
    await restarted.tick();
    const [bet1] = await query<{ status: string; payout: string; cashout: number | null }>(
      'select status, payout::text, cashout from crash_bets where id = $1',
      [b1.bet.betId],
    );
    expect(bet1).toEqual({ status: 'void', payout: '500', cashout: null });
    const [round] = await query<{ status: string; voided: boolean }>(
      'select status, voided_at is not null as voided from crash_rounds where id = $1',
      [r.roundId],
    );
    expect(round).toEqual({ status: 'crashed', voided: true });
    const crashFrame = frames.find((f) => f.t === 'crash');
    expect(crashFrame && crashFrame.t === 'crash' && crashFrame.round).toMatchObject({
      roundId: r.roundId,
      voided: true,
    });
    const win = BigInt(Math.floor((1000 * won.bet.cashout!) / 100));
    expect(await cash(player.id)).toBe(before - 1500n + win + 500n);
    const [line] = await query<{ stake: string; payout: string; valid: string }>(
      'select stake::text, payout::text, valid_stake::text as valid from bets where round_id = $1',
      [`crash${b1.bet.betId}`],
    );
    expect(line).toEqual({ stake: '500', payout: '500', valid: '0' });
    // The proof shows the round as void, its hash revealed.
    const proof = (await t.app.inject({ url: `/wps/inhouse/crash/rounds/${r.roundId}` })).json().value;
    expect(proof).toMatchObject({ voided: true, point: r.point });
    expect(proof.hash).toMatch(/^[0-9a-f]{64}$/);
    // The old instance's loop goes on a moment: its next round write is refused and it steps down.
    now = r.startsAt + crashAfterMs(r.point) + 1;
    await old.tick();
    expect(old.leader).toBe(false);
    const rounds = await query<{ n: number }>('select count(*)::int as n from crash_rounds where id > $1', [
      r.roundId,
    ]);
    expect(rounds[0]!.n).toBe(0);
    // The restarted instance opens the next round after the pause.
    now += 2001;
    await restarted.tick();
    expect(restarted.state()).toMatchObject({ phase: 'betting' });
    expect(restarted.state()!.roundId).toBeGreaterThan(r.roundId);
    c.ws.terminate();
  });
});

export type { Json };
