import { ROOM_MESSAGES_PER_MINUTE, ROOM_PAGE_SIZE } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { compileWordFilter } from './words.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const HOSTS = [
  {
    id: 'anna',
    name: 'Anna',
    avatarUrl: null,
    online: true,
    streamUrl: 'https://stream.example.com/anna.mp4',
  },
  { id: 'bob', name: 'Bob', avatarUrl: null, online: false },
];

describe('host rooms (issue 31)', () => {
  let t: TestApp;
  let player: CreatedAccount;
  let other: CreatedAccount;
  let moderator: CreatedAccount;
  let nobody: CreatedAccount;
  const call = (method: Method, url: string, token?: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
  const texts = async (room: string) =>
    (await call('GET', `/wps/rooms/${room}/messages`))
      .json()
      .value.messages.map((m: { text: string }) => m.text);

  beforeAll(async () => {
    t = await createTestApp({ liveHosts: HOSTS });
    player = await createMember(t.app);
    other = await createMember(t.app);
    moderator = await createOperator(t.app, { role: 'support' });
    nobody = await createOperator(t.app, { permissions: ['content'] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the host and the stream to anyone; a guest reads, a member posts', async () => {
    const room = (await call('GET', '/wps/rooms/anna')).json().value;
    expect(room.host).toEqual({
      id: 'anna',
      name: 'Anna',
      avatarUrl: null,
      online: true,
      streamUrl: 'https://stream.example.com/anna.mp4',
    });
    expect(room.standing).toEqual({ status: 'guest', mutedUntil: null, reason: null, name: null });
    expect((await call('GET', '/wps/rooms/bob')).json().value.host.streamUrl).toBeNull();

    const mine = (await call('GET', '/wps/rooms/anna', player.token)).json().value.standing;
    expect(mine).toMatchObject({ status: 'ok' });
    // Never the login name in full: the nickname, or the account masked.
    expect(mine.name).not.toBe(player.account);
    expect(mine.name).toMatch(/\*\*\*/);

    const posted = await call('POST', '/wps/rooms/anna/messages', player.token, {
      text: '  Namaste Anna!  ',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().value).toMatchObject({ room: 'anna', text: 'Namaste Anna!', authorName: mine.name });
    expect(await texts('anna')).toContain('Namaste Anna!');
    // The other room is another room.
    expect(await texts('bob')).not.toContain('Namaste Anna!');

    const guest = await call('POST', '/wps/rooms/anna/messages', null, { text: 'hi' });
    expect(guest.statusCode).toBe(401);
    // A trial account reads but does not post: the message says a real account is needed.
    const trial = await createMember(t.app, { type: 4 });
    expect((await call('GET', '/wps/rooms/anna', trial.token)).json().value.standing.status).toBe('trial');
    const refused = await call('POST', '/wps/rooms/anna/messages', trial.token, { text: 'hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/real account/);
    // An operator is no member of the room: the console moderates with its own calls.
    expect((await call('POST', '/wps/rooms/anna/messages', moderator.token, { text: 'hi' })).statusCode).toBe(
      403,
    );
  });

  it('masks the word list case-insensitively, in English and Nepali, and never refuses for it', async () => {
    const set = await call('PUT', '/wps/admin/rooms/words', moderator.token, {
      words: ['Scam', 'scam', ' चोर ', 'fraud'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().value.words).toEqual(['fraud', 'scam', 'चोर']);
    const post = async (text: string) =>
      (await call('POST', '/wps/rooms/bob/messages', other.token, { text })).json().value;
    expect(await post('This is a SCAM, a Scam!')).toMatchObject({
      text: 'This is a ****, a ****!',
      filtered: true,
    });
    expect((await post('ऊ चोर हो')).text).toBe('ऊ *** हो');
    expect(await post('All fine here')).toMatchObject({ text: 'All fine here', filtered: false });
    expect((await call('GET', '/wps/admin/rooms/words', moderator.token)).json().value.words).toHaveLength(3);
  });

  it('compiles the filter longest word first and across Unicode compositions', () => {
    const f = compileWordFilter(['ass', 'assassin', 'café']);
    expect(f.mask('ASSASSIN!').text).toBe('********!');
    // "café" typed with a combining accent (decomposed) is the same word.
    expect(f.mask('cafe\u0301 time')).toEqual({ text: '**** time', filtered: true });
    expect(compileWordFilter([]).mask('a.b')).toEqual({ text: 'a.b', filtered: false });
    // Listed words are text, not patterns.
    expect(compileWordFilter(['a.b']).mask('axb a.b').text).toBe('axb ***');
  });

  it('mutes for some minutes (expiring), bans and unbans; the player sees the standing', async () => {
    const m = await createMember(t.app);
    const muted = await call('POST', `/wps/admin/rooms/anna/members/${m.id}/mute`, moderator.token, {
      minutes: 30,
      reason: 'spam',
    });
    expect(muted.statusCode).toBe(200);
    expect(muted.json().value).toMatchObject({ memberId: m.id, banned: false, reason: 'spam' });
    const standing = (await call('GET', '/wps/rooms/anna', m.token)).json().value.standing;
    expect(standing).toMatchObject({ status: 'muted', reason: 'spam' });
    expect(Date.parse(standing.mutedUntil) - Date.now()).toBeGreaterThan(29 * 60_000);
    const refused = await call('POST', '/wps/rooms/anna/messages', m.token, { text: 'let me talk' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are muted in this room for 30 more minutes.');
    // Only in that room.
    expect((await call('POST', '/wps/rooms/bob/messages', m.token, { text: 'elsewhere' })).statusCode).toBe(
      200,
    );
    const listed = (await call('GET', '/wps/admin/rooms/anna/sanctions', moderator.token)).json().value;
    expect(listed.map((s: { memberId: number }) => s.memberId)).toContain(m.id);

    // A mute whose time has passed (given two minutes ago, for one): the member posts again.
    await t.app.services.rooms.moderation.mute(
      'anna',
      m.id,
      1,
      'old',
      { id: moderator.id, account: moderator.account },
      new Date(Date.now() - 120_000),
    );
    expect((await call('GET', '/wps/rooms/anna', m.token)).json().value.standing.status).toBe('ok');
    expect((await call('POST', '/wps/rooms/anna/messages', m.token, { text: 'back' })).statusCode).toBe(200);
    expect(
      (await call('GET', '/wps/admin/rooms/anna/sanctions', moderator.token))
        .json()
        .value.map((s: { memberId: number }) => s.memberId),
    ).not.toContain(m.id);

    const banned = await call('POST', `/wps/admin/rooms/anna/members/${m.id}/ban`, moderator.token, {
      reason: 'abuse',
    });
    expect(banned.json().value).toMatchObject({ banned: true, reason: 'abuse' });
    expect((await call('GET', '/wps/rooms/anna', m.token)).json().value.standing).toMatchObject({
      status: 'banned',
      reason: 'abuse',
    });
    const no = await call('POST', '/wps/rooms/anna/messages', m.token, { text: 'hello?' });
    expect(no.statusCode).toBe(403);
    expect(no.json().message).toBe('You are banned from this room.');
    // A banned member still reads, as any guest could.
    expect((await call('GET', '/wps/rooms/anna/messages', m.token)).statusCode).toBe(200);
    expect(
      (await call('POST', `/wps/admin/rooms/anna/members/${m.id}/unban`, moderator.token)).statusCode,
    ).toBe(200);
    expect((await call('POST', '/wps/rooms/anna/messages', m.token, { text: 'sorry' })).statusCode).toBe(200);
    // Lifting what was never given, or sanctioning a member who does not exist: 404.
    const fresh = await createMember(t.app);
    expect(
      (await call('POST', `/wps/admin/rooms/anna/members/${fresh.id}/unban`, moderator.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/wps/admin/rooms/anna/members/99999999/mute', moderator.token, { minutes: 5 }))
        .statusCode,
    ).toBe(404);

    const auditor = await createOperator(t.app, { permissions: ['audit'] });
    for (const action of ['rooms.mute', 'rooms.ban', 'rooms.unban', 'rooms.words']) {
      const audit = await call(
        'GET',
        `/wps/admin/audit?pageNo=1&pageSize=50&action=${action}`,
        auditor.token,
      );
      expect(JSON.stringify(audit.json().value), action).toContain(moderator.account);
    }
  });

  it('deletes a message for everyone (audited) and pages older messages on demand', async () => {
    const posted = (
      await call('POST', '/wps/rooms/anna/messages', player.token, { text: 'delete me' })
    ).json().value;
    const admin = (await call('GET', '/wps/admin/rooms/anna/messages', moderator.token)).json().value;
    expect(admin.messages.at(-1)).toMatchObject({
      id: posted.id,
      memberId: player.id,
      account: player.account,
    });
    expect(
      (await call('DELETE', `/wps/admin/rooms/anna/messages/${posted.id}`, nobody.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/wps/admin/rooms/bob/messages/${posted.id}`, moderator.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/wps/admin/rooms/anna/messages/${posted.id}`, moderator.token)).statusCode,
    ).toBe(200);
    expect(await texts('anna')).not.toContain('delete me');
    expect(
      (await call('DELETE', `/wps/admin/rooms/anna/messages/${posted.id}`, moderator.token)).statusCode,
    ).toBe(404);
    const auditor = await createOperator(t.app, { permissions: ['audit'] });
    const audit = await call(
      'GET',
      '/wps/admin/audit?pageNo=1&pageSize=50&action=rooms.message.delete',
      auditor.token,
    );
    expect(JSON.stringify(audit.json().value)).toContain('delete me');

    // Paging: the newest page, then the ones before it, oldest first each time.
    const writers = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(t.app)));
    for (let i = 0; i < ROOM_PAGE_SIZE + 5; i++) {
      const w = writers[i % writers.length]!;
      expect((await call('POST', '/wps/rooms/bob/messages', w.token, { text: `m${i}` })).statusCode).toBe(
        200,
      );
    }
    const newest = (await call('GET', '/wps/rooms/bob/messages')).json().value;
    expect(newest.messages).toHaveLength(ROOM_PAGE_SIZE);
    expect(newest.messages.at(-1).text).toBe(`m${ROOM_PAGE_SIZE + 4}`);
    expect(newest.hasMore).toBe(true);
    const older = (await call('GET', `/wps/rooms/bob/messages?before=${newest.messages[0].id}`)).json().value;
    expect(older.messages.at(-1).text).toBe('m4');
    const after = (await call('GET', `/wps/rooms/bob/messages?after=${newest.messages.at(-2).id}`)).json()
      .value;
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual([`m${ROOM_PAGE_SIZE + 4}`]);
  });

  it('keeps the console to operators with `rooms`', async () => {
    for (const token of [nobody.token, player.token]) {
      expect((await call('GET', '/wps/admin/rooms', token)).statusCode).toBe(403);
      expect((await call('PUT', '/wps/admin/rooms/words', token, { words: [] })).statusCode).toBe(403);
      expect(
        (await call('POST', `/wps/admin/rooms/anna/members/${other.id}/mute`, token, { minutes: 5 }))
          .statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/wps/admin/rooms', null)).statusCode).toBe(401);
    const rooms = (await call('GET', '/wps/admin/rooms', moderator.token)).json().value;
    expect(rooms.map((r: { id: string }) => r.id)).toEqual(['anna', 'bob']);
  });

  it('limits how fast one member posts', async () => {
    const flooder = await createMember(t.app);
    const codes: number[] = [];
    for (let i = 0; i <= ROOM_MESSAGES_PER_MINUTE; i++) {
      codes.push(
        (await call('POST', '/wps/rooms/bob/messages', flooder.token, { text: `f${i}` })).statusCode,
      );
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(ROOM_MESSAGES_PER_MINUTE);
    expect(codes.at(-1)).toBe(429);
    // Another member is not held back by it.
    expect((await call('POST', '/wps/rooms/bob/messages', other.token, { text: 'me too' })).statusCode).toBe(
      200,
    );
  });

  it('answers bad input with a 4xx and the message, never a 500', async () => {
    const bad: Array<[Method, string, object | undefined, number, string | null]> = [
      ['POST', '/wps/rooms/anna/messages', { text: '   ' }, 400, player.token],
      ['POST', '/wps/rooms/anna/messages', { text: 'x'.repeat(201) }, 400, player.token],
      ['POST', '/wps/rooms/anna/messages', { text: 42 }, 400, player.token],
      ['POST', '/wps/rooms/anna/messages', { text: 'a\u0000b' }, 400, player.token],
      ['POST', '/wps/rooms/nobody/messages', { text: 'hi' }, 404, player.token],
      ['GET', '/wps/rooms/bad%20id', undefined, 400, null],
      ['GET', `/wps/rooms/${'x'.repeat(65)}`, undefined, 400, null],
      ['GET', '/wps/rooms/anna/messages?before=abc', undefined, 400, null],
      ['GET', '/wps/rooms/anna/messages?after=0', undefined, 400, null],
      ['DELETE', '/wps/admin/rooms/anna/messages/abc', undefined, 400, moderator.token],
      ['POST', `/wps/admin/rooms/anna/members/${other.id}/mute`, { minutes: 0 }, 400, moderator.token],
      ['POST', `/wps/admin/rooms/anna/members/${other.id}/mute`, { minutes: 10_081 }, 400, moderator.token],
      ['POST', `/wps/admin/rooms/anna/members/${other.id}/mute`, { minutes: 1.5 }, 400, moderator.token],
      ['POST', '/wps/admin/rooms/anna/members/99999999999/ban', {}, 400, moderator.token],
      ['PUT', '/wps/admin/rooms/words', { words: ['x'.repeat(41)] }, 400, moderator.token],
      ['PUT', '/wps/admin/rooms/words', { words: Array(501).fill('w') }, 400, moderator.token],
      ['PUT', '/wps/admin/rooms/words', { words: [''] }, 400, moderator.token],
    ];
    for (const [method, url, payload, status, token] of bad) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 40)}`).toBe(status);
      expect(res.json()).toMatchObject({ success: false });
    }
    // No host configured at all: the room says live is not available, not a 500.
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/wps/rooms/anna' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Live streaming is not available right now.');
    } finally {
      await bare.close();
    }
  });
});
