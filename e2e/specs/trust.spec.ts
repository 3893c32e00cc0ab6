import { COMBOS, rememberPreferences, shoot } from '../fixtures/shots.ts';
import { expect, test } from '../fixtures/server.ts';
import { headerBalance, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

const LEGAL = [
  { link: 'Terms and conditions', linkNe: 'नियम तथा सर्तहरू', path: '/terms', h1: 'Terms and conditions' },
  { link: 'Privacy policy', linkNe: 'गोपनीयता नीति', path: '/privacy', h1: 'Privacy policy' },
  { link: 'Responsible gaming', linkNe: 'जिम्मेवार खेल', path: '/responsible-gaming', h1: 'Responsible gaming' },
  { link: 'About us', linkNe: 'हाम्रो बारेमा', path: '/about', h1: 'About us' },
] as const;

test.describe('legal pages', () => {
  test('every legal page is reachable from the footer, in English and in Nepali', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const doc of LEGAL) {
      await footer.getByRole('link', { name: doc.link }).click();
      await expect(page).toHaveURL(new RegExp(`${doc.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: doc.h1 })).toBeVisible();
      await expect(page).toHaveTitle(`${doc.h1} | WPS`);
    }
    await page.goto('/responsible-gaming');
    await expect(page.getByRole('link', { name: 'gamblingtherapy.org' })).toHaveAttribute(
      'href',
      'https://www.gamblingtherapy.org',
    );
    await expect(page.getByRole('heading', { name: 'Adults only: 18+' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('NE');
    for (const doc of LEGAL) {
      await page.getByRole('contentinfo').getByRole('link', { name: doc.linkNe }).click();
      await expect(page).toHaveURL(new RegExp(`${doc.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: doc.linkNe })).toBeVisible();
    }
    // Latin digits in Nepali too, with Nepali month names.
    await expect(page.getByText('पछिल्लो पटक अद्यावधिक: 23 नोभेम्बर 2026')).toBeVisible();
  });

  test('the register popup opens the terms in a new tab and keeps what was typed', async ({
    page,
    context,
  }) => {
    for (const lang of ['EN', 'NE'] as const) {
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('wps.lang', l), lang);
      await page.goto('/register');
      const dialog = page.getByRole('dialog');
      const username = dialog.getByRole('textbox').first();
      await username.fill('keepme01');
      const name = lang === 'EN' ? 'terms and conditions' : 'नियम तथा सर्तहरू';
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        dialog.getByRole('link', { name, exact: true }).click(),
      ]);
      await tab.waitForLoadState();
      await expect(tab).toHaveURL(/\/terms$/);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'EN' ? 'Terms and conditions' : 'नियम तथा सर्तहरू',
      );
      await tab.close();
      await expect(username).toHaveValue('keepme01');
    }
  });
});

test.describe('install pages', () => {
  test('the app-download QR targets explain Add to Home Screen per platform', async ({ page }) => {
    const ios = await page.goto('/download/ios');
    expect(ios?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'WPS on iPhone and iPad' })).toBeVisible();
    await expect(page.getByText('Add to Home Screen').first()).toBeVisible();
    await page.getByRole('link', { name: 'On Android instead?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'WPS on Android' })).toBeVisible();
    await expect(page.getByText(/Install app/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('NE');
    await expect(page.getByRole('heading', { level: 1, name: 'Android मा WPS' })).toBeVisible();
  });
});

test.describe('after registration', () => {
  test('the welcome step leads to the deposit page', async ({ page }) => {
    await page.goto('/register');
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByLabel('Username').fill('welcome01');
    await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
    await dialog.getByLabel('Confirm password').fill('Secret123');
    await dialog.getByLabel(/at least 18 years old/).check();
    await dialog.getByLabel(/I have read and agree/).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const welcome = page.getByRole('dialog', { name: 'Welcome to WPS' });
    await expect(welcome).toContainText('Welcome, welcome01! Your account is ready.');
    await welcome.getByRole('button', { name: 'Make a deposit' }).click();
    await expect(welcome).toHaveCount(0);
    await expect(page).toHaveURL(/\/member\?page=depositv2$/);
    // Shown once: a reload does not bring it back.
    await page.reload();
    await expect(page).toHaveURL(/\/member\?page=depositv2$/);
    await expect(page.getByRole('dialog', { name: 'Welcome to WPS' })).toHaveCount(0);
  });
});

test.describe('decisions reach the player on any page', () => {
  test('an approved deposit updates the header balance with a toast, without a reload', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    const { members, cashier, auth } = server.services;
    const demo = await members.getByAccount('demo01');
    const op = await auth.operators.getByAccount('admin');
    if (!demo || !op) throw new Error('demo seed missing');
    const [channel] = await cashier.channels();
    if (!channel) throw new Error('no channel');
    const deposit = await cashier.requestDeposit(demo.id, {
      channelId: channel.id,
      amount: '500',
      reference: 'AUTO-TOAST-1',
    });

    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/promotions');
    await expect(headerBalance(page)).toHaveText('NPR 10,000.00');
    // The operator decides elsewhere (here straight through the service, as the console would).
    await cashier.approveDeposit({ id: op.id, account: 'admin' }, deposit.id);
    await expect(page.getByText('Your deposit of NPR 500.00 was approved.')).toBeVisible({ timeout: 20_000 });
    await expect(headerBalance(page)).toHaveText('NPR 10,500.00');
  });
});

test.describe('screenshots', () => {
  for (const { theme, lang } of COMBOS) {
    for (const width of [390, 1280]) {
      test(`legal, install and welcome pages ${theme} ${lang} ${width}`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.setViewportSize({ width, height: 900 });
        await rememberPreferences(page, theme, lang);
        for (const path of ['/terms', '/responsible-gaming', '/download/ios']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
          await shoot(page, `trust-${path.slice(1).replace('/', '-')}-${theme}-${lang}-${width}`);
        }
        await page.goto('/register');
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox').first().fill(`shot${width}${theme[0]}${lang}`.toLowerCase());
        await dialog.locator('input[type="password"]').nth(0).fill('Secret123');
        await dialog.locator('input[type="password"]').nth(1).fill('Secret123');
        await dialog.getByRole('checkbox').nth(0).check();
        await dialog.getByRole('checkbox').nth(1).check();
        await shoot(page, `trust-register-${theme}-${lang}-${width}`);
        await dialog.getByRole('button', { name: lang === 'EN' ? 'Create account' : /खाता/ }).click();
        await expect(page.getByRole('dialog').getByRole('button').nth(1)).toBeVisible();
        await shoot(page, `trust-welcome-${theme}-${lang}-${width}`);
      });
    }
  }
});
