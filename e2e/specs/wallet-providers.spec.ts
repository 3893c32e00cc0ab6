import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { shoot } from '../fixtures/shots.ts';
import { headerBalance, openConsole, signInPlayer } from './wallet-helpers.ts';
import { recordRow } from '../fixtures/records.ts';

// demo01 (NPR 10,000.00) in the demo world; the providers are the local simulators (issue 29).
test.use({ world: 'demo', viewport: { width: 390, height: 844 } });

/** Picks a provider on the deposit page, enters the amount and goes to the provider's page. */
async function startProviderDeposit(page: Page, channel: string, provider: string, amount: string) {
  const offer = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/cashier/deposit-bonus');
  await page.goto('/member?page=depositv2');
  await offer;
  await page.locator('label.wallet-gateway', { hasText: channel }).click();
  await page.getByLabel('Amount (NPR)').fill(amount);
  // The demo's deposit bonuses are opted out of: the balance then moves by the deposit alone.
  const bonus = page.getByRole('checkbox', { name: /^Get the bonus/ });
  if (await bonus.isVisible()) await bonus.uncheck();
  await page.getByRole('button', { name: `Continue to ${provider}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pay NPR ${amount}.00` })).toBeVisible();
}

const outcome = (page: Page) => page.getByTestId('payment-outcome');

test.describe('deposits through eSewa and Khalti', () => {
  test('a player deposits by eSewa and by Khalti end to end, each credited once, and a tampered return is refused', async ({
    page,
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await expect(headerBalance(page)).toHaveText('NPR 10,000.00');

    // eSewa: the deposit page POSTs the signed form; the simulator's page takes the payment.
    const returns: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/return')) returns.push(r.url());
    });
    await startProviderDeposit(page, 'eSewa ePay', 'eSewa', '500');
    await expect(page).toHaveURL(/\/payments-sim\/esewa\//);
    await shoot(page, 'wallet-providers-esewa-page');
    await page.getByRole('button', { name: 'Pay with eSewa' }).click();
    await expect(page).toHaveURL(/\/member\?page=depositv2&payment=esewa&outcome=credited/);
    await expect(outcome(page)).toHaveText(
      'eSewa confirmed your payment. The deposit is credited to your balance.',
    );
    await expect(headerBalance(page)).toHaveText('NPR 10,500.00');
    const mine = page.getByRole('region', { name: 'My deposit requests' });
    await expect(recordRow(mine, 'ESEWA_EPAY').first()).toContainText('Approved');
    await shoot(page, 'wallet-providers-credited');

    // The same return again (a reload, a replay) credits nothing more.
    expect(returns).toHaveLength(1);
    await page.goto(returns[0]!);
    await expect(outcome(page)).toHaveText('This eSewa payment was already credited to your balance.');
    await expect(headerBalance(page)).toHaveText('NPR 10,500.00');

    // Khalti: the server initiated the payment; the browser goes to its payment_url.
    await startProviderDeposit(page, 'Khalti ePayment', 'Khalti', '300');
    await expect(page).toHaveURL(/\/payments-sim\/khalti\/pay\/\?pidx=/);
    await page.getByRole('button', { name: 'Pay with Khalti' }).click();
    await expect(page).toHaveURL(/\/member\?page=depositv2&payment=khalti&outcome=credited/);
    await expect(outcome(page)).toHaveText(
      'Khalti confirmed your payment. The deposit is credited to your balance.',
    );
    await expect(headerBalance(page)).toHaveText('NPR 10,800.00');

    // A return whose amount was tampered with on the way back is refused: nothing is credited.
    await startProviderDeposit(page, 'eSewa ePay', 'eSewa', '200');
    await page.getByRole('button', { name: 'Pay, then tamper the return (test)' }).click();
    await expect(page).toHaveURL(/\/member\?page=depositv2&payment=esewa&outcome=refused/);
    await expect(outcome(page)).toContainText(
      'We could not accept the payment details sent back from eSewa.',
    );
    await expect(headerBalance(page)).toHaveText('NPR 10,800.00');
    await expect(recordRow(mine, '200.00').first()).toContainText('Pending');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'wallet-providers-refused');

    // The console's deposit queue shows the provider deposit left pending, with its order and its
    // reconciliation; asking eSewa now (the job's step) credits what eSewa says was really paid, once.
    const op = await openConsole(browser, server);
    await op.getByRole('link', { name: 'Deposit queue' }).click();
    const queued = op.getByRole('row').filter({ hasText: 'ESEWA_EPAY' }).filter({ hasText: '200.00' });
    await expect(queued).toContainText('eSewa · waiting for the provider');
    await expect(queued).toContainText(/Order WPS-[0-9A-F]{16}/);
    await expect(queued.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await shoot(op, 'wallet-providers-console');
    await queued.getByRole('button', { name: /^Ask eSewa about deposit #\d+ now$/ }).click();
    await expect(op.getByText(/Deposit #\d+: confirmed and credited/)).toBeVisible();
    await op.close();
    await page.reload();
    await expect(headerBalance(page)).toHaveText('NPR 11,000.00');
  });
});
