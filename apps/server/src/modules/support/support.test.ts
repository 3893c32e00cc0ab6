import { randomBytes } from 'node:crypto';
import { SUPPORT_MESSAGES_PER_MINUTE } from '@wps/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator, depositCash } from '../../test/members.ts';
import { dutyAt } from './hours.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function multipart(field: string, file: Buffer, text?: string) {
  const boundary = `----wps${randomBytes(8).toString('hex')}`;
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from('\r\n'),
  ];
  if (text !== undefined) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('live support (issue 31)', () => {
  let t: TestApp;
  let player: CreatedAccount;
  let other: CreatedAccount;
  let agent: CreatedAccount;
  let nobody: CreatedAccount;
  const call = (
    method: Method,
    url: string,
    token?: string | null,
    payload?: object,
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? { token } : {}), ...extra },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    player = await createMember(t.app);
    other = await createMember(t.app);
    await depositCash(t.app, player.id, 12_345n, `support-test-${player.id}`);
    agent = await createOperator(t.app, { role: 'support' });
    nobody = await createOperator(t.app, { permissions: ['content'] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a member opens a conversation, only they read it, and an operator with `support` answers it', async () => {
    const opened = await call('POST', '/wps/support/conversations', player.token, {
      message: '  My deposit is late  ',
    });
    expect(opened.statusCode).toBe(200);
    const id = opened.json().value.id as number;
    expect(opened.json().value.guestToken).toBeUndefined();

    // A second message goes to the same, still open conversation.
    const again = await call('POST', '/wps/support/conversations', player.token, { message: 'Hello?' });
    expect(again.json().value.id).toBe(id);

    const mine = await call('GET', `/wps/support/conversations/${id}/messages`, player.token);
    expect(mine.json().value.messages.map((m: { text: string }) => m.text)).toEqual([
      'My deposit is late',
      'Hello?',
    ]);
    expect((await call('GET', `/wps/support/conversations/${id}/messages`, other.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/wps/support/conversations/${id}/messages`, other.token, { text: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/wps/support/conversations/${id}/messages`, null)).statusCode).toBe(401);
    // An operator is no party to the player's calls.
    expect((await call('GET', `/wps/support/conversations/${id}/messages`, agent.token)).statusCode).toBe(
      403,
    );

    // The console: only with the permission.
    expect((await call('GET', '/wps/admin/support/conversations', nobody.token)).statusCode).toBe(403);
    expect((await call('GET', '/wps/admin/support/conversations', player.token)).statusCode).toBe(403);
    const queue = await call('GET', '/wps/admin/support/conversations', agent.token);
    expect(queue.statusCode).toBe(200);
    const item = queue.json().value.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      status: 'open',
      memberAccount: player.account,
      unread: 2,
      assignedTo: null,
    });
    expect(queue.json().value.counts.open).toBeGreaterThanOrEqual(1);

    const conv = await call('GET', `/wps/admin/support/conversations/${id}`, agent.token);
    expect(conv.json().value.account).toMatchObject({
      id: player.id,
      account: player.account,
      cash: '123.45',
    });
    const read = await call('GET', '/wps/admin/support/conversations', agent.token);
    expect(read.json().value.items.find((i: { id: number }) => i.id === id).unread).toBe(0);

    const answer = await call('POST', `/wps/admin/support/conversations/${id}/messages`, agent.token, {
      text: 'We are checking it now.',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value).toMatchObject({ author: 'operator', authorName: agent.account });
    // Answering took the conversation.
    const after = (await call('GET', `/wps/admin/support/conversations/${id}`, agent.token)).json().value;
    expect(after).toMatchObject({ status: 'assigned', assignedTo: { id: agent.id, account: agent.account } });

    const status = (await call('GET', '/wps/support/status', player.token)).json().value;
    expect(status).toMatchObject({ conversationId: id, unread: 1 });
    const last = (
      await call(
        'GET',
        `/wps/support/conversations/${id}/messages?after=${mine.json().value.messages[1].id}`,
        player.token,
      )
    ).json().value;
    expect(last.messages.map((m: { text: string }) => m.text)).toEqual(['We are checking it now.']);
    expect((await call('GET', '/wps/support/status', player.token)).json().value.unread).toBe(0);
  });

  // Bites on PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time anyway.
  it('keeps one active conversation per member when first messages race', async () => {
    const racer = await createMember(t.app);
    const ids = await Promise.all(
      [1, 2, 3].map(
        async (n) =>
          (await call('POST', '/wps/support/conversations', racer.token, { message: `hello ${n}` })).json()
            .value.id,
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const thread = (await call('GET', `/wps/support/conversations/${ids[0]}/messages`, racer.token)).json()
      .value;
    expect(thread.messages).toHaveLength(3);
  });

  it('a guest needs a name, gets a token, and only that token reads its conversation', async () => {
    const noName = await call('POST', '/wps/support/conversations', null, { message: 'hi' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().value.fields.name).toBeDefined();
    const opened = await call('POST', '/wps/support/conversations', null, {
      message: 'Can I register?',
      name: 'Sita',
    });
    expect(opened.statusCode).toBe(200);
    const { id, guestToken } = opened.json().value as { id: number; guestToken: string };
    expect(guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const as = (token: string) => ({ 'x-support-token': token });
    const thread = await call(
      'GET',
      `/wps/support/conversations/${id}/messages`,
      null,
      undefined,
      as(guestToken),
    );
    expect(thread.statusCode).toBe(200);
    expect(thread.json().value.messages[0]).toMatchObject({
      author: 'guest',
      authorName: 'Sita',
      text: 'Can I register?',
    });
    const wrong = randomBytes(32).toString('base64url');
    expect(
      (await call('GET', `/wps/support/conversations/${id}/messages`, null, undefined, as(wrong))).statusCode,
    ).toBe(404);
    expect((await call('GET', `/wps/support/conversations/${id}/messages`, null)).statusCode).toBe(401);
    // A member cannot read a guest's conversation either.
    expect((await call('GET', `/wps/support/conversations/${id}/messages`, player.token)).statusCode).toBe(
      404,
    );
    const sent = await call(
      'POST',
      `/wps/support/conversations/${id}/messages`,
      null,
      { text: 'Thanks' },
      as(guestToken),
    );
    expect(sent.json().value).toMatchObject({ author: 'guest', text: 'Thanks' });
    const q = (await call('GET', '/wps/admin/support/conversations', agent.token)).json().value;
    expect(q.items.find((i: { id: number }) => i.id === id)).toMatchObject({
      guestName: 'Sita',
      memberAccount: null,
    });
    expect(
      (await call('GET', `/wps/admin/support/conversations/${id}`, agent.token)).json().value.account,
    ).toBeNull();
  });

  it('answers bad input with a 4xx and the message, never a 500', async () => {
    const bad: Array<[Method, string, object | undefined, number]> = [
      ['POST', '/wps/support/conversations', { message: '   ' }, 400],
      ['POST', '/wps/support/conversations', { message: 'x'.repeat(1001) }, 400],
      ['POST', '/wps/support/conversations', {}, 400],
      ['GET', '/wps/support/conversations/abc/messages', undefined, 400],
      ['GET', '/wps/support/conversations/0/messages', undefined, 400],
      ['GET', '/wps/support/conversations/99999999/messages', undefined, 404],
      ['POST', '/wps/support/conversations/1/messages', { text: 42 }, 400],
    ];
    for (const [method, url, payload, status] of bad) {
      const res = await call(method, url, other.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(
      (await call('POST', '/wps/admin/support/conversations/1/messages', agent.token, { text: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/wps/admin/support/canned/99999999999', agent.token, {
          title: 'a',
          textEn: 'b',
          textNe: 'c',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('assigns, transfers to another support operator only, and closes (audited); a closed one takes no messages', async () => {
    const id = (
      await call('POST', '/wps/support/conversations', other.token, { message: 'Withdrawal?' })
    ).json().value.id;
    expect(
      (await call('POST', `/wps/admin/support/conversations/${id}/assign`, agent.token)).statusCode,
    ).toBe(200);
    const colleague = await createOperator(t.app, { permissions: ['support'] });
    const listed = (await call('GET', '/wps/admin/support/operators', agent.token)).json().value;
    expect(listed.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([agent.id, colleague.id]));
    expect(listed.map((o: { id: number }) => o.id)).not.toContain(nobody.id);
    expect(
      (
        await call('POST', `/wps/admin/support/conversations/${id}/transfer`, agent.token, {
          operatorId: nobody.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `/wps/admin/support/conversations/${id}/transfer`, agent.token, {
          operatorId: colleague.id,
        })
      ).statusCode,
    ).toBe(200);
    const moved = (await call('GET', `/wps/admin/support/conversations/${id}`, agent.token)).json().value;
    expect(moved.assignedTo).toEqual({ id: colleague.id, account: colleague.account });

    expect(
      (await call('POST', `/wps/admin/support/conversations/${id}/close`, colleague.token)).statusCode,
    ).toBe(200);
    const closed = await call('POST', `/wps/support/conversations/${id}/messages`, other.token, {
      text: 'still there?',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CONFLICT');
    expect(
      (await call('POST', `/wps/admin/support/conversations/${id}/messages`, agent.token, { text: 'x' }))
        .statusCode,
    ).toBe(409);
    // The member's next message opens a new conversation.
    const fresh = (
      await call('POST', '/wps/support/conversations', other.token, { message: 'New question' })
    ).json().value.id;
    expect(fresh).not.toBe(id);
    const closedQueue = (
      await call('GET', '/wps/admin/support/conversations?status=closed', agent.token)
    ).json().value;
    expect(closedQueue.items.map((i: { id: number }) => i.id)).toContain(id);

    const auditor = await createOperator(t.app, { permissions: ['audit'] });
    const audit = await call(
      'GET',
      '/wps/admin/audit?pageNo=1&pageSize=50&action=support.transfer',
      auditor.token,
    );
    expect(JSON.stringify(audit.json().value)).toContain(colleague.account);
  });

  it('keeps canned answers in English and Nepali (CRUD)', async () => {
    const made = await call('POST', '/wps/admin/support/canned', agent.token, {
      title: 'Greeting',
      textEn: 'Hello, how can we help?',
      textNe: 'नमस्ते, हामी कसरी सहयोग गर्न सक्छौं?',
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().value.id;
    expect(
      (await call('POST', '/wps/admin/support/canned', agent.token, { title: 'x', textEn: 'y' })).statusCode,
    ).toBe(400);
    const put = await call('PUT', `/wps/admin/support/canned/${id}`, agent.token, {
      title: 'Greeting',
      textEn: 'Hello!',
      textNe: 'नमस्ते!',
    });
    expect(put.json().value).toEqual({ id, title: 'Greeting', textEn: 'Hello!', textNe: 'नमस्ते!' });
    expect((await call('GET', '/wps/admin/support/canned', agent.token)).json().value).toContainEqual(
      put.json().value,
    );
    expect((await call('GET', '/wps/admin/support/canned', nobody.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/wps/admin/support/canned/${id}`, agent.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/wps/admin/support/canned/${id}`, agent.token)).statusCode).toBe(404);
  });

  it('takes images only, re-encoded, and shows them only to the conversation and the console', async () => {
    const id = (
      await call('POST', '/wps/support/conversations', player.token, { message: 'Screenshot follows' })
    ).json().value.id;
    // A PNG with trailing bytes (a polyglot): what is stored is only the pixels.
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const up = multipart('file', polyglot, 'my screen');
    const res = await t.app.inject({
      method: 'POST',
      url: `/wps/support/conversations/${id}/attachments`,
      headers: { token: player.token, ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(200);
    const msg = res.json().value;
    expect(msg).toMatchObject({ text: 'my screen' });
    const img = await call('GET', `/wps/support/attachments/${msg.attachmentId}`, player.token);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect((await call('GET', `/wps/support/attachments/${msg.attachmentId}`, other.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/wps/admin/support/attachments/${msg.attachmentId}`, agent.token)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/wps/admin/support/attachments/${msg.attachmentId}`, nobody.token)).statusCode,
    ).toBe(403);

    const text = multipart('file', Buffer.from('just text, not an image'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/wps/support/conversations/${id}/attachments`,
      headers: { token: player.token, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    const big = multipart('file', Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]));
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `/wps/admin/support/conversations/${id}/attachments`,
      headers: { token: agent.token, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('limits how fast one member writes', async () => {
    const flooder = await createMember(t.app);
    const id = (await call('POST', '/wps/support/conversations', flooder.token, { message: 'one' })).json()
      .value.id;
    const codes: number[] = [];
    for (let i = 0; i < SUPPORT_MESSAGES_PER_MINUTE; i++) {
      codes.push(
        (await call('POST', `/wps/support/conversations/${id}/messages`, flooder.token, { text: `m${i}` }))
          .statusCode,
      );
    }
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 200).length).toBe(SUPPORT_MESSAGES_PER_MINUTE - 1);
    // Another member is not held back by it.
    expect(
      (await call('POST', '/wps/support/conversations', other.token, { message: 'me too' })).statusCode,
    ).toBe(200);
  });

  it('pushes an operator answer to the player over the socket, and nothing of it to another player', async () => {
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = addr.replace(/^http/, 'ws');
    const connect = async (query: string) => {
      const ws = new WebSocket(`${base}/wps/support/ws?${query}`);
      const frames: Array<Record<string, unknown>> = [];
      ws.on('message', (d) => frames.push(JSON.parse(String(d))));
      await new Promise<void>((res, rej) => {
        ws.once('open', () => res());
        ws.once('error', rej);
      });
      return { ws, frames };
    };
    const id = (await call('POST', '/wps/support/conversations', player.token, { message: 'socket?' })).json()
      .value.id;
    const mine = await connect(`token=${player.token}`);
    const theirs = await connect(`token=${other.token}`);
    const desk = await connect(`token=${agent.token}`);
    const guest = (
      await call('POST', '/wps/support/conversations', null, { message: 'hi', name: 'Ram' })
    ).json().value;
    const guestWs = await connect(`token=${guest.guestToken}&conversation=${guest.id}`);
    await call('POST', `/wps/admin/support/conversations/${id}/messages`, agent.token, {
      text: 'Pushed answer',
    });
    await call('POST', `/wps/admin/support/conversations/${guest.id}/messages`, agent.token, {
      text: 'Hello Ram',
    });
    const has = (f: { frames: Array<Record<string, unknown>> }, text: string) =>
      f.frames.some((x) => x.t === 'message' && (x.message as { text: string }).text === text);
    await expect.poll(() => has(mine, 'Pushed answer')).toBe(true);
    await expect.poll(() => has(guestWs, 'Hello Ram')).toBe(true);
    await expect.poll(() => has(desk, 'Pushed answer') && has(desk, 'Hello Ram')).toBe(true);
    expect(has(theirs, 'Pushed answer') || has(guestWs, 'Pushed answer') || has(mine, 'Hello Ram')).toBe(
      false,
    );

    // A socket without a valid session or guest token is closed.
    const refused = new WebSocket(
      `${base}/wps/support/ws?token=${randomBytes(32).toString('base64url')}&conversation=${id}`,
    );
    const code = await new Promise<number>((res) => refused.once('close', (c) => res(c)));
    expect(code).toBe(4001);
    for (const c of [mine, theirs, desk, guestWs]) c.ws.close();
  });
});

describe('support hours: on duty, or an honest wait', () => {
  // 04:15 UTC is 10:00 in Nepal (UTC+05:45).
  const at = (utc: string) => new Date(`2026-11-29T${utc}:00Z`);
  it('is on duty inside the hours and says how long until opening outside them', () => {
    const h = { from: '10:00', to: '22:00' };
    expect(dutyAt(h, at('04:15'))).toEqual({ online: true, replyWithinHours: null });
    expect(dutyAt(h, at('04:14'))).toEqual({ online: false, replyWithinHours: 1 });
    // 22:00 Nepal is 16:15 UTC: closed, 12 hours to go.
    expect(dutyAt(h, at('16:15'))).toEqual({ online: false, replyWithinHours: 12 });
  });
  it('handles hours past midnight and round the clock', () => {
    expect(dutyAt({ from: '18:00', to: '02:00' }, at('19:15')).online).toBe(true); // 01:00 Nepal
    expect(dutyAt({ from: '18:00', to: '02:00' }, at('21:15'))).toEqual({
      online: false,
      replyWithinHours: 15,
    }); // 03:00
    expect(dutyAt({ from: '00:00', to: '24:00' }, at('21:15'))).toEqual({
      online: true,
      replyWithinHours: null,
    });
  });
});
