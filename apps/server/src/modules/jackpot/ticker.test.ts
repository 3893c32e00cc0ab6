import { JACKPOT_WS_PATH } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { SOCKET_TRY_LATER } from '../../http/socket-gate.ts';
import { JACKPOT_SOCKETS } from './routes.ts';
import { JackpotTicker } from './ticker.ts';

const pool = (amount: string) => ({ id: 1, name: 'P', amount, games: ['dice'], vendor: 'INHOUSE' });

describe('JackpotTicker', () => {
  it('one read for every socket, a frame only when the pools changed, nothing read with no socket open', async () => {
    let amount = '1.00';
    let reads = 0;
    const ticker = new JackpotTicker(async () => {
      reads++;
      return { pools: [pool(amount)] };
    }, 60_000);
    const a: string[] = [];
    const b: string[] = [];
    const offA = ticker.add((f) => a.push(f));
    const offB = ticker.add((f) => b.push(f));
    await ticker.tick();
    expect(a.map((f) => JSON.parse(f).pools[0].amount)).toEqual(['1.00']);
    expect(b).toHaveLength(1);
    amount = '2.50';
    await ticker.tick();
    await ticker.tick();
    expect(a.map((f) => JSON.parse(f).pools[0].amount)).toEqual(['1.00', '2.50']);
    expect(JSON.parse(b.at(-1)!)).toEqual({ t: 'pools', pools: [pool('2.50')] });
    offA();
    offB();
    const before = reads;
    expect(ticker.size).toBe(0);
    ticker.close();
    expect(reads).toBe(before);
  });

  it('a failed read keeps the last figure and pushes nothing', async () => {
    let fail = false;
    const ticker = new JackpotTicker(async () => {
      if (fail) throw new Error('database away');
      return { pools: [pool('5.00')] };
    }, 60_000);
    const got: string[] = [];
    ticker.add((f) => got.push(f));
    await ticker.tick();
    fail = true;
    await ticker.tick();
    expect(got).toHaveLength(1);
    ticker.close();
  });
});

describe(`${JACKPOT_WS_PATH}: the ticker's socket on a listening server`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createOperator(t.app, { permissions: ['*'] });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/wps/admin/jackpot/pools/1',
      headers: { token: admin.token },
      payload: { enabled: true, sharePercent: '2', seedAmount: '500.00' },
    });
    expect(res.statusCode).toBe(200);
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = addr.replace('http', 'ws');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the pools at open, then the new figure when the ledger moves, to a visitor with no session', async () => {
    const ws = new WebSocket(`${base}${JACKPOT_WS_PATH}`);
    const frames: Array<{ t: string; pools: Array<{ id: number; amount: string }> }> = [];
    const next = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no frame ${n} in 8 s`)), 8_000);
        const check = () => {
          if (frames.length >= n) {
            clearTimeout(timer);
            resolve();
          } else setTimeout(check, 20);
        };
        check();
      });
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await next(1);
    expect(frames[0]).toEqual({ t: 'pools', pools: [expect.objectContaining({ id: 1, amount: '500.00' })] });
    // Anything the client sends is ignored; the socket stays open.
    ws.send('{"t":"bet"}');
    // A top-up the way an operator's seed arrives: through the ledger.
    const member = await createMember(t.app);
    await t.app.services.wallet.post({
      key: `ticker-test:${member.id}`,
      reason: 'adjustment',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -12_345n },
        { account: Accounts.jackpot(1), amount: 12_345n },
      ],
    });
    await next(2);
    expect(frames[1]!.pools[0]!.amount).toBe('623.45');
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('visitors from one address hold at most 20 ticker sockets; a member counts on their own', async () => {
    const opened = (ws: WebSocket) =>
      new Promise<void>((res, rej) => {
        ws.once('message', () => res());
        ws.once('close', (c) => rej(new Error(`closed ${c}`)));
      });
    const closed = (ws: WebSocket) => new Promise<number>((res) => ws.once('close', (c) => res(c)));
    const visitors: WebSocket[] = [];
    for (let i = 0; i < JACKPOT_SOCKETS.perCaller; i++) {
      const ws = new WebSocket(`${base}${JACKPOT_WS_PATH}`);
      await opened(ws);
      visitors.push(ws);
    }
    const over = new WebSocket(`${base}${JACKPOT_WS_PATH}`);
    expect(await closed(over)).toBe(SOCKET_TRY_LATER.code);
    const member = await createMember(t.app);
    const own = new WebSocket(`${base}${JACKPOT_WS_PATH}`, { headers: { token: member.token } });
    await opened(own);
    // A closed socket frees its place.
    const gone = visitors.pop()!;
    gone.close();
    await closed(gone);
    // The server frees it when it sees the close, which may be just after the client does.
    await expect
      .poll(async () => {
        const again = new WebSocket(`${base}${JACKPOT_WS_PATH}`);
        visitors.push(again);
        return opened(again).then(
          () => true,
          () => false,
        );
      })
      .toBe(true);
    for (const ws of [...visitors, own]) ws.terminate();
  });
});
