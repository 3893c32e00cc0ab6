import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';
import { takingShots } from '../fixtures/shots.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

test.use({ viewport: { width: 375, height: 812 } });

const SHOTS = 'test-results/lottery-odds';

/** The page at 375 px in both themes, for a person to look at. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    if (takingShots) await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
  }
}

test('an operator sets đá odds and commission in the console; the player sees them in the betting view and pays the commission-less cost', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(150_000);
  await seedWalletDemo(server);
  const op = await createOperator(server.app, { permissions: ['games'], account: 'oplottery' });
  const ops = await openConsole(browser, server, op.account, op.password);
  await ops.setViewportSize({ width: 375, height: 812 });
  await ops.getByRole('link', { name: 'Lottery odds' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'Lottery odds' })).toBeVisible();

  // The fast games sell under ELOTT on the North structure: đá pays 17× there (93.30 % RTP; 36× on
  // Central/South) with no commission until the operator says so.
  await ops.getByTestId('prize-mode').selectOption('ELOTT');
  await expect(ops.getByTestId('odds-north-da')).toHaveText('17×');
  await expect(ops.getByTestId('rtp-north-da')).toHaveText('93.30 %');
  await expect(ops.getByTestId('odds-south-da')).toHaveText('36×');
  await expect(ops.getByTestId('commission-north-da')).toHaveText('0 %');
  await ops.getByTestId('edit-north-da').click();
  const dialog = ops.getByRole('dialog');
  // A wrong value is refused before it leaves the page.
  await dialog.getByTestId('commission-input').fill('75');
  await dialog.getByTestId('odds-save').click();
  await expect(dialog).toContainText('Enter a percent from 0 to 50');
  // Odds returning 100 % or more: the RTP shows as typed, and the server refuses them.
  await dialog.getByTestId('odds-input').fill('21.5');
  await dialog.getByTestId('commission-input').fill('5');
  await expect(dialog.getByTestId('rtp-preview')).toContainText('118.00 %');
  await dialog.getByTestId('odds-save').click();
  await expect(dialog).toContainText('odds must return less than 100.00 %');
  await dialog.getByTestId('odds-input').fill('17.5');
  await expect(dialog.getByTestId('rtp-preview')).toContainText('96.04 %');
  await dialog.getByTestId('odds-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(ops.getByTestId('odds-north-da')).toHaveText('17.5×');
  await expect(ops.getByTestId('rtp-north-da')).toHaveText('96.04 %');
  await expect(ops.getByTestId('commission-north-da')).toHaveText('5 %');
  // A game's cut-off, within what its schedule allows.
  await ops.getByTestId('edit-game-VN_FAST_5').click();
  await ops.getByRole('dialog').getByTestId('cutoff-input').fill('45');
  await ops.getByRole('dialog').getByTestId('game-save').click();
  await expect(ops.getByTestId('cutoff-VN_FAST_5')).toHaveText('45');
  expect(await ops.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shots(ops, 'console');
  await ops.close();

  // The player: đá in the betting view with the new odds and commission, a cost preview, a ticket.
  await signInPlayer(page, 'demo01', 'Demo@1234');
  await page.goto('/lottery?gameCode=VN_FAST_1');
  await page.getByTestId('bet-type-da').click();
  await expect(page.getByText(/pays 17\.5× once/)).toBeVisible();
  await expect(page.getByText('Commission: 5 % off the cost.')).toBeVisible();
  for (const n of ['12', '34', '56', '78']) await page.getByTestId(`num-${n}`).click();
  // Four numbers are six pairs: 1.00 × 6.
  await expect(page.getByTestId('slip-add')).toContainText('6.00');
  await page.getByTestId('slip-add').click();
  await expect(page.getByTestId('slip-cost')).toHaveText('6.00');
  await expect(page.getByTestId('slip-commission')).toHaveText('−0.30');
  await expect(page.getByTestId('slip-pay')).toHaveText('5.70');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shots(page, 'betting');
  // Never in the last seconds before the cut-off: wait for the next draw when it is close.
  const menu = await page.request.get('/lgw/vn/games/game_menu?prizeMode=ELOTT&device=WEB');
  const fast = (await menu.json()).value.games.find((g: { gameCode: string }) => g.gameCode === 'VN_FAST_1');
  const left = Date.parse(fast.nextDraw.cutoffAt) - Date.now();
  if (left < 8_000) await page.waitForTimeout(left + 1_500);
  const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/lottery/bets');
  await page.getByTestId('slip-submit').click();
  const res = await placed;
  expect(res.status()).toBe(200);
  expect((await res.json()).value).toMatchObject({ cost: '5.70', commission: '0.30' });
  await expect(page.getByTestId('ticket-commission').first()).toHaveText('0.30');
});
