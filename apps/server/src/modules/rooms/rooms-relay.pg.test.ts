import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testConfig } from '../../config.ts';
import type { TestApp } from '../../test/helper.ts';
import { twoInstances } from '../../test/instances.ts';
import { createMember, createOperator } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Two server instances on one PostgreSQL database: a guest following a room on instance B hears a
 * message posted on A and its deletion by an operator on A (live support's relay, LISTEN/NOTIFY).
 */
describe.skipIf(!hasPostgres)('host room frames across two instances (needs TEST_DATABASE_URL)', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    pair = await twoInstances({ liveHosts: [{ id: 'anna', name: 'Anna', avatarUrl: null, online: true }] });
    ({ a, b } = pair);
  });
  afterAll(() => pair?.close());

  it('a message and its deletion on A reach a guest following the room on B', async () => {
    const player = await createMember(a.app);
    const moderator = await createOperator(a.app, { permissions: ['rooms'] });
    const addr = await b.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${addr.replace(/^http/, 'ws')}/wps/support/ws`);
    const frames: Array<{ t: string; id?: number; message?: { id: number; text: string } }> = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    ws.send(JSON.stringify({ t: 'room.join', room: 'anna' }));
    await expect.poll(() => frames.some((f) => f.t === 'room.joined')).toBe(true);

    const posted = await a.app.inject({
      method: 'POST',
      url: '/wps/rooms/anna/messages',
      headers: { token: player.token },
      payload: { text: 'From instance A' },
    });
    const id = posted.json().value.id as number;
    await expect
      .poll(() => frames.some((f) => f.t === 'room.message' && f.message?.text === 'From instance A'), {
        timeout: 10_000,
      })
      .toBe(true);
    await a.app.inject({
      method: 'DELETE',
      url: `/wps/admin/rooms/anna/messages/${id}`,
      headers: { token: moderator.token },
    });
    await expect
      .poll(() => frames.some((f) => f.t === 'room.deleted' && f.id === id), { timeout: 10_000 })
      .toBe(true);
    ws.close();
  });
});
