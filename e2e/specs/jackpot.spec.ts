import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });
test.use({ viewport: { width: 360, height: 800 } });

/** "1,234.56" → paisa, as the tiles and the home page show a pool. */
const paisa = (shown: string) => Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100);

test.describe('progressive jackpot (issue 31)', () => {
  test('the pool grows with play, a forced trigger pays it once and it shows on the winners board', async ({
    page,
    server,
    browser,
  }) => {
    test.setTimeout(180_000);
    await seedWalletDemo(server);

    // Before any pool is on, the site shows no jackpot anywhere.
    await page.goto('/rng?vassalage=INHOUSE');
    const diceTile = page.locator('a[data-game="dice"]');
    await expect(diceTile).toBeVisible();
    await expect(page.getByTestId('tile-jackpot')).toHaveCount(0);

    // The operator switches the pool on: it is seeded through the ledger.
    const op = await createOperator(server.app, { permissions: ['games'], account: 'opjackpot' });
    const ops = await openConsole(browser, server, op.account, op.password);
    await ops.setViewportSize({ width: 390, height: 844 });
    await ops.getByRole('link', { name: 'Jackpot' }).click();
    await expect(ops.getByRole('heading', { level: 1, name: 'Jackpot pools' })).toBeVisible();
    await ops.getByRole('button', { name: 'Switch on (seeds the pool)' }).click();
    await expect(ops.getByTestId('admin-jackpot-amount')).toContainText('1,000.00');

    // The player sees the real figure on the home page and on the in-house tiles, and plays.
    await signInPlayer(page, 'demo01', 'Demo@1234');
    const pool = page.getByTestId('jackpot-amount');
    await expect(pool).toHaveText('1,000.00');
    await page.screenshot({ path: test.info().outputPath('home-jackpot-360.png'), fullPage: false });
    await page.goto('/rng?vassalage=INHOUSE');
    await expect(diceTile.getByTestId('tile-jackpot')).toContainText('1,000.00');
    // Crash is played on shared rounds without the member's seed pair: no pool covers it.
    await expect(page.locator('a[data-game="crash"]').getByTestId('tile-jackpot')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('inhouse-tiles-jackpot-360.png') });
    await page.goto('/rng/inhouse/dice');
    await expect(page.getByRole('heading', { level: 1, name: 'Dice' })).toBeVisible();
    for (let i = 0; i < 3; i++) {
      const played = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/inhouse/dice/play');
      await page.getByRole('button', { name: 'Roll', exact: true }).click();
      expect((await played).status()).toBe(200);
    }

    // The pool grew by the stakes' share (1% of each real-money roll), pushed to the page.
    await page.goto('/');
    await expect
      .poll(async () => paisa((await pool.textContent()) ?? '0'), { timeout: 30_000, intervals: [1_000] })
      .toBeGreaterThan(100_000);
    const grown = (await pool.textContent())!;

    // From here the player's home page stays open: the ticker's socket is its only source.
    const polls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/wps/jackpot') polls.push(r.url());
    });

    // The operator forces a win for demo01: paid once, the pool starts again at its seed.
    await ops.reload();
    await expect(ops.getByTestId('admin-jackpot-amount')).toContainText(grown);
    await ops.getByRole('textbox', { name: 'Member account' }).fill('demo01');
    const triggered = ops.waitForResponse((r) => r.url().includes('/trigger'));
    await ops.getByRole('button', { name: 'Force a win' }).click();
    const win = await triggered;
    expect(win.status()).toBe(200);
    const cycle = ((await win.json()) as { value: { win: { cycle: number; amount: string } } }).value.win;
    expect(paisa(cycle.amount)).toBe(paisa(grown));
    // The same trigger again (a double click, a retry) pays nothing.
    const again = await server.app.inject({
      method: 'POST',
      url: '/wps/admin/jackpot/pools/1/trigger',
      headers: { token: op.token },
      payload: { account: 'demo01', cycle: cycle.cycle },
    });
    expect(again.statusCode).toBe(409);
    await expect(ops.getByTestId('admin-jackpot-amount')).toContainText('1,000.00');
    await expect(ops.getByRole('cell', { name: 'Win paid' })).toHaveCount(1);
    await ops.screenshot({ path: test.info().outputPath('console-jackpot-390.png'), fullPage: true });
    expect(await ops.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Pushed, not polled: the open page shows the pool back at its seed with no request of its own.
    await expect(pool).toHaveText('1,000.00', { timeout: 10_000 });
    expect(polls).toEqual([]);
    // The win is on the winners board.
    await page.reload();
    const board = page.locator('section', { has: page.locator('#home-latest-wins') });
    await expect(board.getByText('In-house jackpot').first()).toBeVisible();
    await expect(board.getByText(grown).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('home-jackpot-won-360.png'), fullPage: true });

    // /verify lists the win: a forced one says it had no draw.
    await page.goto('/verify');
    await expect(page.getByTestId('jackpot-verify')).toContainText('forced by an operator (test): no draw');

    // Nepali, dark theme, 360 px: the strip and the tiles still fit (looked at in the screenshots).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('wps.lang', 'NE'));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'प्रोग्रेसिभ ज्याकपट' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('home-jackpot-ne-dark-360.png') });
    await page.goto('/rng?vassalage=INHOUSE');
    await expect(diceTile.getByTestId('tile-jackpot')).toContainText('ज्याकपट');
    await page.screenshot({ path: test.info().outputPath('inhouse-tiles-jackpot-ne-dark-360.png') });
  });
});
