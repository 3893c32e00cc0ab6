import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createOperator } from '../../test/members.ts';

/** A guest's unread badge (issue 31): the status call counts the answers of the conversation its token opened. */
describe('support status for a guest', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = (await createOperator(t.app, { role: 'support' })).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const status = (headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/wps/support/status', headers }).then((r) => r.json().value);

  it('answers the unread count of the guest token’s conversation, and only that one', async () => {
    const opened = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/support/conversations',
        payload: { message: 'Can I play without an account?', name: 'Hari' },
      })
    ).json().value as { id: number; guestToken: string };
    const guest = { 'x-support-token': opened.guestToken };
    expect(await status(guest)).toMatchObject({ conversationId: opened.id, unread: 0 });

    for (const text of ['Yes, try the demo games.', 'Anything else?']) {
      await t.app.inject({
        method: 'POST',
        url: `/wps/admin/support/conversations/${opened.id}/messages`,
        headers: { token: operator },
        payload: { text },
      });
    }
    expect(await status(guest)).toMatchObject({ conversationId: opened.id, unread: 2 });
    // Without the token, or with one that opened nothing: no conversation, nothing unread.
    expect(await status()).toMatchObject({ conversationId: null, unread: 0 });
    expect(await status({ 'x-support-token': 'A'.repeat(43) })).toMatchObject({
      conversationId: null,
      unread: 0,
    });

    // Reading the conversation clears the badge.
    await t.app.inject({ url: `/wps/support/conversations/${opened.id}/messages`, headers: guest });
    expect(await status(guest)).toMatchObject({ conversationId: opened.id, unread: 0 });
  });
});
