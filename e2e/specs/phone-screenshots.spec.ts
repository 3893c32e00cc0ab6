import { COMBOS, rememberPreferences, shoot, takingShots } from '../fixtures/shots.ts';
import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo } from './wallet-helpers.ts';

/**
 * Phone pictures (390 px) of the screens a player uses most, in both themes and languages, for a
 * person to review in e2e/artifacts/: home, the header with the bottom tab bar, the cashier.
 */
test.describe('phone screenshots', () => {
  test('home, header, tab bar and cashier at 390 px, every theme and language', async ({
    browser,
    server,
  }) => {
    test.setTimeout(300_000);
    await seedWalletDemo(server);
    for (const { theme, lang } of COMBOS) {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await rememberPreferences(page, theme, lang);
      const tag = `${theme}-${lang.toLowerCase()}`;
      await page.goto('/');
      // The home's top: the operator's banners (seeded here) or, without any, the hero.
      await expect(page.locator('.banner-carousel img, .hero__title').first()).toBeVisible();
      await shoot(page, `phone-guest-home-${tag}`);
      // Signed in through the API (the labels of the login popup differ per language); SPEC §2's
      // start-up ?token= hands the session to the page.
      const res = await fetch(`${server.baseURL}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo01', password: 'Demo@1234' }),
      });
      const { value } = (await res.json()) as { value: { token: string } };
      await page.goto(`/?token=${value.token}`);
      await expect(page.getByTestId('header-balance')).toBeVisible();
      await shoot(page, `phone-home-${tag}`);
      if (takingShots) await page.screenshot({ path: `artifacts/phone-header-${tag}.png` });
      await page.getByRole('navigation', { name: /./ }).last().getByRole('button').last().click();
      if (takingShots) await page.screenshot({ path: `artifacts/phone-account-menu-${tag}.png` });
      await page.keyboard.press('Escape');
      for (const p of ['depositv2', 'withdraw']) {
        await page.goto(`/member?page=${p}`);
        await expect(page.locator('#member-page-title')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shoot(page, `phone-member-${p}-${tag}`);
      }
      await context.close();
    }
  });

  test('desktop home at 1280 px, both themes', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      await rememberPreferences(page, theme, 'EN');
      await page.goto('/');
      // The home's top: the operator's banners (seeded here) or, without any, the hero.
      await expect(page.locator('.banner-carousel img, .hero__title').first()).toBeVisible();
      await shoot(page, `desktop-home-${theme}`);
    }
  });
});
