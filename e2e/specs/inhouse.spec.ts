import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

test.use({ viewport: { width: 390, height: 844 } });

/** Clicks a blackjack button and waits until the table shows the answer. */
async function blackjackClick(page: Page, name: string, path: RegExp) {
  const game = page.getByTestId('blackjack');
  const version = (await game.getAttribute('data-version')) ?? '0';
  await clickAndWait(page, name, path);
  await expect(game).not.toHaveAttribute('data-version', version);
}

/** Waits for the in-house call a click starts, so the next look at the page sees its answer. */
async function clickAndWait(page: Page, name: string, path: RegExp) {
  const answered = page.waitForResponse((r) => path.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name, exact: true }).click();
  const res = await answered;
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('in-house games', () => {
  test('demo01 plays roulette and blackjack with a split, rotates the seed and verifies the round on /verify', async ({
    page,
    server,
  }) => {
    test.setTimeout(180_000);
    await seedWalletDemo(server);
    await signInPlayer(page, 'demo01', 'Demo@1234');

    // The in-house vendor's list: each catalogue entry opens our own page.
    await page.goto('/rng?vassalage=INHOUSE');
    await page.locator('a[data-game="roulette"]').click();
    await expect(page).toHaveURL(/\/rng\/inhouse\/roulette$/);
    await expect(page.getByRole('heading', { level: 1, name: 'European Roulette' })).toBeVisible();
    await page.getByRole('button', { name: 'Red', exact: true }).click();
    await page.getByRole('button', { name: 'Straight', exact: true }).click();
    await page.locator('button[data-pocket="17"]').click();
    await clickAndWait(page, 'Spin (20.00)', /\/wps\/inhouse\/roulette\/play$/);
    await expect(page.getByTestId('roulette-pocket')).toHaveText(/^\d{1,2}$/);
    await expect(page.getByTestId('round-result')).toContainText('stake 20.00');
    // No page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Blackjack: deal until a pair comes (about one hand in seven), split it and play both hands out.
    await page.goto('/rng?vassalage=INHOUSE');
    await page.locator('a[data-game="blackjack"]').click();
    await expect(page).toHaveURL(/\/rng\/inhouse\/blackjack$/);
    let split = false;
    for (let hand = 0; hand < 80 && !split; hand++) {
      await blackjackClick(page, 'Deal', /\/wps\/inhouse\/blackjack\/play$/);
      for (let step = 0; step < 12; step++) {
        const buttons = page.locator('.ih-actions button');
        if ((await buttons.count()) === 0) break;
        if (await page.getByRole('button', { name: 'No insurance', exact: true }).isVisible()) {
          await blackjackClick(page, 'No insurance', /\/action$/);
        } else if (!split && (await page.getByRole('button', { name: 'Split', exact: true }).isVisible())) {
          await blackjackClick(page, 'Split', /\/action$/);
          split = true;
          await expect(page.getByTestId('blackjack-hand')).toHaveCount(2);
        } else {
          await blackjackClick(page, 'Stand', /\/action$/);
        }
      }
    }
    expect(split).toBe(true);
    await expect(page.getByRole('button', { name: 'Deal', exact: true })).toBeVisible();
    await expect(page.getByTestId('blackjack-hand')).toHaveCount(2);
    const result = page.getByTestId('round-result');
    await expect(result).toContainText('stake 20.00');
    const payoutText = (await result.locator('p').first().textContent()) ?? '';
    const payout = /You won ([\d.]+)/.exec(payoutText)?.[1] ?? '0.00';

    // Rotate the seed: the old server seed is revealed.
    await page.getByText('Fairness: your seeds').click();
    const before = await page.getByTestId('server-seed-hash').textContent();
    await page.getByLabel('New client seed (optional)').fill('e2e seed 42');
    await clickAndWait(page, 'Change seeds', /\/wps\/inhouse\/seeds$/);
    await expect(page.getByTestId('revealed-seed')).toContainText(/[0-9a-f]{64}/);
    await expect(page.getByTestId('seed-nonce')).toHaveText('0');
    await expect(page.getByTestId('server-seed-hash')).not.toHaveText(before ?? '');

    // The split round, recomputed in the browser from its revealed seed.
    await result.getByRole('link', { name: 'Verify this round' }).click();
    await expect(page).toHaveURL(/\/verify\?round=/);
    await expect(page.locator('input[name="serverSeed"]')).toHaveValue(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByTestId('verify-hash')).toHaveText(
      'The server seed matches the hash shown before play.',
    );
    await expect(page.getByTestId('verify-payout')).toHaveText(payout);
    // A proof a person reads (issue 27): labelled fields, not JSON; amounts in rupees, not paisa.
    const field = (name: string) =>
      page
        .getByTestId('verify-outcome')
        .locator('.ih-proof-line')
        .filter({ has: page.getByRole('term').getByText(name, { exact: true }) });
    await expect(field('Split')).toContainText('yes');
    await expect(page.getByTestId('verify-stake')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(page.getByTestId('verify-outcome')).not.toContainText('{');
    await expect(page.getByTestId('verify-block')).toHaveText(/^[0-9a-f]{64}$/);

    // The verifier needs no login.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/verify');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify a round' })).toBeVisible();
    await page
      .locator('input[name="serverSeed"]')
      .fill('735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4');
    await page.locator('input[name="clientSeed"]').fill('ec75fca98de6f2d9');
    await page.locator('input[name="nonce"]').fill('20');
    await page.locator('textarea[name="bet"]').fill('{"amount":100,"target":50,"direction":"over"}');
    // The bet as recorded is in paisa; the page says what it reads as, in rupees.
    await expect(page.getByTestId('verify-bet-reads')).toHaveText(
      'Reads as: Amount 1.00 · Target 50 · Direction over',
    );
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(field('Roll')).toContainText('93.08');
    await expect(page.getByTestId('verify-stake')).toHaveText('1.00');
    await expect(page.getByTestId('verify-payout')).toHaveText('1.98');
  });
});
