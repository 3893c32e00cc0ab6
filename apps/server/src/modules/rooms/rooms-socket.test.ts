import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SOCKET_TRY_LATER } from '../../http/socket-gate.ts';
import { SUPPORT_SOCKETS } from '../support/ws-routes.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

type Frame = Record<string, unknown>;

/**
 * Host rooms over live support's socket, on a real listening server: a guest with no token follows
 * a room, a member's post reaches every follower, a deletion too, and a sanction only the member
 * and the moderators (issue 31).
 */
describe('host rooms on the support socket', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      liveHosts: [
        { id: 'anna', name: 'Anna', avatarUrl: null, online: true },
        { id: 'bob', name: 'Bob', avatarUrl: null, online: true },
      ],
    });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await t.close();
  });

  const connect = async (query = '') => {
    const ws = new WebSocket(`${base}/wps/support/ws${query ? `?${query}` : ''}`);
    const frames: Frame[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    const join = async (room: string) => {
      ws.send(JSON.stringify({ t: 'room.join', room }));
      await expect
        .poll(() => frames.some((f) => (f.t === 'room.joined' || f.t === 'room.unknown') && f.room === room))
        .toBe(true);
      return frames.some((f) => f.t === 'room.joined' && f.room === room);
    };
    return { ws, frames, join };
  };
  const got = (c: { frames: Frame[] }, t: string, test: (f: Frame) => boolean = () => true) =>
    c.frames.some((f) => f.t === t && test(f));

  it('carries room frames to followers: guests read, deletions and sanctions arrive live', async () => {
    const player = await createMember(t.app);
    const moderator = await createOperator(t.app, { permissions: ['rooms'] });
    const guest = await connect();
    const member = await connect(`token=${player.token}`);
    const desk = await connect(`token=${moderator.token}`);
    const elsewhere = await connect();
    expect(await guest.join('anna')).toBe(true);
    expect(await member.join('anna')).toBe(true);
    expect(await desk.join('anna')).toBe(true);
    expect(await elsewhere.join('bob')).toBe(true);
    // A room that is not configured is refused, and nothing of it is heard.
    expect(await guest.join('nobody')).toBe(false);

    const posted = await t.app.inject({
      method: 'POST',
      url: '/wps/rooms/anna/messages',
      headers: { token: player.token },
      payload: { text: 'Live hello' },
    });
    const id = posted.json().value.id as number;
    const isHello = (f: Frame) => (f.message as { text: string }).text === 'Live hello';
    for (const c of [guest, member, desk])
      await expect.poll(() => got(c, 'room.message', isHello)).toBe(true);

    await t.app.inject({
      method: 'DELETE',
      url: `/wps/admin/rooms/anna/messages/${id}`,
      headers: { token: moderator.token },
    });
    for (const c of [guest, member, desk])
      await expect.poll(() => got(c, 'room.deleted', (f) => f.id === id)).toBe(true);

    await t.app.inject({
      method: 'POST',
      url: `/wps/admin/rooms/anna/members/${player.id}/mute`,
      headers: { token: moderator.token },
      payload: { minutes: 5 },
    });
    await expect.poll(() => got(member, 'room.sanction', (f) => f.memberId === player.id)).toBe(true);
    await expect.poll(() => got(desk, 'room.sanction')).toBe(true);
    // The other room heard nothing; a guest is not told who was muted.
    expect(got(elsewhere, 'room.message') || got(elsewhere, 'room.deleted')).toBe(false);
    expect(got(guest, 'room.sanction')).toBe(false);

    // Leaving stops the frames.
    guest.ws.send(JSON.stringify({ t: 'room.leave', room: 'anna' }));
    const before = guest.frames.length;
    await new Promise((r) => setTimeout(r, 100));
    const other = await createMember(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/wps/rooms/anna/messages',
      headers: { token: other.token },
      payload: { text: 'After leaving' },
    });
    await expect
      .poll(() =>
        got(member, 'room.message', (f) => (f.message as { text: string }).text === 'After leaving'),
      )
      .toBe(true);
    expect(guest.frames.length).toBe(before);
    for (const c of [guest, member, desk, elsewhere]) c.ws.close();
  });

  it('keeps support to its own: an operator with neither support nor rooms is refused', async () => {
    const content = await createOperator(t.app, { permissions: ['content'] });
    const refused = new WebSocket(`${base}/wps/support/ws?token=${content.token}`);
    const code = await new Promise<number>((res) => refused.once('close', (c) => res(c)));
    expect(code).toBe(4001);
    // A pong still answers a ping; junk and oversized frames are ignored, the socket stays open.
    const c = await connect();
    c.ws.send('not json');
    c.ws.send(JSON.stringify({ t: 'room.join', room: 'x'.repeat(300) }));
    c.ws.send(JSON.stringify({ t: 'ping' }));
    await expect.poll(() => got(c, 'pong')).toBe(true);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });

  it('holds at most 20 sockets for one address without a token; a member counts on their own', async () => {
    const closed = (ws: WebSocket) => new Promise<number>((res) => ws.once('close', (c) => res(c)));
    const guests: WebSocket[] = [];
    for (let i = 0; i < SUPPORT_SOCKETS.perCaller; i++) guests.push((await connect()).ws);
    // One more from the same address is refused with "try again later"; its page polls meanwhile.
    const over = new WebSocket(`${base}/wps/support/ws`);
    expect(await closed(over)).toBe(SOCKET_TRY_LATER.code);
    // A member on the same address is counted as themself, not as the address.
    const player = await createMember(t.app);
    const member = await connect(`token=${player.token}`);
    expect(await member.join('anna')).toBe(true);
    // A socket that closed frees its place.
    const gone = guests.pop();
    gone?.close();
    if (gone) await closed(gone);
    await expect
      .poll(async () => {
        const again = new WebSocket(`${base}/wps/support/ws`);
        // A refused socket opens too and is then closed: admitted is what answers a ping.
        const opened = await new Promise<boolean>((res) => {
          again.once('open', () => again.send(JSON.stringify({ t: 'ping' })));
          again.on('message', (data) => {
            if (JSON.parse(String(data)).t === 'pong') res(true);
          });
          again.once('close', () => res(false));
        });
        if (opened) guests.push(again);
        return opened;
      })
      .toBe(true);
    for (const ws of [...guests, member.ws]) ws.close();
  });
});
