import { expect, test } from '../fixtures/server.ts';

// The demo world has games in several categories, each a section of the home page.
test.use({ world: 'demo', viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

/**
 * Issue 30: the home page drew every category's rows of games at start-up (a games call and 12
 * tiles a row) while a phone shows one screen of it. A row is now asked for and drawn when it comes
 * within a screen of the viewport; until then it keeps the skeleton's place, so filling it moves
 * nothing.
 */
test('a phone asks for a home catalogue row only as it nears the screen, and the row fills without a shift', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/wps/relay/GCS_games') asked.push(url.searchParams.get('gameType') ?? '');
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }
      >) {
        if (e.hadRecentInput) continue;
        w.__shift += e.value;
        const nodes = e.sources.map((s) =>
          s.node instanceof Element ? s.node.className : String(s.node?.nodeName),
        );
        w.__moved.push(`${e.value.toFixed(3)} at ${Math.round(e.startTime)} ms: ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('game-tile').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The lowest row of games: far below the first screen, its skeleton is there and its games were
  // not asked for.
  const waiting = page.locator('.games-home-section ul.carousel__track[aria-busy="true"]');
  await expect(waiting.first()).toBeAttached();
  const label = (await waiting.last().getAttribute('aria-label')) ?? '';
  const row = page.getByRole('list', { name: label, exact: true }).last();
  const far = await row.evaluate((el) => el.getBoundingClientRect().top / window.innerHeight);
  expect(far, `the row "${label}" should start more than two screens down`).toBeGreaterThan(2);
  const before = asked.length;
  await expect(row.getByTestId('game-tile')).toHaveCount(0);
  const placeholder = await row
    .locator('.game-tile--skeleton')
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  // Scrolled to, it asks and fills in.
  const shiftBefore = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByTestId('game-tile').first()).toBeVisible();
  expect(asked.length).toBeGreaterThan(before);
  const after = await page.evaluate(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    return { shift: w.__shift, moved: w.__moved };
  });
  // Scrolling counts no shift of its own; a row that grew as it filled would.
  expect(after.shift - shiftBefore, after.moved.join('; ')).toBeLessThan(0.01);
  // The cause, whatever the timing: every tile on the page, with or without its Play and Free
  // trial buttons, is as tall as the placeholder it replaced.
  const heights = await page
    .getByTestId('game-tile')
    .evaluateAll((tiles) => [
      ...new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().height * 10) / 10)),
    ]);
  expect(heights).toEqual([Math.round(placeholder * 10) / 10]);
});
