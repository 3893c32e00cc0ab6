import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { COMBOS, rememberPreferences, shoot, takingShots } from '../fixtures/shots.ts';

/** Each identity popup and page in both themes and both languages, for a person to look at. */
const T = {
  EN: {
    login: 'Log in',
    register: 'Register',
    forgot: 'Forgot password',
    change: 'Change password',
    sms: 'SMS code',
    mobileTab: 'By mobile number',
  },
  NE: {
    login: 'लगइन',
    register: 'दर्ता',
    forgot: 'पासवर्ड बिर्सनुभयो',
    change: 'पासवर्ड परिवर्तन',
    sms: 'SMS कोड',
    mobileTab: 'मोबाइल नम्बरबाट',
  },
} as const;

async function dialogShot(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  // The popup's opening transition ends before the picture.
  if (takingShots) await page.waitForTimeout(300);
  await shoot(page, name);
}

for (const { theme, lang } of COMBOS) {
  test(`identity screens — ${theme} ${lang}`, async ({ page, server }) => {
    test.setTimeout(120_000);
    await server.seedMembers();
    await rememberPreferences(page, theme, lang);
    const l = T[lang];
    const suffix = `${theme}-${lang.toLowerCase()}`;

    await page.goto('/login');
    const login = page.getByRole('dialog', { name: l.login, exact: true });
    await expect(login.getByRole('tab').first()).toBeVisible();
    // Empty submit: the field messages show.
    await login.locator('form button[type="submit"]').click();
    await dialogShot(page, login, `identity-login-${suffix}`);
    await login.getByRole('tab', { name: l.sms }).click();
    await dialogShot(page, login, `identity-login-sms-${suffix}`);

    await page.goto('/register');
    const register = page.getByRole('dialog', { name: l.register, exact: true });
    await expect(register.locator('form')).toBeVisible();
    await register.locator('form button[type="submit"]').click();
    await dialogShot(page, register, `identity-register-${suffix}`);

    await page.goto('/login');
    await page
      .getByRole('dialog', { name: l.login, exact: true })
      .locator('.auth-links .link-btn')
      .first()
      .click();
    const forgot = page.getByRole('dialog', { name: l.forgot });
    await dialogShot(page, forgot, `identity-forgot-${suffix}`);
    await forgot.getByRole('tab', { name: l.mobileTab }).click();
    await dialogShot(page, forgot, `identity-forgot-mobile-${suffix}`);

    await page.goto('/login');
    const again = page.getByRole('dialog', { name: l.login, exact: true });
    await again.locator('input[autocomplete="username"]').fill('newbie01');
    await again.locator('input[autocomplete="current-password"]').fill('{secret}');
    await again.locator('form button[type="submit"]').click();
    const change = page.getByRole('dialog', { name: l.change });
    await dialogShot(page, change, `identity-change-forced-${suffix}`);
    await change.locator('input').nth(0).fill('Newbie2024');
    await change.locator('input').nth(1).fill('Newbie2024');
    await change.locator('form button[type="submit"]').click();
    await expect(change).toHaveCount(0);

    await page.goto('/member?page=securityCenter');
    await expect(page.locator('.security')).toBeVisible();
    await shoot(page, `identity-security-${suffix}`);

    const header = page.getByRole('banner');
    await header.locator('.account-menu__trigger').click();
    if (takingShots) await page.waitForTimeout(200);
    if (takingShots)
      await page.screenshot({
        path: `artifacts/identity-header-menu-${suffix}.png`,
        clip: { x: 0, y: 0, width: 1280, height: 460 },
      });
    await header.locator('.account-menu__list button').last().click();
    if (takingShots) await page.waitForTimeout(200);
    if (takingShots) await page.screenshot({ path: `artifacts/identity-logout-confirm-${suffix}.png` });
    await page.keyboard.press('Escape');

    await page.goto('/agent');
    await expect(page.locator('.agent-login form')).toBeVisible();
    await shoot(page, `identity-agent-${suffix}`);
  });
}

test('mobile layout of the login and register popups', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await page.waitForTimeout(300);
  if (takingShots) await page.screenshot({ path: 'artifacts/identity-login-mobile.png' });
  await page.goto('/register');
  await expect(page.getByRole('dialog', { name: 'Register' }).locator('form')).toBeVisible();
  await page.waitForTimeout(300);
  if (takingShots) await page.screenshot({ path: 'artifacts/identity-register-mobile.png' });
});
