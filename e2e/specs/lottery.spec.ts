import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { headerBalance, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

test.use({
  viewport: { width: 360, height: 800 },
  // The real scheduler draws the fast game; a 20-second game (5 s cut-off) keeps the wait short.
  serverConfig: { jobs: true, lotteryFastSeconds: 20, lotteryFastCutoffSeconds: 5 },
});

const money = (s: string) => Number(s.replace(/[^0-9.]/g, ''));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations of the page as it stands. */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }).axe;
    const r = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
    };
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => String(n.target[0]))
            .slice(0, 3)
            .join(' | ')}`,
      );
  });
}

test('demo01 places a three-type slip on the fast lottery, is paid by the draw, sees it in the record and verifies the draw', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await seedWalletDemo(server);
  await signInPlayer(page, 'demo01', 'Demo@1234');
  await expect(headerBalance(page)).toContainText('10,000.00');

  await page.goto('/lottery');
  await expect(page.getByTestId('play-VN_FAST_1')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByTestId('play-VN_FAST_1').click();
  await expect(page).toHaveURL(/gameCode=VN_FAST_1/);
  await expect(page.getByTestId('num-45')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  // Start on a draw with time left to build the slip (never bet in its last seconds).
  const menu = await page.request.get('/lgw/vn/games/game_menu?prizeMode=ELOTT&device=WEB');
  const fast = (await menu.json()).value.games.find((g: { gameCode: string }) => g.gameCode === 'VN_FAST_1');
  const left = Date.parse(fast.nextDraw.cutoffAt) - Date.now();
  if (left < 11_000) {
    await page.waitForTimeout(left + 1_000);
    await page.reload();
  }

  // Lô 2 on every pair at 0.10: 100 × 27 results × 0.10 = 270.00, and 27 hits always pay 243.00.
  await page.getByTestId('bet-type-lo2').click();
  await page.getByRole('button', { name: 'All pairs' }).click();
  await page.locator('input[name="amount"]').fill('0.10');
  await page.getByTestId('slip-add').click();
  await page.getByTestId('bet-type-de').click();
  await page.getByTestId('num-45').click();
  await page.locator('input[name="amount"]').fill('1.00');
  await page.getByTestId('slip-add').click();
  await page.getByTestId('bet-type-xien2').click();
  await page.getByTestId('num-07').click();
  await page.getByTestId('num-45').click();
  await page.getByTestId('slip-add').click();
  await expect(page.getByTestId('slip-cost')).toHaveText('272.00');
  const placed = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
  await page.getByTestId('slip-submit').click();
  expect((await placed).status()).toBe(200);

  const ticket = page.getByTestId('ticket').first();
  await expect(ticket).toHaveAttribute('data-status', 'open');
  // The draw happens at its time and the ticket settles (the page polls while it waits).
  await expect(ticket).toHaveAttribute('data-status', 'settled', { timeout: 45_000 });
  const payout = money((await ticket.getByTestId('ticket-payout').textContent()) ?? '');
  expect(payout).toBeGreaterThanOrEqual(243);
  const expected = (10_000 - 272 + payout).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(headerBalance(page)).toContainText(expected);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The verifier redraws it from the revealed seed.
  const drawId = (await ticket.getAttribute('data-draw'))!;
  const result = page.locator(`[data-testid="draw-result"][data-draw="${drawId}"]`);
  await expect(result.locator('.lt-res.is-hit').first()).toBeVisible();
  await result.getByTestId('verify-draw').click();
  await expect(page).toHaveURL(/\/verify\?lotteryGame=VN_FAST_1/);
  await expect(page.getByTestId('lottery-verify-hash')).toHaveClass(/text-success/);
  await expect(page.getByTestId('lottery-verify-results')).toHaveClass(/text-success/);
  // The redrawn numbers by prize name, not raw keys (issue 27).
  await expect(page.getByTestId('lottery-verify-numbers').getByRole('term').first()).toHaveText('ĐB');

  // The betting record shows the round.
  await page.goto('/member?page=personalHistoryCopy');
  const totals = page.getByTestId('bet-totals');
  await expect(totals).toContainText('1 round');
  await expect(totals).toContainText('272.00');
});

test('the VN lottery page plays at the prize mode the vendor data gives (SPEC §4)', async ({
  page,
  server,
}) => {
  await seedWalletDemo(server);
  await signInPlayer(page, 'demo01', 'Demo@1234');
  // The demo catalogue has a TCG_LOTTO_VN card under ELOTT: the prize mode is ELOTT.
  const menuCall = page.waitForRequest((r) => r.url().includes('/lgw/vn/games/game_menu'));
  await page.goto('/vnLottery');
  expect(new URL((await menuCall).url()).searchParams.get('prizeMode')).toBe('ELOTT');
  await page.getByTestId('play-VN_NORTH').click();
  await expect(page).toHaveURL(/gameCode=VN_NORTH&prizeMode=ELOTT/);
  await expect(page.getByTestId('num-45')).toBeVisible();
});
