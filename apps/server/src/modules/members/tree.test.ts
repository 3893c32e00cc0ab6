import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

describe('members: test helpers and agent tree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('createMember opens a session the principal hook resolves', async () => {
    const m = await createMember(t.app, { payeeName: 'Ram Bahadur' });
    expect(m.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await t.app.services.auth.sessions.resolve(m.token);
    expect(session?.principal).toMatchObject({ memberId: m.id, account: m.account, role: 'player' });
    expect((await t.app.services.members.profile(m.id)).payeeName).toBe('Ram Bahadur');
  });

  it('createOperator opens an operator session with its permissions', async () => {
    const op = await createOperator(t.app, { permissions: ['cashier'] });
    const session = await t.app.services.auth.sessions.resolve(op.token);
    expect(session?.principal).toMatchObject({ role: 'operator', permissions: ['cashier'] });
  });

  it('answers downline membership at any depth, and never for uplines, strangers or oneself', async () => {
    const { members } = t.app.services;
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const leaf = await createMember(t.app, { parentId: sub.id });
    const direct = await createMember(t.app, { parentId: top.id });
    const stranger = await createMember(t.app);

    expect(await members.isInDownline(top.id, sub.id)).toBe(true);
    expect(await members.isInDownline(top.id, leaf.id)).toBe(true);
    expect(await members.isInDownline(sub.id, leaf.id)).toBe(true);
    expect(await members.isInDownline(top.id, direct.id)).toBe(true);
    expect(await members.isInDownline(leaf.id, top.id)).toBe(false);
    expect(await members.isInDownline(sub.id, direct.id)).toBe(false);
    expect(await members.isInDownline(top.id, stranger.id)).toBe(false);
    expect(await members.isInDownline(top.id, top.id)).toBe(false);
    expect(await members.isInDownline(top.id, 987654321)).toBe(false);

    const down = await members.downline(top.id);
    expect(down.map((d) => [d.id, d.depth])).toEqual([
      [sub.id, 1],
      [direct.id, 1],
      [leaf.id, 2],
    ]);
    expect(await members.downline(leaf.id)).toEqual([]);
  });
});
