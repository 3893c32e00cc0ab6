import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentContractEvents, agentContracts } from '../../db/schema.ts';
import { givenContract, platformContract } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { eq } from 'drizzle-orm';

const code = async (p: Promise<unknown>) =>
  p.then(
    () => 'OK',
    (e: { code?: string }) => e.code ?? String(e),
  );

describe('agents: contract rules (SPEC §4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers only to a DIRECT downline: deeper members and other trees are NOT_FOUND', async () => {
    const svc = t.app.services.agents;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const deep = await createMember(t.app, { parentId: sub.id });
    const stranger = await createMember(t.app, { type: 1 });
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    expect(await code(svc.offer(top.id, { downline: deep.account, kind: 'REALTIME', rate: '1.00' }))).toBe(
      'NOT_FOUND',
    );
    expect(
      await code(svc.offer(top.id, { downline: stranger.account, kind: 'REALTIME', rate: '1.00' })),
    ).toBe('NOT_FOUND');
    expect(await code(svc.offer(top.id, { downline: top.account, kind: 'REALTIME', rate: '1.00' }))).toBe(
      'NOT_FOUND',
    );
    expect(await code(svc.offer(top.id, { downline: 'nobody-here', kind: 'REALTIME', rate: '1.00' }))).toBe(
      'NOT_FOUND',
    );
    expect((await svc.offer(top.id, { downline: sub.account, kind: 'REALTIME', rate: '1.00' })).status).toBe(
      'OFFERED',
    );
  });

  it('caps rates at the upline’s own rate of the same kind, flat and tiered; no own contract, no offer', async () => {
    const svc = t.app.services.agents;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    expect(await code(svc.offer(top.id, { downline: sub.account, kind: 'REALTIME', rate: '0.10' }))).toBe(
      'VALIDATION',
    );
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    await platformContract(t.app, top, {
      kind: 'DAILY',
      tiers: [
        { minValidBet: '1000.00', rate: '0.50' },
        { minValidBet: '10000.00', rate: '1.00' },
      ],
    });
    expect(await code(svc.offer(top.id, { downline: sub.account, kind: 'REALTIME', rate: '1.51' }))).toBe(
      'VALIDATION',
    );
    expect(await code(svc.offer(top.id, { downline: sub.account, kind: 'REALTIME', rate: '1.50' }))).toBe(
      'OK',
    );
    // 0.80 % from 1,000.00 is above the 0.50 % the upline itself earns at that volume.
    expect(
      await code(
        svc.offer(top.id, {
          downline: sub.account,
          kind: 'DAILY',
          tiers: [{ minValidBet: '1000.00', rate: '0.80' }],
        }),
      ),
    ).toBe('VALIDATION');
    expect(
      await code(
        svc.offer(top.id, {
          downline: sub.account,
          kind: 'DAILY',
          tiers: [
            { minValidBet: '2000.00', rate: '0.40' },
            { minValidBet: '20000.00', rate: '0.90' },
          ],
        }),
      ),
    ).toBe('OK');
    // Shapes: a real-time contract has a rate, the others tiers.
    expect(await code(svc.offer(top.id, { downline: sub.account, kind: 'DAILY', rate: '0.10' }))).toBe(
      'VALIDATION',
    );
    expect(
      await code(svc.offer(top.id, { downline: sub.account, kind: 'REALTIME', tiers: [{ rate: '0.10' }] })),
    ).toBe('VALIDATION');
  });

  it('accept and reject belong to the downline; a second answer is a conflict', async () => {
    const c = t.app.services.agents.contracts;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const other = await createMember(t.app, { type: 1 });
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    const { id } = await t.app.services.agents.offer(top.id, {
      downline: sub.account,
      kind: 'REALTIME',
      rate: '1.00',
    });
    expect(await code(c.accept(top.id, id))).toBe('FORBIDDEN');
    expect(await code(c.accept(other.id, id))).toBe('NOT_FOUND');
    expect(await code(c.reject(other.id, id))).toBe('NOT_FOUND');
    expect(await code(c.terminate(other.id, id))).toBe('NOT_FOUND');
    expect((await c.reject(sub.id, id)).status).toBe('REJECTED');
    expect(await code(c.accept(sub.id, id))).toBe('CONFLICT');
    const second = await t.app.services.agents.offer(top.id, {
      downline: sub.account,
      kind: 'REALTIME',
      rate: '0.90',
    });
    expect((await c.accept(sub.id, second.id)).status).toBe('ACTIVE');
    expect(await code(c.reject(sub.id, second.id))).toBe('CONFLICT');
  });

  it('accepting a lower rate ends the higher contracts the agent gave below, and tells their holders', async () => {
    const db = t.app.database.db;
    const top = await createMember(t.app, { type: 1 });
    const mid = await createMember(t.app, { type: 2, parentId: top.id });
    const low = await createMember(t.app, { type: 2, parentId: mid.id });
    const lower = await createMember(t.app, { type: 2, parentId: mid.id });
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '2.00' });
    await givenContract(t.app, top, mid, { kind: 'REALTIME', rate: '1.50' });
    const high = await givenContract(t.app, mid, low, { kind: 'REALTIME', rate: '1.20' });
    const keep = await givenContract(t.app, mid, lower, { kind: 'REALTIME', rate: '0.80' });
    // The upline now gives mid 1.00 %: mid's 1.20 % contract below can no longer be paid for.
    const newer = await givenContract(t.app, top, mid, { kind: 'REALTIME', rate: '1.00' });
    const rows = await db.select().from(agentContracts);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(high)).toMatchObject({ status: 'ended', endReason: 'upline-rate-lowered' });
    expect(byId.get(keep)?.status).toBe('active');
    expect(byId.get(newer)?.status).toBe('active');
    expect(rows.filter((r) => r.memberId === mid.id && r.status === 'active')).toHaveLength(1);
    const notices = await db
      .select()
      .from(agentContractEvents)
      .where(eq(agentContractEvents.memberId, low.id));
    expect(notices.map((n) => n.event)).toContain('auto_ended');
  });

  it('termination: asked by either side, confirmed by the other', async () => {
    const c = t.app.services.agents.contracts;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    for (const [asker, confirmer] of [
      [top, sub],
      [sub, top],
    ] as const) {
      const id = await givenContract(t.app, top, sub, { kind: 'REALTIME', rate: '1.00' });
      expect(await c.terminate(asker.id, id)).toMatchObject({ status: 'ACTIVE', request: 'TERMINATE' });
      // Asking again changes nothing; only the other side can confirm.
      expect(await c.terminate(asker.id, id)).toMatchObject({ status: 'ACTIVE', request: 'TERMINATE' });
      expect(await c.terminate(confirmer.id, id)).toMatchObject({ status: 'ENDED', request: null });
      expect(await code(c.terminate(asker.id, id))).toBe('CONFLICT');
    }
    // An unanswered offer is withdrawn by the upline at once.
    const { id } = await t.app.services.agents.offer(top.id, {
      downline: sub.account,
      kind: 'REALTIME',
      rate: '1.00',
    });
    expect(await c.terminate(top.id, id)).toMatchObject({ status: 'ENDED' });
  });

  it('the console ends a platform contract under the same rule: requested, then confirmed by the agent', async () => {
    const op = await createOperator(t.app, { permissions: ['agents'] });
    const other = await createOperator(t.app, { permissions: ['cashier'] });
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const platformId = await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    const downlineId = await givenContract(t.app, top, sub, { kind: 'REALTIME', rate: '1.00' });
    const end = (token: string, id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/wps/admin/agents/contracts/${id}/terminate`,
        headers: { token },
      });

    expect((await end(other.token, platformId)).statusCode).toBe(403);
    expect((await end(top.token, platformId)).statusCode).toBe(403);
    // Not the platform's own contract: the console cannot touch an agent's contract with its downline.
    expect((await end(op.token, downlineId)).json().code).toBe('NOT_FOUND');

    const asked = await end(op.token, platformId);
    expect(asked.json().value).toMatchObject({ status: 'ACTIVE', request: 'TERMINATE' });
    expect(await t.app.services.agents.contracts.terminate(top.id, platformId)).toMatchObject({
      status: 'ENDED',
    });
    const audit = await t.app.services.audit.list({
      pageNo: 1,
      pageSize: 5,
      action: 'agents.contract.terminate',
      targetId: String(platformId),
    });
    expect(audit.total).toBe(1);
    // The agent asked first: the console's call confirms and ends it at once.
    const second = await platformContract(t.app, top, {
      kind: 'DAILY',
      tiers: [{ minValidBet: '0.00', rate: '0.50' }],
    });
    await t.app.services.agents.contracts.terminate(top.id, second);
    expect((await end(op.token, second)).json().value).toMatchObject({ status: 'ENDED', request: null });
  });

  it('shows the consolidated contract info: an open offer, then the active contract', async () => {
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    const { id } = await t.app.services.agents.offer(top.id, {
      downline: sub.account,
      kind: 'REALTIME',
      rate: '1.25',
    });
    expect(await t.app.services.agents.consolidated(sub.id)).toMatchObject({
      realtimesalreqtype: 'NEW',
      salaryInfo: null,
    });
    await t.app.services.agents.contracts.accept(sub.id, id);
    expect(await t.app.services.agents.consolidated(sub.id)).toMatchObject({
      realtimesalreqtype: null,
      salaryInfo: { rate: '1.25', period: 'realtime', uplineAccount: top.account },
    });
  });
});
