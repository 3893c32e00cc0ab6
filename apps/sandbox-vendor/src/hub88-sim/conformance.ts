import { randomUUID } from 'node:crypto';
import { type Hub88Simulator, UNITS } from './simulator.ts';

/**
 * The documented edge cases of the Hub88 operator Wallet API, run by the simulator against an
 * operator's wallet (`npm run conformance:aggregator`, and the server's vitest suite).
 * Statuses: https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/seamless-wallet-response-statuses-operator-api
 * Requests: https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api
 */

export interface ConformanceFixture {
  /** A new player with `cash` whole currency units and an open game session token. */
  newPlayer(cash: number): Promise<{ user: string; token: string }>;
  disable(user: string): Promise<void>;
  expire(token: string): Promise<void>;
}

export interface CaseResult {
  name: string;
  ok: boolean;
  detail: string;
}

const GAME = 'sim_lucky_sevens';

class Failed extends Error {}
function expect(cond: boolean, what: string): asserts cond {
  if (!cond) throw new Failed(what);
}

export function conformanceCases(sim: Hub88Simulator, fx: ConformanceFixture, currency: string) {
  const bet = (p: { user: string; token: string }, o: Partial<Record<string, unknown>> = {}) => ({
    user: p.user,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: randomUUID(),
    token: p.token,
    round: randomUUID(),
    round_closed: false,
    request_uuid: randomUUID(),
    game_code: GAME,
    currency,
    bet: 'spin',
    amount: 10 * UNITS,
    meta: {},
    ...o,
  });
  const win = (
    p: { user: string; token: string },
    ref: { transaction_uuid: unknown; round: unknown },
    o: Partial<Record<string, unknown>> = {},
  ) => ({
    ...bet(p),
    reference_transaction_uuid: ref.transaction_uuid,
    round: ref.round,
    round_closed: true,
    amount: 25 * UNITS,
    ...o,
  });
  const rollback = (
    p: { user: string; token: string },
    ref: { transaction_uuid: unknown; round: unknown },
  ) => ({
    user: p.user,
    transaction_uuid: randomUUID(),
    token: p.token,
    round: ref.round,
    round_closed: true,
    request_uuid: randomUUID(),
    reference_transaction_uuid: ref.transaction_uuid,
    game_code: GAME,
    meta: {},
  });
  const balanceOf = async (p: { user: string; token: string }) => {
    const r = await sim.call('user/balance', {
      user: p.user,
      token: p.token,
      request_uuid: randomUUID(),
      game_code: GAME,
    });
    return r.body.balance as number;
  };
  const status = (r: { body: Record<string, unknown> }) => String(r.body.status);

  const cases: Array<[string, () => Promise<string>]> = [
    [
      'user/info and user/balance answer RS_OK, signed, with the request_uuid and balance in units of 1/100000',
      async () => {
        const p = await fx.newPlayer(100);
        const info = await sim.call('user/info', { user: p.user, request_uuid: 'info-1' });
        expect(status(info) === 'RS_OK' && info.body.user === p.user, `info ${JSON.stringify(info.body)}`);
        const b = await sim.call('user/balance', {
          user: p.user,
          token: p.token,
          request_uuid: 'bal-1',
          game_code: GAME,
        });
        expect(b.httpStatus === 200 && status(b) === 'RS_OK', `balance ${JSON.stringify(b.body)}`);
        expect(b.body.balance === 100 * UNITS && b.body.currency === currency, `balance ${b.body.balance}`);
        expect(
          b.body.request_uuid === 'bal-1' && b.signed && info.signed,
          'answers echo request_uuid and are signed',
        );
        return `balance ${b.body.balance}`;
      },
    ],
    [
      'a bet and its win move the balance once each',
      async () => {
        const p = await fx.newPlayer(100);
        const b = bet(p);
        const r1 = await sim.call('transaction/bet', b);
        expect(status(r1) === 'RS_OK' && r1.body.balance === 90 * UNITS, `bet ${JSON.stringify(r1.body)}`);
        const r2 = await sim.call('transaction/win', win(p, b));
        expect(status(r2) === 'RS_OK' && r2.body.balance === 115 * UNITS, `win ${JSON.stringify(r2.body)}`);
        return 'balance 100 → 90 → 115';
      },
    ],
    [
      'duplicate request (same request_uuid) is answered the same and applied once',
      async () => {
        const p = await fx.newPlayer(100);
        const b = bet(p);
        const r1 = await sim.call('transaction/bet', b);
        const r2 = await sim.call('transaction/bet', b);
        expect(
          JSON.stringify(r1.body) === JSON.stringify(r2.body),
          `${JSON.stringify(r1.body)} vs ${JSON.stringify(r2.body)}`,
        );
        expect((await balanceOf(p)) === 90 * UNITS, 'debited once');
        return `both ${status(r2)} balance ${r2.body.balance}`;
      },
    ],
    [
      'a win retried after a timeout (same transaction_uuid, new request_uuid) is credited once',
      async () => {
        const p = await fx.newPlayer(100);
        const b = bet(p);
        await sim.call('transaction/bet', b);
        const w = win(p, b);
        await sim.call('transaction/win', w);
        const retry = await sim.call('transaction/win', { ...w, request_uuid: randomUUID() });
        expect(status(retry) === 'RS_OK', `retry ${JSON.stringify(retry.body)}`);
        expect((await balanceOf(p)) === 115 * UNITS, 'credited once');
        return `retry RS_OK, balance ${115}`;
      },
    ],
    [
      'same transaction_uuid with another amount is RS_ERROR_DUPLICATE_TRANSACTION',
      async () => {
        const p = await fx.newPlayer(100);
        const b = bet(p);
        await sim.call('transaction/bet', b);
        const r = await sim.call('transaction/bet', { ...b, request_uuid: randomUUID(), amount: 20 * UNITS });
        expect(status(r) === 'RS_ERROR_DUPLICATE_TRANSACTION', JSON.stringify(r.body));
        expect((await balanceOf(p)) === 90 * UNITS, 'nothing more debited');
        return status(r);
      },
    ],
    [
      'rollback before its bet: RS_OK, recorded, and the late bet is refused with nothing debited',
      async () => {
        const p = await fx.newPlayer(100);
        const b = bet(p);
        const rb = await sim.call('transaction/rollback', rollback(p, b));
        expect(
          status(rb) === 'RS_OK' && rb.body.balance === 100 * UNITS,
          `rollback ${JSON.stringify(rb.body)}`,
        );
        const late = await sim.call('transaction/bet', b);
        expect(status(late) === 'RS_ERROR_DUPLICATE_TRANSACTION', `late bet ${JSON.stringify(late.body)}`);
        expect((await balanceOf(p)) === 100 * UNITS, 'nothing debited');
        return `late bet ${status(late)}`;
      },
    ],
    [
      'rollback of a bet refunds it once (a second rollback moves nothing)',
      async () => {
        const p = await fx.newPlayer(100);
        const b = bet(p);
        await sim.call('transaction/bet', b);
        const r1 = await sim.call('transaction/rollback', rollback(p, b));
        const r2 = await sim.call('transaction/rollback', rollback(p, b));
        expect(status(r1) === 'RS_OK' && r1.body.balance === 100 * UNITS, JSON.stringify(r1.body));
        expect(status(r2) === 'RS_OK' && (await balanceOf(p)) === 100 * UNITS, JSON.stringify(r2.body));
        return 'refunded once';
      },
    ],
    [
      'win after rollback is RS_ERROR_TRANSACTION_DOES_NOT_EXIST and credits nothing',
      async () => {
        const p = await fx.newPlayer(100);
        const b = bet(p);
        await sim.call('transaction/bet', b);
        await sim.call('transaction/rollback', rollback(p, b));
        const w = await sim.call('transaction/win', win(p, b));
        expect(status(w) === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', JSON.stringify(w.body));
        expect((await balanceOf(p)) === 100 * UNITS, 'nothing credited');
        return status(w);
      },
    ],
    [
      'wrong currency is RS_ERROR_WRONG_CURRENCY (bet and win), nothing moves',
      async () => {
        const p = await fx.newPlayer(100);
        const r = await sim.call('transaction/bet', bet(p, { currency: currency === 'EUR' ? 'USD' : 'EUR' }));
        expect(status(r) === 'RS_ERROR_WRONG_CURRENCY', JSON.stringify(r.body));
        const b = bet(p);
        await sim.call('transaction/bet', b);
        const w = await sim.call('transaction/win', win(p, b, { currency: 'EUR' }));
        expect(status(w) === 'RS_ERROR_WRONG_CURRENCY', JSON.stringify(w.body));
        expect((await balanceOf(p)) === 90 * UNITS, 'only the good bet moved');
        return status(r);
      },
    ],
    [
      'unknown game_code is RS_ERROR_INVALID_GAME (bet and win), nothing moves',
      async () => {
        // Statuses page: RS_ERROR_INVALID_GAME "Unknown game_code".
        const p = await fx.newPlayer(100);
        const r = await sim.call('transaction/bet', bet(p, { game_code: 'sim_no_such_game' }));
        expect(
          status(r) === 'RS_ERROR_INVALID_GAME' && r.body.balance === 100 * UNITS,
          `bet ${JSON.stringify(r.body)}`,
        );
        const b = bet(p);
        await sim.call('transaction/bet', b);
        const w = await sim.call('transaction/win', win(p, b, { game_code: 'sim_no_such_game' }));
        expect(status(w) === 'RS_ERROR_INVALID_GAME', `win ${JSON.stringify(w.body)}`);
        expect((await balanceOf(p)) === 90 * UNITS, 'only the bet on a game we have moved');
        return `${status(r)}, ${status(w)}`;
      },
    ],
    [
      'bad signature is RS_ERROR_INVALID_SIGNATURE with HTTP 200, nothing moves',
      async () => {
        const p = await fx.newPlayer(100);
        const r = await sim.call('transaction/bet', bet(p), { tamper: true });
        expect(
          r.httpStatus === 200 && status(r) === 'RS_ERROR_INVALID_SIGNATURE',
          `${r.httpStatus} ${JSON.stringify(r.body)}`,
        );
        expect((await balanceOf(p)) === 100 * UNITS, 'nothing debited');
        return status(r);
      },
    ],
    [
      'expired token: a bet is RS_ERROR_TOKEN_EXPIRED, a win and a rollback are still applied',
      async () => {
        const p = await fx.newPlayer(100);
        const b1 = bet(p);
        const b2 = bet(p);
        await sim.call('transaction/bet', b1);
        await sim.call('transaction/bet', b2);
        await fx.expire(p.token);
        const late = await sim.call('transaction/bet', bet(p));
        expect(status(late) === 'RS_ERROR_TOKEN_EXPIRED', `bet ${JSON.stringify(late.body)}`);
        const w = await sim.call('transaction/win', win(p, b1));
        expect(status(w) === 'RS_OK', `win ${JSON.stringify(w.body)}`);
        const rb = await sim.call('transaction/rollback', rollback(p, b2));
        expect(
          status(rb) === 'RS_OK' && rb.body.balance === 115 * UNITS,
          `rollback ${JSON.stringify(rb.body)}`,
        );
        return 'bet refused; win and rollback RS_OK (100 → 80 → 105 → 115)';
      },
    ],
    [
      'unknown token is RS_ERROR_INVALID_TOKEN',
      async () => {
        const p = await fx.newPlayer(100);
        const r = await sim.call('transaction/bet', bet({ user: p.user, token: 'not-a-token-we-issued' }));
        expect(status(r) === 'RS_ERROR_INVALID_TOKEN', JSON.stringify(r.body));
        return status(r);
      },
    ],
    [
      'user disabled: a bet is RS_ERROR_USER_DISABLED, user/info says so',
      async () => {
        const p = await fx.newPlayer(100);
        await fx.disable(p.user);
        const r = await sim.call('transaction/bet', bet(p));
        expect(status(r) === 'RS_ERROR_USER_DISABLED', JSON.stringify(r.body));
        const info = await sim.call('user/info', { user: p.user, request_uuid: randomUUID() });
        expect(status(info) === 'RS_ERROR_USER_DISABLED', JSON.stringify(info.body));
        return status(r);
      },
    ],
    [
      'not enough money is RS_ERROR_NOT_ENOUGH_MONEY with the actual balance',
      async () => {
        const p = await fx.newPlayer(5);
        const r = await sim.call('transaction/bet', bet(p));
        expect(
          status(r) === 'RS_ERROR_NOT_ENOUGH_MONEY' && r.body.balance === 5 * UNITS,
          JSON.stringify(r.body),
        );
        return `${status(r)} balance ${r.body.balance}`;
      },
    ],
    [
      'malformed requests: a missing field is RS_ERROR_WRONG_SYNTAX, a wrong type RS_ERROR_WRONG_TYPES',
      async () => {
        const p = await fx.newPlayer(100);
        const { amount: _a, ...missing } = bet(p);
        const r1 = await sim.call('transaction/bet', missing);
        expect(status(r1) === 'RS_ERROR_WRONG_SYNTAX', JSON.stringify(r1.body));
        const r2 = await sim.call('transaction/bet', bet(p, { amount: '10.00' }));
        expect(status(r2) === 'RS_ERROR_WRONG_TYPES', JSON.stringify(r2.body));
        expect((await balanceOf(p)) === 100 * UNITS, 'nothing debited');
        return `${status(r1)}, ${status(r2)}`;
      },
    ],
  ];
  return cases;
}

export async function runConformance(
  sim: Hub88Simulator,
  fx: ConformanceFixture,
  currency: string,
  onResult: (r: CaseResult) => void = () => {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const [name, run] of conformanceCases(sim, fx, currency)) {
    let r: CaseResult;
    try {
      r = { name, ok: true, detail: await run() };
    } catch (err) {
      r = {
        name,
        ok: false,
        detail: err instanceof Failed ? err.message : String((err as Error)?.stack ?? err),
      };
    }
    results.push(r);
    onResult(r);
  }
  return results;
}
