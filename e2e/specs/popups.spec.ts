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
});
