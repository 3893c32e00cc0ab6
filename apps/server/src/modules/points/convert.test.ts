import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

/**
 * Points to cash (SPEC §7 "convert points, password-checked"): at the operator's rate, off until
 * one is set, at least the minimum, never more than the balance; the points and the cash move in
 * one transaction, and a retried request converts once. Runs on PostgreSQL when TEST_DATABASE_URL
 * is set (CI), where the parallel requests below really race.
 */
describe('points conversion', () => {
  let t: TestApp;
  let op: { token: string };
  const PAY = 'Pay@1234';
  beforeAll(async () => {
    t = await createTestApp();
    op = await createOperator(t.app, { permissions: ['promotions'] });
  });
  afterAll(async () => {
    await t.close();
  });
  const api = async (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  /** Valid stake in one settled in-house bet: 100.00 NPR earns a point (the default ratio). */
  const earn = (memberId: number, points: number) =>
    t.app.database.db.transaction((tx) =>
      t.app.services.bets.recordSettlement(tx, {
        memberId,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'INHOUSE',
        roundId: `c${Math.random()}`,
        stake: BigInt(points) * 10_000n,
        payout: 0n,
        trial: false,
      }),
    );
  const settings = (body: object) =>
    api(op.token, 'PUT', '/wps/admin/points/settings', { betPerPoint: '100.00', rules: '', ...body });
  const cashOf = async (memberId: number) =>
    (await t.app.services.wallet.memberBalances(memberId)).player_cash;
  const pointsOf = async (token: string) => (await api(token, 'GET', '/wps/points/balance')).body.value;

  it('is off until the operator sets a rate, then converts at it with the payment password, once per request', async () => {
    const player = await createMember(t.app, { paymentPassword: PAY });
    const other = await createMember(t.app, { paymentPassword: PAY });
    await earn(player.id, 6);
    expect(await pointsOf(player.token)).toMatchObject({ balance: 6, convertPerPoint: null });

    const off = await api(player.token, 'POST', '/wps/points/convert', { points: 4, paymentPassword: PAY });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('NOT_ENABLED');

    const saved = await settings({ convertPerPoint: '0.50', convertMinPoints: 2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await pointsOf(player.token)).toMatchObject({ convertPerPoint: '0.50', convertMinPoints: 2 });
    expect((await api(op.token, 'GET', '/wps/admin/points/settings')).body.value).toEqual({
      betPerPoint: '100.00',
      rules: '',
      convertPerPoint: '0.50',
      convertMinPoints: 2,
    });
    expect((await api(player.token, 'GET', '/wps/admin/points/settings')).status).toBe(403);
    // Saving the earning ratio alone leaves the conversion as it was.
    expect((await settings({})).status).toBe(200);
    expect((await pointsOf(player.token)).convertPerPoint).toBe('0.50');

    const wrong = await api(player.token, 'POST', '/wps/points/convert', {
      points: 4,
      paymentPassword: 'nope',
    });
    expect(wrong.status).toBe(400);
    const tooFew = await api(player.token, 'POST', '/wps/points/convert', {
      points: 1,
      paymentPassword: PAY,
    });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toBe('Convert at least 2 points at a time.');
    expect(tooFew.body.value.fields).toHaveProperty('points');
    const tooMany = await api(player.token, 'POST', '/wps/points/convert', {
      points: 7,
      paymentPassword: PAY,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Not enough points.');
    expect(tooMany.body.value.fields).toHaveProperty('points');
    expect(await cashOf(player.id)).toBe(0n);
    expect((await pointsOf(player.token)).balance).toBe(6);

    const body = { points: 4, paymentPassword: PAY, requestId: 'convert-0001' };
    const first = await api(player.token, 'POST', '/wps/points/convert', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({ points: 4, amount: '2.00', perPoint: '0.50', balance: 2 });
    const again = await api(player.token, 'POST', '/wps/points/convert', body);
    expect(again.body.value).toEqual(first.body.value);
    expect(await cashOf(player.id)).toBe(200n);
    expect((await pointsOf(player.token)).balance).toBe(2);

    // A new rate applies to new conversions; the first keeps its own.
    await settings({ convertPerPoint: '1.00' });
    const second = await api(player.token, 'POST', '/wps/points/convert', {
      points: 2,
      paymentPassword: PAY,
    });
    expect(second.body.value).toMatchObject({ amount: '2.00', perPoint: '1.00', balance: 0 });
    expect(await cashOf(player.id)).toBe(400n);

    const entries = await api(player.token, 'GET', '/wps/points/transactions?pageNo=1&pageSize=10');
    expect(entries.status).toBe(200);
    expect(
      entries.body.value.content.map((e: { delta: number; reason: string; balanceAfter: number }) => [
        e.reason,
        e.delta,
        e.balanceAfter,
      ]),
    ).toEqual([
      ['convert', -2, 0],
      ['convert', -4, 2],
      ['bets', 6, 6],
    ]);
    expect((await api(other.token, 'GET', '/wps/points/transactions')).body.value.total).toBe(0);
    expect((await api(null, 'GET', '/wps/points/transactions')).status).toBe(401);

    // Off again: nothing converts, and the message says so.
    await settings({ convertPerPoint: null });
    await earn(player.id, 3);
    expect(
      (await api(player.token, 'POST', '/wps/points/convert', { points: 3, paymentPassword: PAY })).status,
    ).toBe(403);
    const messages = await t.app.services.messages.inbox(player.id, { pageNo: 1, pageSize: 10 }, 'en');
    expect(JSON.stringify(messages)).toContain('4 points were converted: 2.00 was added to your balance.');
  });

  it('moves points and cash together: cash paid is exactly the points taken at the rate, retries and races included', async () => {
    await settings({ convertPerPoint: '0.25', convertMinPoints: 1 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        // Requests in parallel, each with a request id from a small set (so some are retries).
        fc.array(fc.record({ id: fc.integer({ min: 0, max: 3 }), points: fc.integer({ min: 1, max: 6 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (earned, requests) => {
          const m = await createMember(t.app, { paymentPassword: PAY });
          await earn(m.id, earned);
          // Straight to the service: the route's rate limit (20 a minute per caller) is not what is tested.
          const answers = await Promise.allSettled(
            requests.map((r) =>
              t.app.services.points.convert(m.id, {
                points: r.points,
                paymentPassword: PAY,
                requestId: `prop-${m.id}-${r.id}`,
              }),
            ),
          );
          for (const a of answers)
            if (a.status === 'rejected') expect((a.reason as { code?: string }).code).toBe('CONFLICT');
          // Every conversion that happened, once each (a retry answers the first one's id).
          const done = new Map<number, number>();
          for (const a of answers) if (a.status === 'fulfilled') done.set(a.value.id, a.value.points);
          const converted = [...done.values()].reduce((s, p) => s + p, 0);
          const left = (await pointsOf(m.token)).balance;
          expect(left).toBe(earned - converted);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(await cashOf(m.id)).toBe(BigInt(converted) * 25n);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
