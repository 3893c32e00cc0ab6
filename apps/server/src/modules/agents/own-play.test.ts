import { alignedStart } from '@wps/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPayouts } from '../../db/schema.ts';
import { bet, givenContract, periodCtx, platformContract } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

/**
 * An agent's own play (issue 26): its team is everyone below it; its own bets count toward its own
 * salary and dividend only when its contract says so (`ownPlay`, off by default). They always count
 * for its upline, whose team it is part of.
 */
describe('agents: the agent’s own play', () => {
  let t: TestApp;
  const REALTIME_PERIOD_MS = 300_000;
  const commission = (id: number) => t.app.services.wallet.balance(Accounts.commission(id));
  const hour = () => periodCtx(new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));
  const realtimePeriod = () => {
    const start = new Date(
      alignedStart(REALTIME_PERIOD_MS, new Date(), t.app.config.businessUtcOffsetMinutes).getTime() +
        2 * REALTIME_PERIOD_MS,
    );
    return periodCtx(start, new Date(start.getTime() + REALTIME_PERIOD_MS));
  };
  const payoutOf = async (memberId: number, kind: string) =>
    (
      await t.app.database.db
        .select()
        .from(agentPayouts)
        .where(and(eq(agentPayouts.memberId, memberId), eq(agentPayouts.kind, kind)))
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('daily salary: the agent’s own bets are not its team’s, unless its contract counts them', async () => {
    const s = t.app.services.agents.settlement;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const player = await createMember(t.app, { parentId: sub.id });
    await platformContract(t.app, top, { kind: 'DAILY', tiers: [{ rate: '1.00' }], ownPlay: true });
    await givenContract(t.app, top, sub, { kind: 'DAILY', tiers: [{ rate: '0.50' }] });
    await bet(t.app, sub.id, 1_000_000n, 0n); // sub plays 10,000.00 itself
    await bet(t.app, player.id, 200_000n, 0n); // its player 2,000.00
    await bet(t.app, top.id, 300_000n, 0n); // top plays 3,000.00 itself
    await s.settleTiered('DAILY', hour());
    // Sub: 0.50 % of its player's 2,000.00 only (its own 10,000.00 is not counted, nor is it active).
    expect(await payoutOf(sub.id, 'DAILY')).toMatchObject({
      validBet: 200_000n,
      activeMembers: 1,
      amount: 1_000n,
    });
    // Top counts its own play (its contract says so) and all of sub's: 15,000.00 → 150.00.
    expect(await payoutOf(top.id, 'DAILY')).toMatchObject({
      validBet: 1_500_000n,
      activeMembers: 3,
      amount: 15_000n,
    });
    expect(await commission(sub.id)).toBe(1_000n);
  });

  it('dividend: the agent’s own losses do not earn it a dividend', async () => {
    const s = t.app.services.agents.settlement;
    const top = await createMember(t.app, { type: 1 });
    const player = await createMember(t.app, { parentId: top.id });
    await platformContract(t.app, top, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers: [{ rate: '10.00' }] });
    await bet(t.app, top.id, 200_000n, 0n); // top loses 2,000.00 itself
    await bet(t.app, player.id, 100_000n, 0n); // its player 1,000.00
    await s.settleTiered('DIVIDEND', hour(), 'DAILY');
    expect(await payoutOf(top.id, 'DIVIDEND')).toMatchObject({ netLoss: 100_000n, amount: 10_000n });
  });

  it('real-time salary: the agent’s own bets count for its upline, and for itself only when the contract says so', async () => {
    const s = t.app.services.agents.settlement;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const counted = await createMember(t.app, { type: 2, parentId: top.id });
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.00' });
    await givenContract(t.app, top, sub, { kind: 'REALTIME', rate: '0.50' });
    await givenContract(t.app, top, counted, { kind: 'REALTIME', rate: '0.50', ownPlay: true });
    await bet(t.app, sub.id, 100_000n, 0n);
    await bet(t.app, counted.id, 100_000n, 0n);
    await bet(t.app, top.id, 100_000n, 0n);
    await s.settleRealtime(realtimePeriod());
    expect(await commission(sub.id)).toBe(0n);
    expect(await commission(counted.id)).toBe(500n);
    // Top: 1 % of its downlines' 2,000.00 (its own 1,000.00 not counted), less the 5.00 it paid.
    expect(await commission(top.id)).toBe(2_000n - 500n);
  });

  it('the contract screens show the flag, and the current period’s figures follow it', async () => {
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const player = await createMember(t.app, { parentId: sub.id });
    await platformContract(t.app, top, { kind: 'DAILY', tiers: [{ rate: '1.00' }] });
    await givenContract(t.app, top, sub, { kind: 'DAILY', tiers: [{ rate: '0.50' }] });
    await bet(t.app, sub.id, 100_000n, 0n);
    await bet(t.app, player.id, 50_000n, 0n);
    const offered = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/contracts',
      headers: { token: top.token },
      payload: { downline: sub.account, kind: 'DAILY', tiers: [{ rate: '0.40' }], ownPlay: true },
    });
    expect(offered.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/contracts',
      headers: { token: sub.token },
    });
    const content = list.json().value.content as Array<{
      id: number;
      status: string;
      ownPlay: boolean;
      period: unknown;
    }>;
    expect(content.find((c) => c.id === offered.json().value.id)).toMatchObject({
      status: 'OFFERED',
      ownPlay: true,
    });
    expect(content.find((c) => c.status === 'ACTIVE')).toMatchObject({
      ownPlay: false,
      period: { validBet: '500.00', activeMembers: 1 },
    });
  });
});
