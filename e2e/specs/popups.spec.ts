import { expect, test } from '../fixtures/server.ts';

test.describe('modal system', () => {
  test('a popup is a labelled modal: focus moves in, Tab stays in, Esc closes and focus returns', async ({
    page,
  }) => {
    await page.goto('/');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Register' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Username' })).toBeVisible();

    const focusInside = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
    expect(await focusInside()).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('a guest pressing Deposit is asked to log in', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Wallet shortcuts' })
      .getByRole('button', { name: 'Deposit' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  test('the footer feedback link opens the feedback popup', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('dialog', { name: 'Feedback' })).toBeVisible();
  });

  test('on a phone the side menu is a drawer: loaded on demand, closed by Esc or by navigating', async ({
    page,
  }) => {
    const qrChunk: string[] = [];
    page.on('request', (r) => {
      if (/app-download-[^/]+\.js$/.test(r.url())) qrChunk.push(r.url());
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('.hero__title')).toBeVisible();
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await expect(menu).toHaveCount(0);
    expect(qrChunk).toEqual([]);

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => qrChunk.length).toBe(1);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Slots' }).click();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(menu).toHaveCount(0);
  });
});
