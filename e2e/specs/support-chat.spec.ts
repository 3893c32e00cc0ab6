import { createECDH, randomBytes } from 'node:crypto';
import { testConfig } from '../../apps/server/src/config.ts';
import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { COMBOS, rememberPreferences } from '../fixtures/shots.ts';
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
    // Journeys block service workers: the push switch says so and cannot be turned on (issue 31).
    await expect(
      chat.getByRole('switch', { name: 'Notify me on this device when support replies' }),
    ).toBeDisabled();
    await expect(
      chat.getByText('This browser cannot show notifications from this site.', { exact: false }),
    ).toBeVisible();
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
    test.setTimeout(120_000);
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
    // A fresh load straight onto the chat's old address. (A reload, then a goto that only changed
    // the hash, raced the reloaded help popup's own #contact against #livechat: a CI run found the
    // chat not open once.)
    await page.goto('about:blank');
    await page.goto('/help#livechat');
    await expect(chat.getByText('खाता कसरी खोल्ने?')).toBeVisible();

    // The guest's unread badge (issue 31), at 390 px: with the chat closed, an operator's answer
    // shows on the side menu's Live chat, and reading it clears the badge.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await expect(chat).toHaveCount(0);
    // Closing the popup of /help leaves for / (router.tsx PopupOverHome), and a new address closes
    // the side menu: the menu is opened only after that, or it closes under the click (a CI run
    // found the Live chat entry gone at the click, once, on a loaded runner).
    await expect(page).toHaveURL(/\/$/);
    const conversationId = queue.find((i) => i.guestName === 'Sita')?.id;
    const op = await createOperator(server.app, { role: 'support', account: 'opguest' });
    const answered = await server.app.inject({
      method: 'POST',
      url: `/wps/admin/support/conversations/${conversationId}/messages`,
      headers: { token: op.token },
      payload: { text: 'नमस्ते Sita, म मद्दत गर्छु।' },
    });
    expect(answered.statusCode).toBe(200);
    const openSideMenu = () =>
      page.getByRole('navigation', { name: 'छिटो नेभिगेसन' }).getByRole('button', { name: 'खेलहरू' }).click();
    await openSideMenu();
    const liveChat = page
      .getByRole('complementary', { name: 'साइड मेनु' })
      .getByRole('button', { name: /प्रत्यक्ष च्याट/ });
    await expect(liveChat.getByTestId('support-unread')).toHaveText(/^1/, { timeout: 15_000 });
    expect(await noSideScroll(page)).toBe(true);
    await liveChat.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('support-guest-badge-ne-dark-390.png') });
    await liveChat.click();
    await expect(chat.getByText('नमस्ते Sita, म मद्दत गर्छु।')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chat).toHaveCount(0);
    await openSideMenu();
    await expect(liveChat).toBeVisible();
    await expect(liveChat.getByTestId('support-unread')).toHaveCount(0, { timeout: 15_000 });
  });
});

/**
 * "Notify me on this device when support replies" (issue 31). Journeys cannot reach a real push
 * service, so the page gets a stand-in for the browser's push manager (a subscription with real
 * P-256 keys); everything from the switch to the server's table is the product's.
 */
test.describe('push notifications for support replies (issue 31)', () => {
  test.use({ serverConfig: { webPush: { ...testConfig().webPush, subject: 'https://wps.example.com' } } });

  test('a member turns notifications on in the chat at 390 px, the device is registered, and turns them off', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const keys = {
      p256dh: browserKey.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    await page.addInitScript((k) => {
      // Kept for the tab like the browser keeps it: a reload still finds the subscription and the permission.
      const STORE = 'stand-in.push';
      const subscription = (options: unknown) => ({
        endpoint: 'https://push.example.net/send/journey',
        options,
        toJSON: () => ({ endpoint: 'https://push.example.net/send/journey', keys: k }),
        unsubscribe: async () => {
          sessionStorage.removeItem(STORE);
          return true;
        },
      });
      const pushManager = {
        getSubscription: async () => (sessionStorage.getItem(STORE) ? subscription(null) : null),
        subscribe: async (options: unknown) => {
          sessionStorage.setItem(STORE, '1');
          return subscription(options);
        },
      };
      Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
      // The browser's permission prompt, answered "Allow" (headless Chromium denies notifications).
      const GRANT = 'stand-in.notifications';
      Object.defineProperty(Notification, 'permission', {
        get: () => (sessionStorage.getItem(GRANT) ? 'granted' : 'default'),
        configurable: true,
      });
      Object.defineProperty(Notification, 'requestPermission', {
        value: async () => {
          sessionStorage.setItem(GRANT, '1');
          return 'granted';
        },
        configurable: true,
      });
      const sw = navigator.serviceWorker ?? {};
      Object.defineProperty(sw, 'getRegistration', {
        value: async () => ({ pushManager }),
        configurable: true,
      });
      if (!navigator.serviceWorker) Object.defineProperty(navigator, 'serviceWorker', { value: sw });
    }, keys);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    const demo = await server.app.services.members.getByAccount('demo01');
    expect(demo).toBeTruthy();
    const memberId = demo?.id ?? 0;

    await page.goto('/help#livechat');
    const chat = page.getByRole('dialog', { name: 'Live chat' });
    const toggle = chat.getByRole('switch', { name: 'Notify me on this device when support replies' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    await expect(
      chat.getByText('On: this device is notified when support replies while the site is closed.'),
    ).toBeVisible();
    await expect.poll(() => server.app.services.push.count(memberId)).toBe(1);
    expect(await noSideScroll(page)).toBe(true);

    // The switch in both themes and languages, on (the device is still subscribed). Through
    // about:blank: a same-URL goto would only move the hash, and the preferences load with the page.
    for (const { theme, lang } of COMBOS) {
      await rememberPreferences(page, theme, lang);
      await page.goto('about:blank');
      await page.goto('/help#livechat');
      await expect(page.getByRole('switch')).toBeChecked();
      expect(await noSideScroll(page)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`support-push-switch-${theme}-${lang}-390.png`) });
    }
    await rememberPreferences(page, 'light', 'EN');
    await page.goto('about:blank');
    await page.goto('/help#livechat');
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
    await expect.poll(() => server.app.services.push.count(memberId)).toBe(0);
  });
});
