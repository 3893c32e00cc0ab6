import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';

// agent01 of the demo world, on a phone.
test.use({ world: 'demo', viewport: { width: 360, height: 780 } });

/** SPEC §2 agent-centre page keys and the heading of the page each opens. */
const KEYS: ReadonlyArray<[string, string]> = [
  ['agentAnnouncement', 'Announcement'],
  ['agentTeamOverview', 'Team overview'],
  ['registerCenter', 'Register account'],
  ['downlineManagmentView', 'Team management'],
  ['personalHistoryCopy', 'My betting record'],
  ['palStatementsAgentCopy', 'User loss'],
  ['agentRevenueReport', 'My income'],
  ['agentDownlineTransactionDetailsCopy', 'Account details'],
  ['agentDividendRecordCopy2', 'Bonus and dividend'],
  ['agentDailyWages2', 'Daily wages'],
  ['agentHourSalary', 'Hourly salary'],
  ['agentRealtimeSalary', 'Real-time salary'],
];

async function signInAgent(page: Page) {
  await page.goto('/agent');
  const form = page.getByRole('region', { name: 'Agent login' });
  await form.getByRole('textbox', { name: 'Username' }).fill('agent01');
  await form.getByLabel('Password', { exact: true }).fill('Agent@1234');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Agent menu' })).toBeVisible();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

test('every SPEC agent-centre page key opens its page; an old key is replaced by its new one', async ({
  page,
}) => {
  // Twelve full page loads, each a cold start of the app (the address is what is under test).
  test.setTimeout(180_000);
  await signInAgent(page);
  for (const [key, title] of KEYS) {
    await page.goto(`/agentHome?page=${key}`);
    await expect(heading(page, title), key).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${key}$`));
  }
  // The agent's own betting record is the member centre's list of rounds, inside the agent layout.
  await page.goto('/agentHome?page=personalHistoryCopy');
  await expect(page.getByRole('navigation', { name: 'Agent menu' })).toBeVisible();
  await expect(page.getByText('No rounds in this period.')).toBeVisible();

  // The menu addresses its pages by the new keys.
  await page
    .getByRole('navigation', { name: 'Agent menu' })
    .getByRole('button', { name: 'Team management', exact: true })
    .click();
  await expect(page).toHaveURL(/[?&]page=downlineManagmentView$/);
  await expect(heading(page, 'Team management')).toBeVisible();

  // An old link still works: its page opens and the address takes the new key, replacing the old.
  await page.goto('/agentHome?page=userLoss');
  await expect(page).toHaveURL(/[?&]page=palStatementsAgentCopy$/);
  await expect(heading(page, 'User loss')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=downlineManagmentView$/);
  await expect(heading(page, 'Team management')).toBeVisible();
});

test('a guest opening the agent centre gets the login popup, and the centre after signing in', async ({
  page,
}) => {
  await page.goto('/agentHome?page=agentRevenueReport');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Username' }).fill('agent01');
  await dialog.getByLabel('Password', { exact: true }).fill('Agent@1234');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/agentHome\?page=agentRevenueReport$/);
  await expect(heading(page, 'My income')).toBeVisible();
});

test('a free-play account opening the member centre is told a real account is needed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Try free play' }).click();
  await expect(page.getByRole('banner').getByText('Play money')).toBeVisible();
  await page.goto('/member?page=securityCenter');
  const notice = page.getByRole('dialog').filter({ hasText: 'This needs a real account.' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  // Its own rounds stay open to it, without the message.
  await page.getByRole('link', { name: 'Betting record' }).first().click();
  await expect(page).toHaveURL(/page=personalHistoryCopy/);
  await expect(page.getByText('No rounds in this period.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('link management: agent01 makes a named link, a visitor registers through it, the count and the team show it', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  await signInAgent(page);
  await page
    .getByRole('navigation', { name: 'Agent menu' })
    .getByRole('button', { name: 'Invite links', exact: true })
    .click();
  await expect(page).toHaveURL(/[?&]page=linkManagement$/);
  await expect(heading(page, 'Invite links')).toBeVisible();
  const form = page.getByRole('form', { name: 'New invite link' });
  await form.getByLabel('Link name').fill('TikTok bio');
  await form.getByLabel('Channel').selectOption('TIKTOK');
  await form.getByRole('button', { name: 'Create link' }).click();
  const card = page.getByRole('listitem', { name: 'TikTok bio' });
  await expect(card).toContainText('TikTok');
  await expect(card.getByTestId('invite-link-count')).toHaveText('0');
  const url = (await card.locator('.link-card__url').textContent())?.trim() ?? '';
  expect(url).toMatch(/\/register\?link=[A-Z2-9]{10}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Someone opens the link in a browser of their own and registers.
  const visitor = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 360, height: 780 } });
  await visitor.goto(new URL(url).pathname + new URL(url).search);
  const dialog = visitor.getByRole('dialog', { name: 'Register' });
  await dialog.getByLabel('Username').fill('linkjoiner1');
  await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
  await dialog.getByLabel('Confirm password').fill('Secret123');
  await dialog.getByLabel(/at least 18 years old/).check();
  await dialog.getByLabel(/I have read and agree/).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor.getByRole('dialog', { name: 'Welcome to WPS' })).toBeVisible();
  const agent = await server.app.services.members.getByAccount('agent01');
  expect((await server.app.services.members.getByAccount('linkjoiner1'))?.parentId).toBe(agent?.id);

  // The agent sees the registration counted on that link; renaming and disabling keep the count.
  await page.reload();
  await expect(card.getByTestId('invite-link-count')).toHaveText('1');
  await card.getByRole('button', { name: 'Rename' }).click();
  await card.getByLabel('Link name').fill('TikTok profile');
  await card.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('listitem', { name: 'TikTok profile' });
  await expect(renamed.getByTestId('invite-link-count')).toHaveText('1');
  await renamed.getByRole('button', { name: 'Disable' }).click();
  await expect(renamed).toContainText('Disabled');
});
