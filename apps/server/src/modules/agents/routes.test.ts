import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet, givenContract, platformContract } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';

/**
 * The agent centre API: shapes, CSV, and authorization. Two trees: ours (top → sub → player)
 * and a stranger's; every call naming a member or contract of the other tree answers 404.
 */
describe('agents: API and authorization', () => {
  let t: TestApp;
  let top: CreatedAccount;
  let sub: CreatedAccount;
  let player: CreatedAccount;
  let stranger: CreatedAccount;
  let strangerPlayer: CreatedAccount;
  let strangerContract: number;
  let ourContract: number;

  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
    return {
      status: res.statusCode,
      body: String(res.headers['content-type']).includes('json') ? res.json() : res.body,
      res,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    top = await createMember(t.app, { type: 1 });
    sub = await createMember(t.app, { type: 2, parentId: top.id });
    player = await createMember(t.app, { parentId: sub.id });
    stranger = await createMember(t.app, { type: 1 });
    strangerPlayer = await createMember(t.app, { parentId: stranger.id });
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    await platformContract(t.app, stranger, { kind: 'REALTIME', rate: '1.50' });
    const s2 = await createMember(t.app, { type: 2, parentId: stranger.id });
    strangerContract = (
      await t.app.services.agents.offer(stranger.id, { downline: s2.account, kind: 'REALTIME', rate: '1.00' })
    ).id;
    ourContract = await givenContract(t.app, top, sub, { kind: 'REALTIME', rate: '1.00' });
    // Stake 1,000.00, payout 200.00: 800.00 valid (the money it lost: bets_valid_stake).
    await bet(t.app, player.id, 100_000n, 20_000n);
    await bet(t.app, strangerPlayer.id, 700_000n, 0n);
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers, lists and answers contracts through the fixed shapes', async () => {
    const fresh = await createMember(t.app, { type: 2, parentId: top.id });
    const offer = await call(top.token, 'POST', '/wps/agent/contracts', {
      downline: fresh.account,
      kind: 'REALTIME',
      rate: '0.75',
    });
    expect(offer.status).toBe(200);
    expect(offer.body.value).toEqual({ id: expect.any(Number), status: 'OFFERED' });
    const above = await call(top.token, 'POST', '/wps/agent/contracts', {
      downline: fresh.account,
      kind: 'REALTIME',
      rate: '1.60',
    });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe("The rate cannot be higher than your own contract's rate.");
    const listed = await call(fresh.token, 'GET', '/wps/agent/contracts?status=OFFERED');
    expect(listed.body.value.content).toEqual([
      expect.objectContaining({
        id: offer.body.value.id,
        side: 'RECEIVED',
        upline: top.account,
        rate: '0.75',
        request: { kind: 'NEW', by: 'UPLINE' },
      }),
    ]);
    const messages = await call(fresh.token, 'GET', '/wps/agent/messages');
    expect(messages.body.value.content[0]).toMatchObject({
      contractId: offer.body.value.id,
      event: 'offered',
      counterparty: top.account,
      kind: 'REALTIME',
    });
    const accepted = await call(fresh.token, 'POST', `/wps/agent/contracts/${offer.body.value.id}/accept`);
    expect(accepted.body.value).toEqual({ id: offer.body.value.id, status: 'ACTIVE', request: null });
    const mine = await call(top.token, 'GET', '/wps/agent/contracts?side=RECEIVED');
    expect(mine.body.value.content[0]).toMatchObject({
      kind: 'REALTIME',
      upline: null,
      rate: '1.50',
      period: { validBet: '800.00' },
    });
  });

  it('registers a downline agent under the caller with the register field rules', async () => {
    const bad = await call(top.token, 'PUT', '/wps/agent/register', {
      username: 'x',
      password: 'Agent@1234',
      confirmPassword: 'Other@1234',
      accountType: 'AGENT',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.value.fields)).toEqual(
      expect.arrayContaining(['username', 'confirmPassword']),
    );
    const ok = await call(top.token, 'PUT', '/wps/agent/register', {
      username: 'newsub0001',
      password: 'Agent@1234',
      confirmPassword: 'Agent@1234',
      accountType: 'AGENT',
    });
    expect(ok.status).toBe(200);
    const m = await t.app.services.members.getByAccount('newsub0001');
    expect(m).toMatchObject({ parentId: top.id, type: 2 });
    const taken = await call(top.token, 'PUT', '/wps/agent/register', {
      username: 'newsub0001',
      password: 'Agent@1234',
      confirmPassword: 'Agent@1234',
      accountType: 'PLAYER',
    });
    expect(taken.body.value.fields.username).toBe('This username is already taken');
  });

  it('team overview, downlines with drill down, team bets, team profit and account details of our tree', async () => {
    const overview = await call(top.token, 'GET', '/wps/agent/team/overview');
    expect(overview.body.value).toMatchObject({
      validBet: '800.00',
      profitLoss: '800.00',
      activeMembers: 1,
    });
    expect(overview.body.value.members).toBeGreaterThanOrEqual(2);
    const level1 = await call(top.token, 'GET', '/wps/agent/downlines');
    expect(level1.body.value.content.map((r: { account: string }) => r.account)).toContain(sub.account);
    const level2 = await call(top.token, 'GET', `/wps/agent/downlines?parentId=${sub.id}`);
    expect(level2.body.value.content).toEqual([
      expect.objectContaining({ account: player.account, level: 2 }),
    ]);
    const search = await call(top.token, 'GET', `/wps/agent/downlines?search=${player.account.slice(0, 6)}`);
    expect(search.body.value.content.map((r: { account: string }) => r.account)).toContain(player.account);
    const bets = await call(top.token, 'GET', '/wps/agent/team/bets');
    expect(bets.body.value.content).toEqual([
      expect.objectContaining({ account: player.account, stake: '1000.00' }),
    ]);
    const profit = await call(top.token, 'GET', '/wps/agent/team/profit');
    // The house's side for contracts, the member's side (as on their own profit page) for people.
    expect(profit.body.value.content.find((r: { id: number }) => r.id === sub.id)).toMatchObject({
      profitLoss: '800.00',
      memberWinLoss: '-800.00',
    });

    const tx = await call(top.token, 'GET', `/wps/agent/downline/transactions?memberId=${player.id}`);
    expect(tx.status).toBe(200);
  });

  it('streams CSV exports', async () => {
    const csv = await call(top.token, 'GET', '/wps/agent/downlines?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.res.headers['content-type']).toContain('text/csv');
    const lines = csv.res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'account,nickname,isAgent,parentAccount,level,directCount,status,balance,commission,createdAt',
    );
    expect(lines.some((l) => l.startsWith(`${sub.account},`))).toBe(true);
    const salaries = await call(sub.token, 'GET', '/wps/agent/salaries?format=csv&kind=REALTIME');
    expect(salaries.res.body).toContain('contractId,kind,period,account,payer,validBet,rate,amount,status');
  });

  it('the operator runs a salary job for an ended period; salaries show in the fixed row shape', async () => {
    const op = await createOperator(t.app, { permissions: ['system'] });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const run = await call(op.token, 'POST', '/wps/admin/jobs/agent-daily-salary/run', { period: yesterday });
    expect(run.status).toBe(200);
    expect(['done', 'skipped']).toContain(run.body.value.status);
    const again = await call(op.token, 'POST', '/wps/admin/jobs/agent-daily-salary/run', {
      period: yesterday,
    });
    expect(again.body.value.status).toBe('skipped');
    // The real-time settlement pays the bets placed above; both sides see the row.
    const start = new Date(Date.now() + 600_000);
    await t.app.services.agents.settlement.settleRealtime({
      period: start.toISOString(),
      periodStart: start,
      periodEnd: new Date(start.getTime() + 300_000),
      assertOwner: async () => {},
    });
    const received = await call(sub.token, 'GET', '/wps/agent/salaries?kind=REALTIME');
    expect(received.body.value.content).toEqual([
      {
        contractId: ourContract,
        kind: 'REALTIME',
        period: start.toISOString(),
        validBet: '800.00',
        rate: '1.00',
        amount: '8.00',
        status: 'PAID',
        account: sub.account,
        payer: top.account,
      },
    ]);
    const paid = await call(top.token, 'GET', '/wps/agent/salaries?kind=REALTIME&side=PAID');
    expect(paid.body.value.content.map((r: { amount: string }) => r.amount)).toEqual(['8.00']);
    const income = await call(
      top.token,
      'GET',
      `/wps/agent/income?from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 3_600_000).toISOString()}`,
    );
    expect(income.body.value.rows.find((r: { kind: string }) => r.kind === 'REALTIME')).toMatchObject({
      received: '12.00',
      paid: '8.00',
      net: '4.00',
    });
    const dividends = await call(top.token, 'GET', '/wps/agent/dividends');
    expect(dividends.body.value.content).toEqual([]);
  });

  it('IDOR: another tree’s ids and accounts are NOT_FOUND on every agent call', async () => {
    const other = [
      ['GET', `/wps/agent/downlines?parentId=${stranger.id}`],
      ['GET', `/wps/agent/downlines?parentId=${strangerPlayer.id}&format=csv`],
      ['GET', `/wps/agent/team/bets?account=${strangerPlayer.account}`],
      ['GET', `/wps/agent/team/bets?account=${strangerPlayer.account}&format=csv`],
      ['GET', `/wps/agent/team/profit?parentId=${stranger.id}`],
      ['GET', `/wps/agent/downline/transactions?memberId=${strangerPlayer.id}`],
      ['GET', `/wps/agent/downline/transactions?memberId=${strangerPlayer.id}&format=csv`],
      ['GET', `/wps/agent/downline/transactions?memberId=${top.id}`],
      ['GET', '/wps/agent/downlines?parentId=2147483647'],
      ['POST', `/wps/agent/contracts/${strangerContract}/accept`],
      ['POST', `/wps/agent/contracts/${strangerContract}/reject`],
      ['POST', `/wps/agent/contracts/${strangerContract}/terminate`],
    ] as const;
    for (const [method, url] of other) {
      const r = await call(top.token, method, url);
      expect([url, r.status, r.body.code]).toEqual([url, 404, 'NOT_FOUND']);
    }
    const offer = await call(top.token, 'POST', '/wps/agent/contracts', {
      downline: strangerPlayer.account,
      kind: 'REALTIME',
      rate: '1.00',
    });
    expect(offer.status).toBe(404);
    // Lists show only the caller's own: the stranger's bets, members and contracts never appear.
    const bets = await call(top.token, 'GET', '/wps/agent/team/bets');
    expect(JSON.stringify(bets.body)).not.toContain(strangerPlayer.account);
    const search = await call(top.token, 'GET', `/wps/agent/downlines?search=${strangerPlayer.account}`);
    expect(search.body.value.content).toEqual([]);
    const overview = await call(top.token, 'GET', '/wps/agent/team/overview');
    expect(overview.body.value.validBet).toBe('800.00');
    const contracts = await call(top.token, 'GET', '/wps/agent/contracts');
    expect(contracts.body.value.content.map((c: { id: number }) => c.id)).not.toContain(strangerContract);
    const strangerMessages = await call(stranger.token, 'GET', '/wps/agent/messages');
    expect(
      strangerMessages.body.value.content.map((m: { contractId: number }) => m.contractId),
    ).not.toContain(ourContract);
    const salaries = await call(stranger.token, 'GET', '/wps/agent/salaries?side=PAID');
    expect(salaries.body.value.content).toEqual([]);
    // The sub-agent sees its own subtree only, never its upline.
    const up = await call(sub.token, 'GET', `/wps/agent/downline/transactions?memberId=${top.id}`);
    expect(up.status).toBe(404);
  });

  it('roles: agent pages refuse players and guests; the console refuses members and operators without the permission', async () => {
    const agentOnly = [
      ['GET', '/wps/agent/team/overview'],
      ['GET', '/wps/agent/downlines'],
      ['GET', '/wps/agent/team/bets'],
      ['GET', '/wps/agent/team/profit'],
      ['GET', '/wps/agent/income'],
      ['GET', `/wps/agent/downline/transactions?memberId=${player.id}`],
      // The agent's own wallet and its commission-to-cash transfer (commission-wallet.test.ts).
      ['GET', '/wps/agent/wallet'],
      ['POST', '/wps/agent/commission/transfer'],
    ] as const;
    for (const [method, url] of agentOnly) {
      expect((await call(player.token, method, url)).status).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(
      (
        await call(player.token, 'POST', '/wps/agent/contracts', {
          downline: 'x',
          kind: 'REALTIME',
          rate: '1.00',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(player.token, 'PUT', '/wps/agent/register', {
          username: 'abcdefg',
          password: 'Agent@1234',
          confirmPassword: 'Agent@1234',
          accountType: 'PLAYER',
        })
      ).status,
    ).toBe(403);
    // A player may hold and answer contracts: its list and records are its own.
    expect((await call(player.token, 'GET', '/wps/agent/contracts')).status).toBe(200);
    expect((await call(player.token, 'GET', '/wps/agent/salaries')).status).toBe(200);
    const cashierOp = await createOperator(t.app, { permissions: ['cashier'] });
    const agentsOp = await createOperator(t.app, { permissions: ['agents'] });
    expect((await call(top.token, 'GET', '/wps/admin/agents/payouts/pending')).status).toBe(403);
    expect((await call(cashierOp.token, 'GET', '/wps/admin/agents/payouts/pending')).status).toBe(403);
    expect((await call(agentsOp.token, 'GET', '/wps/admin/agents/payouts/pending')).status).toBe(200);
    expect(
      (
        await call(cashierOp.token, 'POST', '/wps/admin/agents/contracts', {
          downline: stranger.account,
          kind: 'DAILY',
          tiers: [{ rate: '1.00' }],
        })
      ).status,
    ).toBe(403);
    const platform = await call(agentsOp.token, 'POST', '/wps/admin/agents/contracts', {
      downline: stranger.account,
      kind: 'DAILY',
      tiers: [{ rate: '1.00' }],
    });
    expect(platform.body.value.status).toBe('OFFERED');
    // Platform contracts go to top-level agents only.
    const notTop = await call(agentsOp.token, 'POST', '/wps/admin/agents/contracts', {
      downline: sub.account,
      kind: 'DAILY',
      tiers: [{ rate: '1.00' }],
    });
    expect(notTop.status).toBe(404);
  });
});
