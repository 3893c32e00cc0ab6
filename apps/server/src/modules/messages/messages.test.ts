import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

describe('messages (messageV2)', () => {
  let t: TestApp;
  let op: { token: string };
  let player: { id: number; token: string };
  let other: { id: number; token: string };
  let agent: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    op = await createOperator(t.app, { permissions: ['messages'] });
    player = await createMember(t.app);
    other = await createMember(t.app);
    agent = await createMember(t.app, { type: 1 });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = async (token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('delivers system messages to their member only, with an unread count', async () => {
    await t.app.services.messages.send(player.id, {
      kind: 'deposit',
      title: 'Deposit approved',
      body: '1000.00',
    });
    const inbox = await api(player.token, 'GET', '/wps/messages');
    expect(inbox.status).toBe(200);
    expect(inbox.body.value.unread).toBe(1);
    expect(inbox.body.value.content[0]).toMatchObject({ source: 'direct', kind: 'deposit', read: false });
    const id = inbox.body.value.content[0].id as string;

    // Another member cannot see or read it (404, not 403: ids are not confirmed).
    expect((await api(other.token, 'GET', '/wps/messages')).body.value.total).toBe(0);
    expect((await api(other.token, 'POST', `/wps/messages/${id}/read`)).status).toBe(404);

    expect((await api(player.token, 'POST', `/wps/messages/${id}/read`)).status).toBe(200);
    expect((await api(player.token, 'GET', '/wps/messages/unread')).body.value.unread).toBe(0);
    const store = await api(player.token, 'GET', '/wps/member/info/store');
    expect(store.body.value.unreadMessageCount).toBe(0);
  });

  it('broadcasts to an audience: players see a players broadcast, agents do not', async () => {
    const sent = await api(op.token, 'POST', '/wps/admin/messages/broadcasts', {
      audience: 'players',
      title: 'Weekend reload',
      body: 'Deposit this weekend for a reload bonus.',
    });
    expect(sent.status).toBe(200);
    expect((await api(player.token, 'GET', '/wps/messages/unread')).body.value.unread).toBe(1);
    expect((await api(agent.token, 'GET', '/wps/messages/unread')).body.value.unread).toBe(0);
    await api(op.token, 'POST', '/wps/admin/messages/broadcasts', {
      audience: 'all',
      title: 'Maintenance',
      body: 'Tonight 2am.',
    });
    expect((await api(agent.token, 'GET', '/wps/messages/unread')).body.value.unread).toBe(1);

    const unread = await api(player.token, 'GET', '/wps/messages?unread=true');
    expect(unread.body.value.content.map((m: { title: string }) => m.title)).toEqual([
      'Maintenance',
      'Weekend reload',
    ]);
    // An agents-only broadcast id is not found for a player.
    const agentOnly = await api(op.token, 'POST', '/wps/admin/messages/broadcasts', {
      audience: 'agents',
      title: 'A',
      body: 'B',
    });
    expect((await api(player.token, 'POST', `/wps/messages/b${agentOnly.body.value.id}/read`)).status).toBe(
      404,
    );

    expect((await api(player.token, 'POST', '/wps/messages/read', { all: true })).status).toBe(200);
    expect((await api(player.token, 'GET', '/wps/messages/unread')).body.value.unread).toBe(0);
    const list = await api(op.token, 'GET', '/wps/admin/messages/broadcasts');
    expect(list.body.value.content.find((b: { title: string }) => b.title === 'Weekend reload').reads).toBe(
      1,
    );
  });

  it('guards every call: visitors 401, trial 403, players cannot broadcast, operators need the permission', async () => {
    expect((await api(null, 'GET', '/wps/messages')).status).toBe(401);
    const trial = await createMember(t.app, { type: 4 });
    expect((await api(trial.token, 'GET', '/wps/messages')).status).toBe(403);
    const b = { audience: 'all', title: 'x', body: 'y' };
    expect((await api(player.token, 'POST', '/wps/admin/messages/broadcasts', b)).status).toBe(403);
    const cashierOp = await createOperator(t.app, { permissions: ['cashier'] });
    expect((await api(cashierOp.token, 'POST', '/wps/admin/messages/broadcasts', b)).status).toBe(403);
    expect((await api(player.token, 'POST', '/wps/messages/x1/read')).status).toBe(400);
  });
});
