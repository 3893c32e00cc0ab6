import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { cashierKit, PAY } from './test-kit.ts';

describe('cashier: transfers in the agent tree', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });
  const { api, cash, fund } = cashierKit(() => t);

  let agent: Awaited<ReturnType<typeof createMember>>;
  let down: Awaited<ReturnType<typeof createMember>>;
  let deep: Awaited<ReturnType<typeof createMember>>;
  let outsider: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    agent = await createMember(t.app, { type: 1, paymentPassword: PAY });
    const sub = await createMember(t.app, { type: 1, parentId: agent.id, paymentPassword: PAY });
    down = await createMember(t.app, { parentId: agent.id, paymentPassword: PAY });
    deep = await createMember(t.app, { parentId: sub.id, paymentPassword: PAY });
    outsider = await createMember(t.app, { paymentPassword: PAY });
    await fund(agent.id, 100_000n);
    await fund(deep.id, 10_000n);
  });
  const transfer = (from: { token: string }, body: object) =>
    api(from.token, 'POST', '/wps/relay/GCS_walletTransfer', { paymentPassword: PAY, ...body });

  it('sends to anyone below the agent (transferFund), once per requestId', async () => {
    const r = await transfer(agent, {
      direction: 'downline',
      account: deep.account,
      amount: '150.00',
      requestId: 'xfer-000001',
    });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      direction: 'downline',
      to: deep.account,
      amount: '150.00',
      balance: '850.00',
    });
    const again = await transfer(agent, {
      direction: 'downline',
      account: deep.account,
      amount: '150.00',
      requestId: 'xfer-000001',
    });
    expect(again.body.value.transactionId).toBe(r.body.value.transactionId);
    expect(await cash(agent.id)).toBe(85_000n);
    expect(await cash(deep.id)).toBe(25_000n);
    const targets = await api(agent.token, 'GET', '/wps/cashier/transfers/targets?direction=downline');
    const names = targets.body.value.map((x: { account: string }) => x.account);
    expect(names).toHaveLength(3);
    expect(names).toEqual(expect.arrayContaining([down.account, deep.account]));
  });

  it('sends to an upline (transferUpline)', async () => {
    const r = await transfer(deep, { direction: 'upline', account: agent.account, amount: '50.00' });
    expect(r.status).toBe(200);
    expect(await cash(deep.id)).toBe(20_000n);
    const ups = await api(deep.token, 'GET', '/wps/cashier/transfers/targets?direction=upline');
    expect(ups.body.value.map((x: { depth: number }) => x.depth)).toEqual([1, 2]);
  });

  it('never leaves the sender’s own tree, and checks everything else too', async () => {
    const outside = await transfer(agent, {
      direction: 'downline',
      account: outsider.account,
      amount: '1.00',
    });
    expect(outside.status).toBe(400);
    expect(outside.body.value.fields.account).toBe('You can only transfer to members of your own team.');
    // "upline" to someone who is not above the sender; "downline" from a plain player.
    expect(
      (await transfer(down, { direction: 'upline', account: deep.account, amount: '1.00' })).status,
    ).toBe(400);
    expect(
      (await transfer(deep, { direction: 'downline', account: agent.account, amount: '1.00' })).status,
    ).toBe(400);
    expect(
      (await transfer(agent, { direction: 'downline', account: agent.account, amount: '1.00' })).body.value
        .fields.account,
    ).toBe('You cannot transfer to yourself.');
    // An unknown name answers exactly like a real one outside the team (no enumeration).
    const ghost = await transfer(agent, { direction: 'downline', account: 'ghost-user', amount: '1.00' });
    expect(ghost.status).toBe(400);
    expect(ghost.body.value.fields.account).toBe('You can only transfer to members of your own team.');
    const poor = await transfer(down, { direction: 'upline', account: agent.account, amount: '1.00' });
    expect(poor.status).toBe(409);
    expect(poor.body.value.fields.amount).toBe('Insufficient balance.');
    const pw = await transfer(agent, {
      direction: 'downline',
      account: down.account,
      amount: '1.00',
      paymentPassword: 'bad',
    });
    expect(pw.body.value.fields).toHaveProperty('paymentPassword');
    for (const amount of ['-1', '1.001', 'x', '0']) {
      const r = await transfer(agent, { direction: 'downline', account: down.account, amount });
      expect(r.status, amount).toBe(400);
    }
    expect(await cash(down.id)).toBe(0n);
  });
});
