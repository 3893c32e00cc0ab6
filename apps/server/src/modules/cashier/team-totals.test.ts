import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

const PAY = 'Pay@1234';

/**
 * The team overview's money lines (agent centre): approved deposits, first deposits and paid
 * withdrawals of an agent's whole downline, through the real cashier flows. Pending, rejected,
 * out-of-tree and out-of-range requests do not count.
 */
describe("cashier: a team's deposits and withdrawals in the agent overview", () => {
  let t: TestApp;
  let op: CreatedAccount;
  let channelId: number;
  const actor = () => ({ id: op.id, account: op.account });

  beforeAll(async () => {
    t = await createTestApp({ withdrawMinMinor: 1_000n, withdrawDailyCount: 100 });
    op = await createOperator(t.app, { permissions: ['*'] });
    channelId = (
      await t.app.services.cashier.createChannel(actor(), {
        code: 'ESEWA',
        kind: 'wallet',
        name: 'eSewa',
        accountName: 'WPS',
        accountNumber: '9800000001',
        min: '100.00',
        max: '100000.00',
        enabled: true,
        sort: 0,
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const deposit = async (memberId: number, amount: string, approve = true) => {
    const d = await t.app.services.cashier.requestDeposit(memberId, {
      channelId,
      amount,
      reference: `ref${Math.random()}`,
    });
    if (approve) await t.app.services.cashier.approveDeposit(actor(), d.id);
  };

  it('counts approved deposits, first depositors and paid withdrawals of the whole tree', async () => {
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const p1 = await createMember(t.app, {
      parentId: sub.id,
      payeeName: 'Sita Kumari',
      paymentPassword: PAY,
    });
    const p2 = await createMember(t.app, { parentId: top.id });
    const outsider = await createMember(t.app);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

    // p2 deposited before the range: their deposit in range is not a first deposit.
    await deposit(p2.id, '300.00');
    await t.database.query(
      `update deposit_requests set reviewed_at = now() - interval '3 days' where member_id = ${p2.id}`,
    );
    const from = hoursAgo(1);
    await deposit(p1.id, '1000.00');
    await deposit(p1.id, '250.50');
    await deposit(p2.id, '200.00');
    await deposit(p1.id, '999.00', false); // pending
    await deposit(outsider.id, '5000.00');

    const payout = await t.app.services.cashier.addPayoutAccount(p1.id, {
      kind: 'wallet',
      provider: 'ESEWA',
      accountNumber: '9800000011',
      accountName: 'Sita Kumari',
    });
    const w = await t.app.services.cashier.requestWithdrawal(p1.id, {
      payoutAccountId: payout.id,
      amount: '400.00',
      paymentPassword: PAY,
    });
    await t.app.services.cashier.payWithdrawal(actor(), w.id, 'REF-1');
    await t.app.services.cashier.requestWithdrawal(p1.id, {
      payoutAccountId: payout.id,
      amount: '100.00',
      paymentPassword: PAY,
    }); // pending: not counted

    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/agent/team/overview?from=${from.toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`,
      headers: { token: top.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      deposits: '1450.50',
      depositCount: 3,
      firstDeposits: 1,
      withdrawals: '400.00',
      withdrawalCount: 1,
    });
    // The sub-agent sees its own branch only.
    const mine = await t.app.services.agents.overview(sub.id, { from, to: new Date(Date.now() + 60_000) });
    expect(mine).toMatchObject({ deposits: '1250.50', depositCount: 2, firstDeposits: 1 });
    expect(await t.app.services.wallet.balance(Accounts.cash(p1.id))).toBe(125_050n - 50_000n);
  });
});
