import { COMBOS, rememberPreferences, shoot, takingShots } from '../fixtures/shots.ts';
import { expect, test } from '../fixtures/server.ts';

/**
 * Pictures of the main screens in both themes and both languages, for a person to review
 * (e2e/artifacts/). Each still asserts the screen rendered, so a blank page fails here.
 */
test.describe('screenshots', () => {
  for (const { theme, lang } of COMBOS) {
    test(`home, ${theme}, ${lang}`, async ({ page }) => {
      await rememberPreferences(page, theme, lang);
      await page.goto('/');
      await expect(page.locator('.hero__title')).toBeVisible();
      await expect(page.locator('.app-download svg').first()).toBeVisible();
      await shoot(page, `home-${theme}-${lang.toLowerCase()}`);
    });
  }

  test('home on a phone, both themes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['dark', 'light'] as const) {
      await rememberPreferences(page, theme, 'EN');
      await page.goto('/');
      await expect(page.locator('.hero__title')).toBeVisible();
      await shoot(page, `home-mobile-${theme}`);
    }
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('complementary', { name: 'Side menu' })).toBeInViewport();
    await expect(page.locator('.app-download svg').first()).toBeVisible();
    if (takingShots) await page.screenshot({ path: 'artifacts/home-mobile-menu.png' });
  });

  test('home with banners: both themes and languages, phone and desktop', async ({ page, server }) => {
    test.setTimeout(240_000);
    await server.seedContent();
    // The start-up announcement has its own journey; here the home itself is the picture.
    await page.addInitScript(() => sessionStorage.setItem('wps.announcement.closed', '1'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const [width, height] of [
      [360, 780],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const { theme, lang } of COMBOS) {
        await rememberPreferences(page, theme, lang);
        await page.goto('/');
        const first = page.locator('.banner-carousel picture img').first();
        await expect(first).toBeVisible();
        await expect
          .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        await shoot(page, `home-banners-${width}-${theme}-${lang.toLowerCase()}`);
      }
    }
  });

  test('maintenance page, all combinations', async ({ page, server }) => {
    await server.services.system.setMaintenance(
      { enabled: true, message: 'Scheduled upgrade until 14:00 NPT.' },
      'e2e',
    );
    for (const { theme, lang } of COMBOS) {
      await rememberPreferences(page, theme, lang);
      await page.goto('/');
      await expect(page.locator('.state-page__title')).toBeVisible();
      await shoot(page, `maintenance-${theme}-${lang.toLowerCase()}`);
    }
  });

  test('region-blocked page, all combinations', async ({ page, server }) => {
    await server.services.system.setBlockedCountries(['US']);
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '8.8.8.8' });
    for (const { theme, lang } of COMBOS) {
      await rememberPreferences(page, theme, lang);
      await page.goto('/');
      await expect(page.getByTestId('visitor-ip')).toHaveText('8.8.8.8');
      await shoot(page, `blocked-${theme}-${lang.toLowerCase()}`);
    }
  });
});
