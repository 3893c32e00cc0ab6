import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPostings, ledgerTransactions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

const PAY = 'Pay@12345';

/**
 * Agent pay's exit (issue 26): salaries and dividends land in the agent's commission account;
 * the agent moves them to its own cash with its payment password, through one balanced ledger
 * transaction. The agent centre shows cash and commission apart.
 */
describe('agents: commission to cash', () => {
  let t: TestApp;
  let agent: CreatedAccount;
  let sub: CreatedAccount;
  let player: CreatedAccount;

  const call = async (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const balances = (id: number) => t.app.services.wallet.memberBalances(id);
  const fund = (id: number, amount: bigint, key: string) =>
    t.app.services.wallet.post({
      key: `test:commission:${key}`,
      reason: 'adjustment',
      postings: [
        { account: Accounts.adjustment(), amount: -amount },
        { account: Accounts.commission(id), amount },
      ],
    });
  const transfer = (token: string, body: object) =>
    call(token, 'POST', '/wps/agent/commission/transfer', body);

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createMember(t.app, { type: 1, paymentPassword: PAY });
    sub = await createMember(t.app, { type: 2, parentId: agent.id, paymentPassword: PAY });
    player = await createMember(t.app, { parentId: agent.id, paymentPassword: PAY });
    await fund(agent.id, 10_000n, 'agent');
    await fund(sub.id, 5_000n, 'sub');
  });
  afterAll(async () => {
    await t.close();
  });

  it('the agent centre shows cash and commission apart: its own wallet, and each downline row', async () => {
    const mine = await call(agent.token, 'GET', '/wps/agent/wallet');
    expect(mine.status).toBe(200);
    expect(mine.body.value).toEqual({ cash: '0.00', bonus: '0.00', commission: '100.00' });
    const downlines = await call(agent.token, 'GET', '/wps/agent/downlines');
    const row = downlines.body.value.content.find((r: { id: number }) => r.id === sub.id);
    // Commission is not money the member can play or withdraw: never inside "balance".
    expect(row).toMatchObject({ balance: '0.00', commission: '50.00' });
  });

  it('moves commission to the agent’s own cash with the payment password, once per request id', async () => {
    const wrong = await transfer(agent.token, { amount: '40.00', paymentPassword: 'Wrong@123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.value.fields).toHaveProperty('paymentPassword');
    expect(await balances(agent.id)).toMatchObject({ player_cash: 0n, agent_commission: 10_000n });

    const body = { amount: '40.00', paymentPassword: PAY, requestId: 'commission-0001' };
    const done = await transfer(agent.token, body);
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject({ amount: '40.00', cash: '40.00', commission: '60.00' });
    // The same request again moves nothing more and answers the same transaction.
    const again = await transfer(agent.token, body);
    expect(again.body.value.transactionId).toBe(done.body.value.transactionId);
    expect(await balances(agent.id)).toMatchObject({ player_cash: 4_000n, agent_commission: 6_000n });

    // One balanced journal transaction: commission −40.00, cash +40.00.
    const postings = await t.app.database.db
      .select({ amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transactionId, done.body.value.transactionId));
    expect(postings.map((p) => p.amount).sort()).toEqual([-4_000n, 4_000n]);
    const [tx] = await t.app.database.db
      .select({ reason: ledgerTransactions.reason, key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, done.body.value.transactionId));
    expect(tx).toEqual({ reason: 'commission', key: `agent_commission:${agent.id}:commission-0001` });
  });

  it('refuses more than the commission holds, and a malformed amount, moving nothing', async () => {
    const short = await transfer(agent.token, { amount: '60.01', paymentPassword: PAY });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(short.body.value.fields).toHaveProperty('amount');
    for (const amount of ['0', '-1.00', '1.005', 'abc']) {
      const bad = await transfer(agent.token, { amount, paymentPassword: PAY });
      expect(bad.status, amount).toBe(400);
      expect(bad.body.value.fields, amount).toHaveProperty('amount');
    }
    expect(await balances(agent.id)).toMatchObject({ player_cash: 4_000n, agent_commission: 6_000n });
    const all = await transfer(agent.token, { amount: '60.00', paymentPassword: PAY });
    expect(all.body.value).toMatchObject({ cash: '100.00', commission: '0.00' });
  });

  it('counts only wrong passwords: parallel transfers with the right one all pass', async () => {
    await fund(agent.id, 1_000n, 'parallel');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => transfer(agent.token, { amount: '2.00', paymentPassword: PAY })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await balances(agent.id)).agent_commission).toBe(0n);
  });

  it('an agent moves only its own commission; players and guests cannot call it', async () => {
    // Nothing in the body names an account: a member id or account sent along is ignored.
    const own = await transfer(sub.token, {
      amount: '10.00',
      paymentPassword: PAY,
      memberId: agent.id,
      account: agent.account,
    });
    expect(own.status).toBe(200);
    expect(await balances(sub.id)).toMatchObject({ player_cash: 1_000n, agent_commission: 4_000n });
    expect((await balances(agent.id)).agent_commission).toBe(0n);
    expect((await transfer(player.token, { amount: '1.00', paymentPassword: PAY })).status).toBe(403);
    expect((await call(player.token, 'GET', '/wps/agent/wallet')).status).toBe(403);
    expect((await call(null, 'POST', '/wps/agent/commission/transfer', { amount: '1.00' })).status).toBe(401);
    // No payment password yet: refused by the members module's check, which names the field to set.
    const unset = await createMember(t.app, { type: 1 });
    await fund(unset.id, 100n, 'unset');
    const noPassword = await transfer(unset.token, { amount: '1.00', paymentPassword: 'Any@12345' });
    expect(noPassword.status).toBeGreaterThanOrEqual(400);
    expect(noPassword.status).toBeLessThan(500);
    expect(noPassword.body.value.fields).toHaveProperty('paymentPassword');
    expect(await balances(unset.id)).toMatchObject({ player_cash: 0n, agent_commission: 100n });
  });
});
