import { fromMinor, memberRole } from '@wps/contract';
import { Accounts } from '../../apps/server/src/modules/wallet/accounts.ts';
import { expect, test } from '../fixtures/server.ts';
import { openConsole, seedWalletDemo } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

/**
 * The sandbox vendor app (mounted under /sandbox) plays a demo game for demo01 through the launch
 * URL and the seamless API, and the operator switches a game in the console.
 */
test.use({ serverConfig: { sandboxVendor: true } });

test.describe('sandbox vendor', () => {
  test.beforeEach(async ({ server }) => {
    await seedWalletDemo(server);
    await server.services.seamless.vendors.ensureInstallationVendors();
  });

  test('demo01 opens a launch URL, spins the slot and the balance changes', async ({ page, server }) => {
    const demo = (await server.services.members.getByAccount('demo01'))!;
    const { token } = await server.services.auth.sessions.open({
      memberId: demo.id,
      role: memberRole(demo.type),
      loginType: 'test',
    });
    const snap = await server.services.games.catalogue.snapshot();
    const game = snap.games.find((g) => g.gameCode === 'PG_SLOT_001')!;
    const launch = await page.request.get(`/wps/game/launchGame?gameId=${game.id}&device=H5`, {
      headers: { token },
    });
    expect(launch.status()).toBe(200);
    const { url } = (await launch.json()).value as { url: string };

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(url);
    await expect(page).toHaveURL(/\/sandbox\/PG\/game\//);
    const balance = page.getByTestId('sandbox-balance');
    await expect(balance).toHaveText('10000.00');
    await page.getByTestId('stake').fill('25.00');
    await page.getByTestId('spin').click();
    await expect(balance).not.toHaveText('10000.00');
    await expect(page.getByRole('status')).not.toBeEmpty();
    // The page shows what the platform's wallet holds.
    const shown = await balance.textContent();
    expect(fromMinor(await server.services.wallet.balance(Accounts.cash(demo.id)))).toBe(shown);
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the operator marks a game hot in the console', async ({ browser, server }) => {
    const op = await openConsole(browser, server);
    await op.getByRole('link', { name: 'Games catalogue' }).click();
    await expect(op.getByRole('heading', { level: 1, name: 'Games catalogue' })).toBeVisible();
    await op.getByLabel('Name or game code').fill('PG_SLOT_002');
    await op.getByRole('button', { name: 'Search' }).click();
    const snap = await server.services.games.catalogue.snapshot();
    const game = snap.games.find((g) => g.gameCode === 'PG_SLOT_002')!;
    const hot = op.getByRole('checkbox', { name: `${game.nameEn} hot` });
    await expect(hot).toBeVisible();
    const was = await hot.isChecked();
    await hot.setChecked(!was);
    await expect(op.getByText('Saved').first()).toBeVisible();
    await expect(hot).toBeChecked({ checked: !was });
    server.services.games.catalogue.invalidate();
    const after = (await server.services.games.catalogue.snapshot()).games.find((g) => g.id === game.id)!;
    expect(after.isHot).toBe(!was);
  });
});
