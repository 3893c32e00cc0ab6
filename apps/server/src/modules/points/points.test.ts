import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { accrue } from './service.ts';

describe('points accrual arithmetic', () => {
  it('never loses or invents a paisa: points × ratio + remainder equals everything staked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -50_000n, max: 200_000n }), { maxLength: 40 }),
        fc.bigInt({ min: 1n, max: 50_000n }),
        (stakes, unit) => {
          let remainder = 0n;
          let points = 0n;
          for (const s of stakes) {
            const step = accrue(remainder, s, unit);
            expect(step.points >= 0n).toBe(true);
            points += step.points;
            remainder = step.remainder;
            expect(remainder < unit).toBe(true);
          }
          expect(points * unit + remainder).toBe(stakes.reduce((a, b) => a + b, 0n));
        },
      ),
    );
  });
});

describe('points mall (PTSYS3)', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
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
  const bet = (memberId: number, stake: bigint, trial = false) =>
    t.app.database.db.transaction((tx) =>
      t.app.services.bets.recordSettlement(tx, {
        memberId,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'INHOUSE',
        roundId: `p${Math.random()}`,
        stake,
        payout: 0n,
        trial,
      }),
    );

  it('earns points per valid bet, redeems with the payment password, approval pays cash once, rejection refunds', async () => {
    const cash = await api(op.token, 'POST', '/wps/admin/points/products', {
      name: 'NPR 5',
      kind: 'cash',
      points: 3,
      cashValue: '5.00',
    });
    expect(cash.status).toBe(200);
    const shirt = await api(op.token, 'POST', '/wps/admin/points/products', {
      name: 'Shirt',
      kind: 'physical',
      points: 2,
      stock: 1,
    });
    const player = await createMember(t.app, { paymentPassword: 'Pay@1234' });
    const other = await createMember(t.app, { paymentPassword: 'Pay@1234' });

    // 1 point per NPR 100: 250.00 + 299.99 + 50.01 = 600.00 → 6 points, none for the other player.
    await bet(player.id, 25_000n);
    await bet(player.id, 29_999n);
    await bet(player.id, 5_001n);
    expect((await api(player.token, 'GET', '/wps/points/balance')).body.value).toMatchObject({
      balance: 6,
      betPerPoint: '100.00',
    });
    expect((await api(other.token, 'GET', '/wps/points/balance')).body.value.balance).toBe(0);

    const wrong = await api(player.token, 'POST', '/wps/points/redeem', {
      productId: cash.body.value.id,
      paymentPassword: 'nope',
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect((await api(player.token, 'GET', '/wps/points/balance')).body.value.balance).toBe(6);

    const r1 = await api(player.token, 'POST', '/wps/points/redeem', {
      productId: cash.body.value.id,
      paymentPassword: 'Pay@1234',
    });
    expect(r1.body.value).toMatchObject({ status: 'process', points: 3 });
    const noAddress = await api(player.token, 'POST', '/wps/points/redeem', {
      productId: shirt.body.value.id,
      paymentPassword: 'Pay@1234',
    });
    expect(noAddress.status).toBe(400);
    const r2 = await api(player.token, 'POST', '/wps/points/redeem', {
      productId: shirt.body.value.id,
      paymentPassword: 'Pay@1234',
      address: 'Thamel, Kathmandu',
    });
    expect(r2.status).toBe(200);
    const broke = await api(player.token, 'POST', '/wps/points/redeem', {
      productId: cash.body.value.id,
      paymentPassword: 'Pay@1234',
    });
    expect(broke.status).toBe(409);
    expect(broke.body.message).toBe('Not enough points.');
    expect(
      (
        await api(other.token, 'POST', '/wps/points/redeem', {
          productId: shirt.body.value.id,
          paymentPassword: 'Pay@1234',
          address: 'x',
        })
      ).body.message,
    ).toBe('This item is out of stock.');

    expect(
      (await api(player.token, 'POST', `/wps/admin/points/redemptions/${r1.body.value.id}/approve`)).status,
    ).toBe(403);
    expect(
      (await api(op.token, 'POST', `/wps/admin/points/redemptions/${r1.body.value.id}/approve`, {})).body
        .value.status,
    ).toBe('approved');
    expect(
      (await api(op.token, 'POST', `/wps/admin/points/redemptions/${r1.body.value.id}/approve`, {})).status,
    ).toBe(409);
    expect((await t.app.services.wallet.memberBalances(player.id)).player_cash).toBe(500n);
    await api(op.token, 'POST', `/wps/admin/points/redemptions/${r2.body.value.id}/reject`, {
      note: 'Address unclear',
    });
    expect((await api(player.token, 'GET', '/wps/points/balance')).body.value.balance).toBe(3);
    const history = await api(player.token, 'GET', '/wps/points/redemptions');
    expect(history.body.value.content.map((r: { status: string }) => r.status)).toEqual([
      'rejected',
      'approved',
    ]);
    expect((await api(other.token, 'GET', '/wps/points/redemptions')).body.value.total).toBe(0);
  });

  it('sells reward tickets: approval issues them to the reward centre once, a rejection issues none', async () => {
    const admin = await createOperator(t.app, { permissions: ['promotions'] });
    const table = await api(admin.token, 'PUT', '/wps/admin/promotions/tickets/tables/EGG', {
      enabled: true,
      prizes: [
        { type: 'cash', label: 'Cash 1', amount: '1.00', weight: 1 },
        { type: 'nothing', label: 'Try again', weight: 1 },
      ],
    });
    expect(table.status).toBe(200);
    const missing = await api(op.token, 'POST', '/wps/admin/points/products', {
      name: 'Eggs',
      kind: 'ticket',
      points: 1,
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.value.fields).sort()).toEqual(['ticketCount', 'ticketKind']);
    const eggs = await api(op.token, 'POST', '/wps/admin/points/products', {
      name: 'Three golden eggs',
      kind: 'ticket',
      ticketKind: 'EGG',
      ticketCount: 3,
      points: 1,
    });
    expect(eggs.status).toBe(200);
    expect(eggs.body.value).toMatchObject({
      kind: 'ticket',
      ticketKind: 'EGG',
      ticketCount: 3,
      cashValue: null,
    });

    const player = await createMember(t.app, { paymentPassword: 'Pay@1234' });
    await bet(player.id, 20_000n); // 2 points
    const redeem = () =>
      api(player.token, 'POST', '/wps/points/redeem', {
        productId: eggs.body.value.id,
        paymentPassword: 'Pay@1234',
      });
    const r1 = await redeem();
    const r2 = await redeem();
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const tickets = async () =>
      (await api(player.token, 'GET', '/wps/promotions/tickets')).body.value.unopened;
    expect(await tickets()).toBe(0); // nothing before the operator approves

    const approve = (id: number) => api(op.token, 'POST', `/wps/admin/points/redemptions/${id}/approve`, {});
    expect((await approve(r1.body.value.id)).status).toBe(200);
    expect((await approve(r1.body.value.id)).status).toBe(409);
    expect(await tickets()).toBe(3);
    await api(op.token, 'POST', `/wps/admin/points/redemptions/${r2.body.value.id}/reject`, {
      note: 'Limit',
    });
    expect(await tickets()).toBe(3);
    expect((await api(player.token, 'GET', '/wps/points/balance')).body.value.balance).toBe(1);
    // The mall says what the product holds.
    const mall = await api(player.token, 'GET', '/wps/points/products');
    expect(mall.body.value.find((p: { id: number }) => p.id === eggs.body.value.id)).toMatchObject({
      ticketKind: 'EGG',
      ticketCount: 3,
    });
  });

  it('is off with PTSYS3 off, and refuses visitors and trial members', async () => {
    const trial = await createMember(t.app, { type: 4 });
    expect((await api(null, 'GET', '/wps/points/balance')).status).toBe(401);
    expect((await api(trial.token, 'GET', '/wps/points/balance')).status).toBe(403);
    const player = await createMember(t.app);
    await t.app.services.system.setFlag('PTSYS3', false);
    expect((await api(player.token, 'GET', '/wps/points/balance')).status).toBe(403);
    expect((await api(null, 'GET', '/wps/points/products')).status).toBe(403);
    await t.app.services.system.setFlag('PTSYS3', true);
    expect((await api(null, 'GET', '/wps/points/products')).status).toBe(200);
  });
});
