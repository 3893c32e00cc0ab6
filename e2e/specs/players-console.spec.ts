import { createMember, createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';

/**
 * Issue 16, players in the console: what an operator clicks. Rules (search kinds, status
 * effects, moves, KYC validation, linked accounts) are tested at the API level in modules/players.
 */
test.describe('players in the console', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('an operator finds a player by mobile, adds a note and freezes; the player can no longer log in', async ({
    page,
    server,
    browser,
  }) => {
    const player = await createMember(server.app, {
      account: 'frozen01',
      password: 'Frozen@1234',
      countryDialingCode: '977',
      mobileNum: '9812345670',
      payeeName: 'Sita Sharma',
    });
    const op = await createOperator(server.app, { permissions: ['players.read', 'players.write'] });

    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(op.account);
    await page.getByLabel('Password').fill(op.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Players' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();

    await page.getByLabel('Search by').selectOption('mobile');
    await page.getByLabel('Search for').fill('981234');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: player.account }).click();
    await expect(page.getByRole('heading', { level: 1, name: player.account })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    // Phone width: the page never grows wider than the screen (tables scroll in their own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('New note').fill('Asked to pause the account while a deposit is checked.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Asked to pause the account while a deposit is checked.')).toBeVisible();
    await expect(page.getByText(new RegExp(`^${op.account} ·`))).toBeVisible();

    await page.getByRole('button', { name: 'Freeze' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Deposit under review');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Frozen', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unfreeze' })).toBeVisible();

    // The player, in another browser, is refused at login with the frozen message.
    const site = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 360, height: 740 } });
    await site.goto('/');
    await site.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const login = site.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('textbox', { name: 'Username' }).fill(player.account);
    await login.getByLabel('Password', { exact: true }).fill(player.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(
      login.getByText('This account has been frozen, please contact customer service.'),
    ).toBeVisible();
    await site.close();
  });
});
