import path from 'node:path';
import type { Page } from '@playwright/test';
import { artifactsDir, expect as baseExpect, test } from '../fixtures/server.ts';
import { takingShots } from '../fixtures/shots.ts';

// Every journey here starts in the content world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'content' });

// The server encodes the demo banners first, on a shared 2-core box.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Layout shifts (not after input) since the page started, as the browser reports them. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }
      >) {
        if (e.hadRecentInput) continue;
        w.__shifts.push({
          value: e.value,
          nodes: e.sources.map((s) =>
            s.node instanceof Element ? s.node.className : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Issue 13 (Lighthouse): the home page's largest paint, its first banner, is in the HTML and
 * paints before the scripts run, exactly where the carousel will be; the app starts from the
 * banners the page carries and takes the banner's place without a shift or a banners call.
 */
test.describe('home: the first banner paints before the scripts', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const width of [375, 1280]) {
    test(`at ${width} px: server-painted banner, same box and file as the carousel's first slide, no shift`, async ({
      browser,
      server,
      baseURL,
    }) => {
      await server.seedContent();
      const viewport = { width, height: 800 };

      // Without scripts: what paints from the HTML and the stylesheet alone.
      const bare = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
      const still = await bare.newPage();
      await still.goto('/');
      const heroImg = still.locator('#wps-home-hero img');
      await expect(heroImg).toHaveAttribute('fetchpriority', 'high');
      await expect
        .poll(() => heroImg.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
        .toBe(true);
      const heroBox = await still.locator('#wps-home-hero .home-hero__banner').boundingBox();
      const heroSrc = await heroImg.evaluate((i: HTMLImageElement) => i.currentSrc);
      expect(heroSrc).toMatch(/\/avif$/);
      if (width === 375) {
        for (const theme of ['dark', 'light']) {
          await still.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
          if (takingShots)
            await still.screenshot({ path: path.join(artifactsDir, `home-first-paint-375-${theme}.png`) });
        }
      }
      await bare.close();

      // With scripts: the app renders the carousel over the same box, from the page's banners.
      const ctx = await browser.newContext({ baseURL, viewport });
      const page = await ctx.newPage();
      await page.addInitScript(() => sessionStorage.setItem('wps.announcement.closed', '1'));
      await watchShifts(page);
      const bannerCalls: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/wps/content/banners') bannerCalls.push(r.url());
      });
      await page.goto('/');
      const carousel = page.getByRole('region', { name: 'Featured' });
      const first = carousel.locator('img').first();
      await expect(first).toBeVisible();
      await expect(page.locator('#wps-home-hero')).toHaveCount(0);
      const box = await carousel.boundingBox();
      expect(box).not.toBeNull();
      for (const k of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(box![k] - heroBox![k])).toBeLessThan(1);
      expect(await first.evaluate((i: HTMLImageElement) => i.currentSrc)).toBe(heroSrc);
      // Let the catalogue, notices and winners arrive: the blocks above them keep their heights.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> }).__shifts,
      );
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(cls, JSON.stringify(shifts)).toBeLessThan(0.05);
      expect(shifts.flatMap((s) => s.nodes).filter((n) => /banner-carousel|notice-bar/.test(n))).toEqual([]);
      expect(bannerCalls).toEqual([]);
      if (width === 375) {
        for (const theme of ['dark', 'light']) {
          await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
          if (takingShots)
            await page.screenshot({ path: path.join(artifactsDir, `home-app-375-${theme}.png`) });
        }
      }
      await ctx.close();
    });
  }
});

/**
 * Issue 30: a guarded page (/member, /agentHome) opened without a session shows /login over the
 * home, so the server paints the home's first banner there too; a tab with a session is about
 * to show the page itself, and the pre-paint script in index.html keeps that banner hidden.
 */
test('a guarded page paints the home banner for a guest, never over a signed-in tab', async ({
  browser,
  server,
  baseURL,
}) => {
  await server.seedContent();
  const viewport = { width: 375, height: 800 };

  // The HTML, the stylesheet and the inline pre-paint script alone: the app's scripts refused.
  const bare = await browser.newContext({ baseURL, viewport });
  await bare.route('**/assets/*.js', (r) => r.abort());
  const still = await bare.newPage();
  await still.goto('/member?page=depositv2');
  await expect(still.locator('#wps-home-hero img')).toBeVisible();
  await expect(still.locator('.boot-loader')).toBeHidden();
  await still.evaluate(() => sessionStorage.setItem('token', 'a-session'));
  await still.reload();
  await expect(still.locator('#wps-home-hero')).toBeAttached();
  await expect(still.locator('#wps-home-hero')).toBeHidden();
  await expect(still.locator('.boot-loader')).toBeVisible();
  // A session arriving in the address (SPEC §2 ?token=) counts as one too.
  await still.evaluate(() => sessionStorage.clear());
  await still.goto('/agentHome?token=a-session');
  await expect(still.locator('#wps-home-hero')).toBeHidden();
  await bare.close();

  // With the app: a guest lands on /login over the home, the carousel in the hero's place.
  const ctx = await browser.newContext({ baseURL, viewport });
  const page = await ctx.newPage();
  await page.addInitScript(() => sessionStorage.setItem('wps.announcement.closed', '1'));
  await page.goto('/member?page=depositv2');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured' }).locator('img').first()).toBeAttached();
  await expect(page.locator('#wps-home-hero')).toHaveCount(0);
  await ctx.close();
});
