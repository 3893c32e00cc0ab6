import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

/** The player shell on a phone: one header row, the bottom tab bar, toasts on screen. */
test.describe('phone shell', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a guest: the tab bar leads home, to the games menu, and its Deposit and Account ask to log in', async ({
    page,
  }) => {
    await page.goto('/promotions');
    const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
    await expect(tabs.getByRole('link', { name: 'Promotions' })).toHaveAttribute('aria-current', 'page');
    // The tab bar sits at the bottom edge of the screen.
    const box = await tabs.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(844);

    await tabs.getByRole('button', { name: 'Deposit' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expect(login).toBeVisible();
    // A popup puts the cursor in its first field.
    await expect(login.getByRole('textbox', { name: 'Username' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(login).toHaveCount(0);
    await tabs.getByRole('button', { name: 'Account' }).click();
    await expect(login).toBeVisible();
    await page.keyboard.press('Escape');

    await tabs.getByRole('button', { name: 'Games' }).click();
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await menu.getByRole('link', { name: 'Fishing' }).click();
    await expect(page).toHaveURL(/\/fish$/);
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the games menu opened while the next page is still loading stays open when that page arrives', async ({
    page,
  }) => {
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // The promotions page's chunk comes only when the test says so.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/promotions-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await tabs.getByRole('link', { name: 'Promotions' }).click();
    // The address bar moves at once; the page renders when its chunk is in.
    await expect(page).toHaveURL(/\/promotions$/);
    await tabs.getByRole('button', { name: 'Games' }).click();
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await expect(menu).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(menu).toBeVisible();
    // A link in it still closes it.
    await menu.getByRole('link', { name: 'Fishing' }).click();
    await expect(page).toHaveURL(/\/fish$/);
    await expect(menu).toHaveCount(0);
  });

  test('the language switch is in the header and the current category chip is scrolled into view', async ({
    page,
  }) => {
    await page.goto('/cockfight');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const chip = nav.getByRole('link', { name: 'Cockfight' });
    await expect(chip).toHaveAttribute('aria-current', 'page');
    await expect(chip).toBeInViewport({ ratio: 1 });

    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('NE');
    await expect(page.locator('html')).toHaveAttribute('lang', /^ne/);
  });

  test('signed in: one header row with the balance and Deposit; toasts stay on screen above the tab bar', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    const header = page.getByRole('banner');
    await expect(header.getByTestId('header-balance')).toContainText('10,000.00');
    const deposit = header.getByRole('button', { name: 'Deposit' });
    await expect(deposit).toBeVisible();
    const headerBox = await header.boundingBox();
    expect(headerBox?.height).toBeLessThanOrEqual(64);
    await expect(header.getByRole('button', { name: 'Withdraw' })).toBeHidden();

    await deposit.click();
    await expect(page).toHaveURL(/page=depositv2/);
    const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
    await tabs.getByRole('button', { name: 'Account' }).click();
    await expect(tabs.getByRole('link', { name: 'Account record' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy' }).first().click();
    const toast = page.getByRole('status').filter({ hasText: 'Copied' });
    await expect(toast).toBeInViewport({ ratio: 1 });
    const toastBox = await toast.boundingBox();
    const tabsBox = await tabs.boundingBox();
    expect(toastBox && tabsBox && toastBox.y + toastBox.height).toBeLessThanOrEqual(tabsBox?.y ?? 0);
  });
});
