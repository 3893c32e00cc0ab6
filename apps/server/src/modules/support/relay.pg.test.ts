import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testConfig } from '../../config.ts';
import type { TestApp } from '../../test/helper.ts';
import { twoInstances } from '../../test/instances.ts';
import { createMember, createOperator } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Two server instances on one PostgreSQL database: a player's chat socket on instance B hears the
 * answer an operator writes on instance A (LISTEN/NOTIFY on `wps_support`, relay.ts).
 */
describe.skipIf(!hasPostgres)('support push across two instances (needs TEST_DATABASE_URL)', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    pair = await twoInstances();
    ({ a, b } = pair);
  });
  afterAll(() => pair?.close());

  it('an operator on A reaches the player whose socket is on B', async () => {
    const player = await createMember(a.app);
    const agent = await createOperator(a.app, { role: 'support' });
    const opened = await a.app.inject({
      method: 'POST',
      url: '/wps/support/conversations',
      headers: { token: player.token },
      payload: { message: 'Are you there?' },
    });
    const id = opened.json().value.id as number;

    const addr = await b.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${addr.replace(/^http/, 'ws')}/wps/support/ws?token=${player.token}`);
    const frames: Array<{ t: string; message?: { text: string } }> = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });

    await a.app.inject({
      method: 'POST',
      url: `/wps/admin/support/conversations/${id}/messages`,
      headers: { token: agent.token },
      payload: { text: 'Yes, from the other instance.' },
    });
    await expect
      .poll(
        () => frames.some((f) => f.t === 'message' && f.message?.text === 'Yes, from the other instance.'),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    ws.close();
  });
});
