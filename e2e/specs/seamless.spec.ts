import { expect, test } from '../fixtures/server.ts';

test.use({ world: 'demo', viewport: { width: 390, height: 844 } });

test('/seamless: a guest is asked to log in; demo01 sees the one balance every provider plays from and the providers on it', async ({
  page,
}) => {
  await page.goto('/seamless');
  await expect(page.getByRole('heading', { level: 1, name: 'Seamless wallet' })).toBeVisible();
  await expect(page.getByText('Log in to see the balance every game plays from.')).toBeVisible();
  const providers = page.getByRole('list', { name: 'Providers on this wallet' });
  // The demo catalogue's providers, once each, with the categories they play in.
  await expect(providers.getByRole('listitem').filter({ hasText: 'JDB' })).toContainText('Slots · Fishing');
  await expect(providers.getByRole('listitem').first()).toContainText('Connected');
  await expect(page.getByText('not available yet')).toHaveCount(0);

  await page.locator('.seamless-page').getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Username' }).fill('demo01');
  await page.getByRole('dialog').getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('dialog').getByRole('button', { name: 'Log in', exact: true }).click();
  const wallet = page.getByRole('region', { name: 'Your wallet' });
  await expect(wallet.getByText('10,000.00')).toBeVisible();
  await wallet.getByRole('link', { name: 'Transaction history' }).click();
  await expect(page).toHaveURL(/\/member\?page=transactionHistory$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
