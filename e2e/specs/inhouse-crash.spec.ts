import { Accounts } from '../../apps/server/src/modules/wallet/accounts.ts';
import { expect, test } from '../fixtures/server.ts';
import { COMBOS, shoot } from '../fixtures/shots.ts';
import { headerBalance, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

// The chain's salt (a beacon round, issue 28) comes seconds after the commit, not minutes.
test.use({
  viewport: { width: 390, height: 844 },
  serverConfig: { crashLoop: true, crashSaltDelaySeconds: 0 },
});

test.describe('in-house crash', () => {
  test('demo01 bets on a live crash round, cashes out and sees the balance change', async ({
    page,
    server,
  }) => {
    // A round can fly long (a 36× point flies 60 s; P ≈ 3 %): waits are generous, runs are short.
    test.setTimeout(420_000);
    await seedWalletDemo(server);
    // Short pauses between rounds; the betting window stays long enough to click.
    server.services.crash.timing = { bettingMs: 5000, pauseMs: 500, chainLength: 1000 };
    await signInPlayer(page, 'demo01', 'Demo@1234');

    await page.goto('/rng?vassalage=INHOUSE');
    await page.locator('a[data-game="crash"]').click();
    await expect(page).toHaveURL(/\/rng\/inhouse\/crash$/);
    await expect(page.getByTestId('crash-multiplier')).toBeVisible();

    const phase = page.getByTestId('crash-phase');
    const status = page.getByTestId('crash-bet-status-0');
    let cashedOut = false;
    // A round can crash before anyone could click (1.00×): then the bet is lost; play the next.
    for (let round = 0; round < 8 && !cashedOut; round++) {
      await expect(phase).toHaveAttribute('data-phase', 'betting', { timeout: 150_000 });
      await expect(page.getByTestId('crash-bet-0')).toBeEnabled();
      await page.getByTestId('crash-bet-0').click();
      await expect(status).toContainText('placed');
      const cashout = page.getByTestId('crash-cashout-0');
      await expect(cashout.or(status.filter({ hasText: 'lost' }))).toBeVisible({ timeout: 30_000 });
      if (await cashout.isVisible()) {
        await cashout.click().catch(() => undefined);
        await expect(status.filter({ hasText: /Cashed out|lost/ })).toBeVisible({ timeout: 30_000 });
        cashedOut = /Cashed out/.test((await status.textContent()) ?? '');
      }
    }
    expect(cashedOut).toBe(true);
    await expect(status).toContainText(/Cashed out at \d+\.\d{2}×: won \d+\.\d{2}/);
    // The header follows the ledger after the cash-out. (Not "differs from before": a cash-out at
    // 1.00× wins the stake back and leaves the balance where it was.)
    const demo = await server.services.members.getByAccount('demo01');
    const ledger = async () => {
      const minor = await server.services.wallet.balance(Accounts.cash(demo!.id));
      return (Number(minor) / 100).toFixed(2);
    };
    await expect
      .poll(async () => ((await headerBalance(page).textContent()) ?? '').replace(/[^\d.]/g, ''))
      .toBe(await ledger());
    // The round's point joins the history once it crashes; the page stays phone-wide.
    await expect(page.getByTestId('crash-history').locator('li').first()).toBeVisible({ timeout: 150_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The crashed round's proof opens the public verifier, which recomputes its point and
    // hashes its revealed hash forward to the chain published before round 1.
    await page.getByText('Provably fair: the hash chain').click();
    await page.getByRole('link', { name: 'Round proof' }).click();
    await expect(page).toHaveURL(/\/verify\?crashRound=\d+/);
    await expect(page.locator('input[name="crashHash"]')).toHaveValue(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Verify crash round' }).click();
    await expect(page.getByTestId('crash-verify-point')).toHaveText(/^\d+\.\d{2}×$/);
    await expect(page.getByTestId('crash-verify-result')).toContainText('The same point the game showed.');
    await expect(page.getByTestId('crash-verify-chain')).toContainText(
      'reaches the published terminating hash',
    );
    // The chain's salt: a drand round named when the chain was committed, before it existed; the
    // salt shown is that round's randomness (the hash of its signature).
    await expect(page.getByTestId('crash-salt-committed')).toContainText('committed before its salt existed');
    await expect(page.locator('input[name="crashSalt"]')).toHaveValue(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('crash-verify-salt')).toContainText("is the beacon round's randomness");
    const beaconRound = page.getByRole('link', { name: /^drand round \d+$/ });
    const roundUrl = await beaconRound.getAttribute('href');
    const published = await (await page.request.get(roundUrl!)).json();
    await expect(page.locator('input[name="crashSalt"]')).toHaveValue(published.randomness);
    // At 360 px, in both themes and both languages: the salt's source wraps inside the card.
    await page.setViewportSize({ width: 360, height: 800 });
    for (const { theme, lang } of COMBOS) {
      await page.evaluate(
        ([t, l]) => {
          localStorage.setItem('wps.theme', t);
          localStorage.setItem('wps.lang', l);
        },
        [theme, lang] as const,
      );
      await page.reload();
      await expect(page.getByTestId('crash-salt-committed')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shoot(page, `crash-verify-salt-${theme}-${lang}`);
    }
  });
});
