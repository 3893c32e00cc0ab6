import { expect, test } from '../fixtures/server.ts';

const layoutShift = () =>
  new Promise<number>((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!e.hadRecentInput) total += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 500);
  });

test.describe('layout stability (mobile first)', () => {
  for (const path of ['/', '/promotions']) {
    test(`${path} on a phone: no sideways scrolling and no layout shift while loading`, async ({
      browser,
      server,
    }) => {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // A phone's CPU: the frames in between become visible, as they are to a player.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // The widest the page got in any frame while loading, not just at the end.
      await page.addInitScript(() => {
        const w = window as unknown as { __maxWidth: number };
        w.__maxWidth = 0;
        const frame = () => {
          w.__maxWidth = Math.max(w.__maxWidth, document.documentElement.scrollWidth);
          if (performance.now() < 10_000) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(1000);
      expect(
        await page.evaluate(() => (window as unknown as { __maxWidth: number }).__maxWidth),
      ).toBeLessThanOrEqual(412);
      expect(await page.evaluate(layoutShift)).toBeLessThan(0.01);
      await context.close();
    });
  }

  test('the desktop layout loads without layout shift', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.app-download svg').first()).toBeVisible();
    expect(await page.evaluate(layoutShift)).toBeLessThan(0.01);
  });
});
