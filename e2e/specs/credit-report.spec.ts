import type { Page } from '@playwright/test';
import { rememberPreferences } from '../fixtures/shots.ts';
import { expect, test } from '../fixtures/server.ts';
import { signInPlayer } from './wallet-helpers.ts';

// demo01 of the demo world (10,000.00 put on its wallet by an adjustment), on a phone.
test.use({ world: 'demo', viewport: { width: 360, height: 780 } });

const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('the member reads the credit report from the Wallet menu: totals, by type, by day and by month', async ({
  page,
}) => {
  await signInPlayer(page, 'demo01', 'Demo@1234');
  await page.goto('/member?page=depositv2');
  const menu = page.getByRole('navigation', { name: 'Member centre pages' });
  await menu.getByRole('link', { name: 'Credit report' }).click();
  await expect(page).toHaveURL(/page=creditReport/);
  await expect(page.getByRole('heading', { level: 2, name: 'Credit report' })).toBeVisible();

  const totals = page.getByTestId('credit-totals');
  await expect(totals).toContainText('10,000.00');
  await expect(totals).toContainText('1 transaction');
  await expect(page.getByTestId('credit-type-adjustment')).toContainText('Adjustments');
  await expect(page.getByRole('heading', { name: 'By day' })).toBeVisible();
  await fitsPhone(page);

  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'By month' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await fitsPhone(page);
});

test('the credit report in Nepali and the dark theme fits a phone', async ({ page }) => {
  await signInPlayer(page, 'demo01', 'Demo@1234');
  // From the next page load on, as a returning visitor who chose Nepali and the dark theme.
  await rememberPreferences(page, 'dark', 'NE');
  await page.goto('/member?page=creditReport');
  await expect(page.getByRole('heading', { level: 2, name: 'क्रेडिट रिपोर्ट' })).toBeVisible();
  await expect(page.getByTestId('credit-totals')).toContainText('10,000.00');
  await expect(page.getByRole('heading', { name: 'दिन अनुसार' })).toBeVisible();
  await fitsPhone(page);
});
