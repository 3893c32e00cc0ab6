import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { rememberPreferences } from '../fixtures/shots.ts';
import { openConsole, signInPlayer } from './wallet-helpers.ts';

// The demo world: demo01 is a player with a balance the console shows beside the chat.
test.use({ world: 'demo' });
test.use({ viewport: { width: 390, height: 844 } });

const noSideScroll = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('live support chat (issue 31)', () => {
  test('a player on a phone opens a chat from the side menu, an operator answers from the console, the player sees it', async ({
    page,
    server,
    browser,
  }) => {
    test.setTimeout(150_000);
    // Outside the hours the chat says when we reply; staffed round the clock it says we are online.
    await server.app.services.system.setSupportHours({ from: '00:00', to: '24:00' }, null);
    await signInPlayer(page, 'demo01', 'Demo@1234');

    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('button', { name: 'Games' })
      .click();
    await page
      .getByRole('complementary', { name: 'Side menu' })
      .getByRole('button', { name: 'Live chat' })
      .click();
    const chat = page.getByRole('dialog', { name: 'Live chat' });
    await expect(chat.getByText('We are online: a member of our team will answer here.')).toBeVisible();
    await expect(chat.getByText('Support hours: every day, 24 hours')).toBeVisible();
    await chat.getByRole('textbox', { name: 'Type your message' }).fill('My deposit of 500 has not arrived.');
    await chat.getByRole('button', { name: 'Start chat' }).click();
    const messages = chat.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText('My deposit of 500 has not arrived.')).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('support-chat-390.png') });

    // An operator of the support role answers from the console's queue, the account beside the chat.
    const op = await createOperator(server.app, { role: 'support', account: 'opsupport' });
    const desk = await openConsole(browser, server, op.account, op.password);
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.getByRole('link', { name: 'Support chat' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Support chat' })).toBeVisible();
    await desk.getByRole('button', { name: /demo01/ }).click();
    const conversation = desk.getByRole('region', { name: 'demo01' });
    await expect(conversation.getByText('My deposit of 500 has not arrived.')).toBeVisible();
    await expect(conversation.getByRole('definition').filter({ hasText: 'demo01' })).toBeVisible();
    await conversation.getByRole('textbox', { name: 'Your answer' }).fill('We found it: it is credited now.');
    await conversation.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(conversation.getByText('Assigned to opsupport')).toBeVisible();
    expect(await noSideScroll(desk)).toBe(true);
    await desk.screenshot({ path: test.info().outputPath('support-console-390.png') });

    // The player sees the answer in the open chat, without reloading.
    await expect(messages.getByText('We found it: it is credited now.')).toBeVisible({ timeout: 15_000 });
    await expect(messages.getByText('opsupport')).toBeVisible();

    // With the chat closed, the next answer shows as an unread badge on the account tab.
    await page.keyboard.press('Escape');
    await expect(chat).toHaveCount(0);
    await conversation.getByRole('textbox', { name: 'Your answer' }).fill('Anything else?');
    await conversation.getByRole('button', { name: 'Send', exact: true }).click();
    const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
    await expect(tabs.getByTestId('support-unread')).toHaveText(/1/, { timeout: 40_000 });
    await desk.close();
  });

  test('a guest at 360 px, in Nepali and the dark theme, opens the chat from the help centre with a name; outside the hours it says when we reply', async ({
    page,
    server,
  }) => {
    // Hours that are never now: open one hour from now until two hours from now, Nepal time.
    const nepal = new Date(Date.now() + (5 * 60 + 45) * 60_000);
    const hh = (h: number) => `${String((nepal.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
    await server.app.services.system.setSupportHours({ from: hh(2), to: hh(3) }, null);
    await page.setViewportSize({ width: 360, height: 780 });
    await rememberPreferences(page, 'dark', 'NE');
    await page.goto('/help#contact');
    const help = page.getByRole('dialog', { name: 'सहायता केन्द्र' });
    await help.getByRole('button', { name: 'प्रत्यक्ष च्याट' }).click();
    const chat = page.getByRole('dialog', { name: 'प्रत्यक्ष च्याट' });
    await expect(chat.getByText(/हामी अहिले उपलब्ध छैनौं। हामी 2 घण्टाभित्र/)).toBeVisible();
    await expect(chat.getByText(/24 घण्टा/)).toHaveCount(0);
    await chat.getByRole('textbox', { name: 'तपाईंको नाम' }).fill('Sita');
    await chat.getByRole('textbox', { name: 'आफ्नो सन्देश लेख्नुहोस्' }).fill('खाता कसरी खोल्ने?');
    await chat.getByRole('button', { name: 'च्याट सुरु गर्नुहोस्' }).click();
    await expect(chat.getByRole('list', { name: 'सन्देशहरू' }).getByText('खाता कसरी खोल्ने?')).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('support-chat-guest-ne-dark-360.png') });

    // The console sees the guest by name; the guest's device keeps the conversation across a reload.
    const queue = (await server.app.services.support.desk.queue('open')).items;
    expect(queue.find((i) => i.guestName === 'Sita')?.lastMessage).toBe('खाता कसरी खोल्ने?');
    await page.reload();
    await page.goto('/help#livechat');
    await expect(chat.getByText('खाता कसरी खोल्ने?')).toBeVisible();
  });
});
