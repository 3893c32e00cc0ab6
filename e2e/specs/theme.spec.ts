import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('themes', () => {
  test('the toggle survives a reload, and the theme is set before the app script runs', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const dark = await bodyBackground(page);

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    const light = await bodyBackground(page);
    expect(light).not.toBe(dark);

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

    // No flash: with the application script blocked entirely, the inline pre-paint script alone
    // has already applied the remembered theme, so the first paint is in the right colours.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await bodyBackground(page)).toBe(light);
  });

  test('a first visit follows the system colour scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
