import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { COMBOS, rememberPreferences } from '../fixtures/shots.ts';
import { openConsole, signInPlayer } from './wallet-helpers.ts';

// The demo world (demo01 is a player) with two live hosts: Anna on stage without a stream, Bob offline.
test.use({ world: 'demo', viewport: { width: 390, height: 844 } });
test.use({
  serverConfig: {
    liveHosts: [
      { id: 'anna', name: 'Anna', avatarUrl: null, online: true, streamUrl: null },
      { id: 'bob', name: 'Bob', avatarUrl: null, online: false, streamUrl: null },
    ],
  },
});

const noSideScroll = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('host rooms (issue 31)', () => {
  test('a member at 390 px posts in a host room; an operator deletes it and mutes them; the member sees both at once', async ({
    page,
    server,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/liveStream');
    await page
      .getByRole('list', { name: 'Live hosts' })
      .getByRole('link', { name: 'Chat with Anna' })
      .click();
    await expect(page).toHaveURL(/\/liveStream\/room\?host=anna$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anna' })).toBeVisible();
    // No stream configured: said plainly, no player pretending.
    await expect(page.getByText('Anna has no stream playing right now. The chat is open.')).toBeVisible();
    const chat = page.getByRole('region', { name: 'Chat with Anna' });
    // The socket follows the room (one connection, live support's).
    await expect(chat.getByText('Live: new messages appear at once.')).toBeVisible();
    await chat.getByRole('textbox', { name: 'Message' }).fill('Hello Anna, great show!');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    const messages = chat.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText('Hello Anna, great show!')).toBeVisible();
    await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('room-member-390.png') });

    // An operator of the support role moderates from the console, on a phone too.
    const op = await createOperator(server.app, { role: 'support', account: 'opmoderator' });
    const desk = await openConsole(browser, server, op.account, op.password);
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.getByRole('link', { name: 'Host rooms' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Host rooms' })).toBeVisible();
    const said = desk
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: 'Hello Anna, great show!' });
    await expect(said).toContainText('demo01');
    await desk.getByLabel('Mute for (minutes)').fill('15');
    await desk.getByLabel('Reason (optional)').fill('Spam links');
    await said.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(desk.getByRole('region', { name: 'Muted and banned' }).getByText('demo01')).toBeVisible();
    await said.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(said).toHaveCount(0);
    expect(await noSideScroll(desk)).toBe(true);
    await desk.screenshot({ path: test.info().outputPath('room-console-390.png'), fullPage: true });

    // The member's page, without a reload: the message is gone and the mute is shown with its reason.
    await expect(chat.getByText('Hello Anna, great show!')).toHaveCount(0);
    await expect(chat.getByText(/^You are muted in this room until /)).toBeVisible();
    await expect(chat.getByText('Reason: Spam links')).toBeVisible();
    await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('room-muted-390.png') });

    // Both actions are in the audit log with the operator.
    const audit = await server.app.services.audit.list({ pageNo: 1, pageSize: 20 });
    const actions = audit.content.filter((e) => e.actorAccount === 'opmoderator').map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['rooms.mute', 'rooms.message.delete']));
    await desk.close();
  });

  test('a guest reads a room, and trying to post asks them to log in', async ({ page, server }) => {
    const member = await server.app.services.members.getByAccount('demo01');
    await server.app.services.rooms.post(
      'bob',
      { kind: 'member', memberId: member!.id, account: 'demo01', role: 'player' },
      'See you tonight!',
    );
    await page.goto('/liveStream/room?host=bob');
    await expect(page.getByRole('heading', { level: 1, name: 'Bob' })).toBeVisible();
    await expect(page.getByText('Bob is offline. The chat stays open.')).toBeVisible();
    const chat = page.getByRole('region', { name: 'Chat with Bob' });
    await expect(chat.getByRole('list', { name: 'Messages' }).getByText('See you tonight!')).toBeVisible();
    await chat.getByRole('textbox', { name: 'Message' }).fill('hi');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login).toBeVisible();
    await expect(login.getByText('Log in to chat with the host.')).toBeVisible();
  });

  test('the room at 390 px in both themes and languages', async ({ browser, server }) => {
    // Four cold page loads (the Nepali ones fetch the Devanagari font too).
    test.setTimeout(150_000);
    const member = await server.app.services.members.getByAccount('demo01');
    for (const text of ['Namaste!', 'नमस्ते, आज राम्रो खेल!']) {
      await server.app.services.rooms.post(
        'anna',
        { kind: 'member', memberId: member!.id, account: 'demo01', role: 'player' },
        text,
      );
    }
    for (const { theme, lang } of COMBOS) {
      const page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
      await rememberPreferences(page, theme, lang);
      await page.goto('/liveStream/room?host=anna');
      await expect(page.getByText('नमस्ते, आज राम्रो खेल!')).toBeVisible();
      expect(await noSideScroll(page)).toBe(true);
      await page.screenshot({
        path: test.info().outputPath(`room-${theme}-${lang}-390.png`),
        fullPage: true,
      });
      await page.close();
    }
  });
});
