import type { Page } from '@playwright/test';
import { expect, type TestServer, test } from '../fixtures/server.ts';
import { COMBOS, rememberPreferences, shoot, takingShots } from '../fixtures/shots.ts';
import { seedWalletDemo } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

const PHONE = { width: 360, height: 640 };

/** demo01's session through the API (the login popup's labels differ per language). */
async function demoToken(server: TestServer): Promise<string> {
  const res = await fetch(`${server.baseURL}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo01', password: 'Demo@1234' }),
  });
  return ((await res.json()) as { value: { token: string } }).value.token;
}

const noWiderThanScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test.describe('game artwork, the game popup and the dice result on a 360 px phone (issue 27)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('tiles show their drawn artwork, sized, lazy below the first screen, from a cached static file', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    const art = page.waitForResponse((r) =>
      /\/game-art\/PG\/PG_SLOT_\d+\.svg\?v=[0-9a-f]{10}$/.test(r.url()),
    );
    await page.goto('/rng?vassalage=PG');
    const img = page.getByTestId('game-tile').first().locator('img');
    await expect(img).toHaveAttribute('src', /^\/game-art\/PG\/PG_SLOT_\d+\.svg\?v=[0-9a-f]{10}$/);
    // The first screen's art loads at once (issue 30: the first tile is the page's largest
    // paint); the tiles below it lazily.
    await expect(img).toHaveAttribute('loading', 'eager');
    await expect(page.getByTestId('game-tile').nth(4).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', '240');
    await expect(img).toHaveAttribute('height', '240');
    const res = await art;
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-type']).toContain('image/svg+xml');
    // Drawn, not broken: the browser decoded a picture.
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0);
    // Each game its own picture.
    const srcs = await page
      .getByTestId('game-tile')
      .locator('img')
      .evaluateAll((l) => l.map((i) => i.getAttribute('src')));
    expect(new Set(srcs).size).toBe(srcs.length);
    await noWiderThanScreen(page);

    // The in-house games' own list too.
    await page.goto('/rng?vassalage=INHOUSE');
    await expect(page.locator('a[data-game="dice"] img')).toHaveAttribute(
      'src',
      /^\/game-art\/INHOUSE\/dice\.svg\?v=/,
    );
  });

  test("the game popup keeps the game's name readable and the dice roll stays above the tab bar", async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    await page.goto(`/?token=${await demoToken(server)}`);
    await expect(page.getByTestId('header-balance')).toBeVisible();

    await page.goto('/rng?vassalage=PG');
    const tile = page.getByTestId('game-tile').first();
    const name = (await tile.getByRole('heading').textContent()) ?? '';
    await tile.getByRole('button', { name: `Play ${name}` }).click();
    const popup = page.getByRole('dialog', { name: 'Game' });
    await expect(popup.locator('iframe')).toHaveAttribute('title', name);
    const title = popup.locator('.game-popup__name');
    await expect(title).toHaveText(name);
    // It was squeezed to 3 px beside the buttons; now the buttons wrap under it.
    expect((await title.boundingBox())?.width ?? 0).toBeGreaterThan(150);
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await shoot(page, 'issue27-game-popup-360');
    await popup.getByRole('button', { name: 'Close game' }).click();

    await page.goto('/rng/inhouse/dice');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    const roll = page.getByTestId('dice-roll');
    await expect(roll).toHaveText(/^\d{1,3}\.\d{2}$/);
    // In view, and not under the fixed tab bar.
    await expect(roll).toBeInViewport();
    const tabBar = await page.locator('.tab-bar').boundingBox();
    const box = await roll.boundingBox();
    expect(tabBar).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(tabBar?.y ?? 0);
    await noWiderThanScreen(page);
  });

  test('pictures at 360 px: tiles, the popup, dice and a round proof, both themes and languages', async ({
    browser,
    server,
  }) => {
    test.setTimeout(300_000);
    await seedWalletDemo(server);
    const token = await demoToken(server);
    for (const { theme, lang } of COMBOS) {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await rememberPreferences(page, theme, lang);
      const tag = `${theme}-${lang.toLowerCase()}`;
      await page.goto(`/?token=${token}`);
      await expect(page.getByTestId('header-balance')).toBeVisible();

      await page.goto('/rng?vassalage=PG');
      const tiles = page.getByTestId('game-tile').locator('img');
      await expect(tiles.first()).toBeVisible();
      await expect
        .poll(() => tiles.first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
        .toBeGreaterThan(0);
      if (takingShots) await page.screenshot({ path: `artifacts/issue27-tiles-${tag}.png` });

      await page.getByTestId('game-tile').first().locator('.game-tile__art').click();
      await expect(page.locator('.game-popup__name')).toBeVisible();
      if (takingShots) await page.screenshot({ path: `artifacts/issue27-popup-${tag}.png` });
      await page.keyboard.press('Escape');

      await page.goto('/rng/inhouse/dice');
      await page.locator('.ih-play-bar button').click();
      await expect(page.getByTestId('dice-roll')).toBeInViewport();
      if (takingShots) await page.screenshot({ path: `artifacts/issue27-dice-${tag}.png` });

      // The round just played, on the verifier: its proof step by step, amounts in rupees.
      await page.getByTestId('round-result').getByRole('link').click();
      await expect(page.locator('input[name="serverSeedHash"]')).toHaveValue(/^[0-9a-f]{64}$/);
      await expect(page.getByTestId('verify-bet-reads')).toBeVisible();
      // The seed is revealed once the seeds change; until then the verifier says so.
      await shoot(page, `issue27-verify-form-${tag}`);
      await page.goto(
        '/verify?game=dice&serverSeed=735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4&clientSeed=ec75fca98de6f2d9&nonce=20&bet=%7B%22amount%22%3A100%2C%22target%22%3A50%2C%22direction%22%3A%22over%22%7D',
      );
      await page.locator('form.ih-verify button[type="submit"]').first().click();
      await expect(page.getByTestId('verify-payout')).toHaveText('1.98');
      await noWiderThanScreen(page);
      await page.getByTestId('verify-result').scrollIntoViewIfNeeded();
      await shoot(page, `issue27-verify-${tag}`);
      await context.close();
    }
  });
});
