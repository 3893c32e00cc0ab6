import type { Page } from '@playwright/test';
import { Accounts } from '../../apps/server/src/modules/wallet/accounts.ts';
import { fromMinor } from '@wps/contract';
import { openCard, recordRow } from '../fixtures/records.ts';
import { expect, test } from '../fixtures/server.ts';
import { shoot } from '../fixtures/shots.ts';
import { headerBalance, openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world (fixtures/server.ts).
test.use({ world: 'demo' });

/**
 * Games through the aggregator (issue 29), with the local Hub88 simulator: the operator imports
 * the game list in the console, a player on a phone opens an aggregator game from the lobby and
 * plays rounds in the simulator's game page (real signed wallet calls), the rounds are in the
 * player's betting record and moved the balance, and the operator finds them on the console's
 * aggregator page with Hub88's own record of a round.
 */
const tiles = (page: Page) => page.getByTestId('game-tile');

test('a player plays an aggregator game on a phone and the operator sees the rounds', async ({
  browser,
  page,
  server,
}) => {
  test.setTimeout(150_000);
  await seedWalletDemo(server);

  // The operator imports the aggregator's game list: the console says what was added.
  const op = await openConsole(browser, server);
  await op.setViewportSize({ width: 390, height: 844 });
  await op.goto('/admin/aggregator');
  await expect(op.getByRole('heading', { level: 1, name: 'Games aggregator' })).toBeVisible();
  await expect(op.getByTestId('aggregator-status')).toContainText('Local simulator');
  await op.getByRole('button', { name: 'Import game list' }).click();
  const imported = op.getByRole('status').filter({ hasText: 'games from' });
  await expect(imported).toContainText('2 games from 2 providers.');
  await expect(imported).toContainText('Added (2)');
  await expect(imported).toContainText('Lucky Sevens');
  await expect(imported).toContainText('Refreshed (0)');
  await shoot(op, 'aggregator-console-import-390-light');

  // demo01, on a phone, opens it from the lobby (the provider's lane of the slots category).
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPlayer(page, 'demo01', 'Demo@1234');
  const demo = (await server.services.members.getByAccount('demo01'))!;
  const cash = async () => fromMinor(await server.services.wallet.balance(Accounts.cash(demo.id)));
  const before = await cash();
  await page.goto('/rng?vassalage=H88_SIMSTUDIO');
  const tile = tiles(page).filter({ has: page.getByRole('heading', { name: 'Lucky Sevens' }) });
  await expect(tile).toBeVisible();
  await tile.getByRole('button', { name: 'Play Lucky Sevens' }).click();
  const popup = page.getByRole('dialog', { name: 'Game' });
  await expect(popup).toBeVisible();
  // The launch URL redirects to the simulator's game page, which plays against our wallet API.
  const game = popup.frameLocator('iframe');
  await expect(game.getByRole('heading', { name: 'Lucky Sevens' })).toBeVisible();
  await expect(game.getByText('Real play')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    const spun = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
    await game.getByRole('button', { name: 'Spin' }).click();
    expect((await (await spun).json()).status).toBe('RS_OK');
  }
  await expect(game.locator('#balance')).toContainText('Balance');
  const shown = (await game.locator('#balance').textContent())!.replace('Balance ', '');
  const after = await cash();
  // The game page shows what our wallet holds; each round staked 10.00 and paid 0 or 20.00.
  expect(Number(after)).toBe(Number(shown));
  expect([-30, -10, 10, 30]).toContain(Math.round(Number(after) - Number(before)));
  await popup.getByRole('button', { name: 'Close game' }).click();
  await expect(headerBalance(page)).toContainText(
    Number(after).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );

  // The three rounds are in the betting record.
  await page.goto('/member?page=personalHistoryCopy');
  await expect(page.getByTestId('bet-totals')).toContainText('3 rounds');
  const row = recordRow(page, 'Lucky Sevens').first();
  await expect(row).toBeVisible();
  await openCard(row);
  await expect(row.locator('.record-card__amount')).toContainText('10.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'aggregator-betting-record-390');

  // The operator sees the rounds on the aggregator page and opens one: our record and Hub88's.
  await op.reload();
  await op.getByLabel('Player account').first().fill('demo01');
  await op.getByRole('button', { name: 'Search' }).click();
  await expect(op.getByRole('button', { name: /^Open round / })).toHaveCount(3);
  await op
    .getByRole('button', { name: /^Open round / })
    .first()
    .click();
  const detail = op.getByRole('dialog');
  await expect(detail).toContainText('Lucky Sevens');
  await expect(detail.getByRole('table', { name: 'At Hub88' })).toContainText('bet');
  await expect(detail.getByRole('table', { name: 'At Hub88' })).toContainText('RS_OK');
  await expect(detail.getByRole('link', { name: "Open Hub88's page of this round" })).toBeVisible();
  expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(op, 'aggregator-console-round-390-light');
  await detail.getByRole('button', { name: 'Close' }).click();
  // The same in the dark theme, for a person to look at.
  await op.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(op.locator('html')).toHaveAttribute('data-theme', 'dark');
  await op
    .getByRole('button', { name: /^Open round / })
    .first()
    .click();
  await expect(op.getByRole('dialog').getByRole('table', { name: 'At Hub88' })).toContainText('RS_OK');
  await shoot(op, 'aggregator-console-round-390-dark');
  await op.close();
});
