import type { Page } from '@playwright/test';
import { Accounts } from '../../apps/server/src/modules/wallet/accounts.ts';
import { expect, type TestServer, test } from '../fixtures/server.ts';
import { COMBOS, rememberPreferences, takingShots } from '../fixtures/shots.ts';
import { headerBalance, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });
// The sandbox vendor plays the launched game inside the popup's frame.
test.use({ serverConfig: { sandboxVendor: true } });
test.use({ viewport: { width: 390, height: 844 } });

const tiles = (page: Page) => page.getByTestId('game-tile');

/** demo01's trial twin (made by the first free trial) and its play money. */
async function twinOf(server: TestServer, account: string) {
  const demo = (await server.services.members.getByAccount(account))!;
  const twin = await server.services.members.trialTwins.of(demo.id);
  return { demo, twin };
}

/**
 * Issue 31, SPEC §2: the free-trial button on supportPlay 0 games for a signed-in player. The game
 * plays as the player's own trial account: the screen says "Trial — play money" and the header's
 * balance (the player's cash) does not move.
 */
test.describe('free trial for a signed-in player (phone)', () => {
  test.beforeEach(async ({ server }) => {
    await seedWalletDemo(server);
    await server.services.seamless.vendors.ensureInstallationVendors();
    await server.services.system.setFlag('FREEPLAY3', true);
  });

  test('demo01 plays a slot round in free trial and the header balance stays', async ({ page, server }) => {
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/rng?vassalage=PG');
    await expect(headerBalance(page)).toContainText('10,000.00');
    const trialTile = tiles(page)
      .filter({ has: page.getByRole('button', { name: 'Free trial', exact: true }) })
      .first();
    await expect(trialTile).toBeVisible();
    // A supportPlay 1 game has no free trial.
    await expect(
      tiles(page)
        .filter({ hasNot: page.getByRole('button', { name: 'Free trial', exact: true }) })
        .first(),
    ).toBeVisible();
    await trialTile.getByRole('button', { name: 'Free trial', exact: true }).click();

    const popup = page.getByRole('dialog', { name: 'Game' });
    await expect(popup.getByTestId('trial-marker')).toHaveText('Trial — play money');
    const frame = popup.locator('iframe');
    await expect(frame).toHaveAttribute('src', /trial=1/);
    const game = popup.frameLocator('iframe');
    const sandboxBalance = game.getByTestId('sandbox-balance');
    await expect(sandboxBalance).toBeVisible();
    const before = await sandboxBalance.textContent();
    await game.getByTestId('stake').fill('25.00');
    await game.getByTestId('spin').click();
    await expect(sandboxBalance).not.toHaveText(before ?? '');
    await page.screenshot({ path: test.info().outputPath('free-trial-popup.png') });

    const refetch = page.waitForResponse((r) => r.url().includes('/wps/v2/wallets/balance'));
    await popup.getByRole('button', { name: 'Close game' }).click();
    await refetch;
    await expect(headerBalance(page)).toContainText('10,000.00');
    // The round moved the twin's play money, and the player's cash not at all.
    const { demo, twin } = await twinOf(server, 'demo01');
    expect(twin?.type).toBe(4);
    expect(await server.services.wallet.balance(Accounts.cash(demo.id))).toBe(1_000_000n);
    expect(String(await server.services.wallet.balance(Accounts.trial(twin!.id)))).not.toBe('0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('demo01 rolls the in-house dice in free trial with the twin’s play money', async ({
    page,
    server,
  }) => {
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/rng/inhouse/dice?trial=1');
    await expect(page.getByTestId('trial-marker')).toHaveText('Trial — play money');
    await expect(headerBalance(page)).toContainText('10,000.00');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/inhouse/dice/play');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByTestId('round-result')).toContainText(/play money/i);
    await page.screenshot({ path: test.info().outputPath('free-trial-inhouse.png') });
    await page.reload();
    await expect(headerBalance(page)).toContainText('10,000.00');
    const { demo } = await twinOf(server, 'demo01');
    expect(await server.services.wallet.balance(Accounts.cash(demo.id))).toBe(1_000_000n);
  });

  test('with free play off a signed-in player sees no free-trial button', async ({ page, server }) => {
    await server.services.system.setFlag('FREEPLAY3', false);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/rng?vassalage=PG');
    await expect(tiles(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Free trial', exact: true })).toHaveCount(0);
  });

  test('pictures: the free-trial popup and in-house page at 390 px, both themes and languages', async ({
    browser,
    server,
  }) => {
    test.skip(!takingShots, 'pictures only when someone looks at them');
    test.setTimeout(240_000);
    for (const { theme, lang } of COMBOS) {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await rememberPreferences(page, theme, lang);
      const res = await fetch(`${server.baseURL}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo01', password: 'Demo@1234' }),
      });
      const { value } = (await res.json()) as { value: { token: string } };
      await page.goto(`/rng?vassalage=PG&token=${value.token}`);
      const tag = `${theme}-${lang.toLowerCase()}`;
      await expect(page.locator('.game-tile__trial').first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`tiles-${tag}.png`) });
      await page.locator('.game-tile__trial').first().click();
      await expect(page.getByTestId('trial-marker')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`popup-${tag}.png`) });
      await page.goto('/rng/inhouse/dice?trial=1');
      await expect(page.getByTestId('trial-marker')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: test.info().outputPath(`inhouse-${tag}.png`) });
      await context.close();
    }
  });
});
