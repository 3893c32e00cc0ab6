import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContractEvents, agentContracts, agentPayouts } from '../../db/schema.ts';
import { bet, givenContract, periodCtx, platformContract } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

/**
 * Dividend rate caps that hold (issue 26): a contract below is re-checked, tier by tier, whenever
 * its upline's own contract changes, and a period's dividend to a downline never exceeds what the
 * upline itself earned from that branch in the period.
 */
describe('agents: dividend caps', () => {
  let t: TestApp;
  const commission = (id: number) => t.app.services.wallet.balance(Accounts.commission(id));
  const hour = () => periodCtx(new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));
  const contract = async (id: number) =>
    (await t.app.database.db.select().from(agentContracts).where(eq(agentContracts.id, id)))[0]!;
  const notices = async (memberId: number) =>
    (
      await t.app.database.db
        .select()
        .from(agentContractEvents)
        .where(eq(agentContractEvents.memberId, memberId))
    ).map((e) => e.event);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an upline’s new terms re-check every contract it gave below, tier by tier: those that no longer fit end', async () => {
    const top = await createMember(t.app, { type: 1 });
    const mid = await createMember(t.app, { type: 2, parentId: top.id });
    const other = await createMember(t.app, { type: 2, parentId: top.id });
    await platformContract(t.app, top, {
      kind: 'DIVIDEND',
      payPeriod: 'DAILY',
      tiers: [{ rate: '10.00' }, { minNetLoss: '1000.00', rate: '30.00' }],
    });
    // Equal to the upline's own tiers: allowed when offered.
    const equal = await givenContract(t.app, top, mid, {
      kind: 'DIVIDEND',
      payPeriod: 'DAILY',
      tiers: [{ rate: '10.00' }, { minNetLoss: '1000.00', rate: '30.00' }],
    });
    const low = await givenContract(t.app, top, other, {
      kind: 'DIVIDEND',
      payPeriod: 'DAILY',
      tiers: [{ rate: '5.00' }],
    });
    // The platform's new terms keep the top rate (30 %) but only from 2,000.00 of net loss, and
    // 5 % below it: mid's 30 % from 1,000.00 (and 10 % from 0) is now above what top earns there.
    await platformContract(t.app, top, {
      kind: 'DIVIDEND',
      payPeriod: 'DAILY',
      tiers: [{ rate: '5.00' }, { minNetLoss: '2000.00', rate: '30.00' }],
    });
    expect(await contract(equal)).toMatchObject({ status: 'ended', endReason: 'upline-rate-lowered' });
    expect(await notices(mid.id)).toContain('auto_ended');
    expect((await contract(low)).status).toBe('active');
  });

  it('an upline’s contract that ends takes the contracts it gave below of that kind with it', async () => {
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const own = await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    const below = await givenContract(t.app, top, sub, { kind: 'REALTIME', rate: '1.00' });
    const c = t.app.services.agents.contracts;
    await c.terminate(null, own);
    await c.terminate(top.id, own);
    expect((await contract(own)).status).toBe('ended');
    expect(await contract(below)).toMatchObject({ status: 'ended', endReason: 'upline-contract-ended' });
    expect(await notices(sub.id)).toContain('auto_ended');
  });

  it('a tier equal to the upline’s own: the upline pays the branch no more than it earned from it', async () => {
    const s = t.app.services.agents.settlement;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const loser = await createMember(t.app, { parentId: sub.id });
    const winner = await createMember(t.app, { parentId: top.id });
    const tiers = [{ rate: '5.00' }, { minNetLoss: '3000.00', rate: '30.00' }];
    await platformContract(t.app, top, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers });
    await givenContract(t.app, top, sub, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers });
    await bet(t.app, loser.id, 500_000n, 0n); // sub's branch lost 5,000.00
    await bet(t.app, winner.id, 100_000n, 350_000n); // top's own player won 2,500.00
    const result = await s.settleTiered('DIVIDEND', hour(), 'DAILY');
    expect(result.pending).toBe(0);
    // Top: 2,500.00 net loss → 5 % = 125.00. Sub's branch: 5,000.00 → 30 % = 1,500.00 due, but
    // top earned only 125.00 in the period, all of it from sub's branch: sub gets 125.00.
    const [row] = await t.app.database.db
      .select()
      .from(agentPayouts)
      .where(eq(agentPayouts.memberId, sub.id));
    expect(row).toMatchObject({ netLoss: 500_000n, rateBp: 3000, amount: 12_500n, status: 'paid' });
    expect(await commission(sub.id)).toBe(12_500n);
    expect(await commission(top.id)).toBe(0n);
  });

  it('two branches: the upline’s dividend is shared by what each branch lost, never more in total', async () => {
    const s = t.app.services.agents.settlement;
    const top = await createMember(t.app, { type: 1 });
    const a = await createMember(t.app, { type: 2, parentId: top.id });
    const b = await createMember(t.app, { type: 2, parentId: top.id });
    const pa = await createMember(t.app, { parentId: a.id });
    const pb = await createMember(t.app, { parentId: b.id });
    const winner = await createMember(t.app, { parentId: top.id });
    await platformContract(t.app, top, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers: [{ rate: '10.00' }] });
    await givenContract(t.app, top, a, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers: [{ rate: '10.00' }] });
    await givenContract(t.app, top, b, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers: [{ rate: '10.00' }] });
    await bet(t.app, pa.id, 300_000n, 0n); // a's branch lost 3,000.00
    await bet(t.app, pb.id, 100_000n, 0n); // b's branch lost 1,000.00
    await bet(t.app, winner.id, 100_000n, 300_000n); // top's own player won 2,000.00
    await s.settleTiered('DIVIDEND', hour(), 'DAILY');
    // Top earned 10 % of 2,000.00 = 200.00; a's branch brought 3/4 of the losses, b's 1/4.
    expect(await commission(a.id)).toBe(15_000n);
    expect(await commission(b.id)).toBe(5_000n);
    expect(await commission(top.id)).toBe(0n);
  });

  it('a branch that earned its upline more than its own dividend is paid in full', async () => {
    const s = t.app.services.agents.settlement;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const loser = await createMember(t.app, { parentId: sub.id });
    await platformContract(t.app, top, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers: [{ rate: '10.00' }] });
    await givenContract(t.app, top, sub, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers: [{ rate: '6.00' }] });
    await bet(t.app, loser.id, 100_000n, 0n);
    await s.settleTiered('DIVIDEND', hour(), 'DAILY');
    expect(await commission(sub.id)).toBe(6_000n);
    expect(await commission(top.id)).toBe(4_000n);
  });
});
