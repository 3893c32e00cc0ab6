import { expect, test } from '../fixtures/server.ts';
import { headerBalance, openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

test.describe('withdraw journey', () => {
  test('a player withdraws, the operator pays, and the player confirms a partial receipt', async ({
    page,
    server,
    browser,
  }) => {
    await seedWalletDemo(server);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/member?page=withdraw');
    await expect(page.getByRole('heading', { name: 'Withdraw', exact: true })).toBeVisible();
    await expect(page.getByTestId('withdraw-balance')).toHaveText('10,000.00');

    // Bind an eSewa account: the holder name must be the real name on the profile.
    const bind = page.getByRole('form', { name: 'Bind account' });
    await bind.getByLabel('Account number').fill('9800000001');
    await bind.getByLabel('Account holder name').fill('Someone Else');
    await bind.getByRole('button', { name: 'Bind account' }).click();
    await expect(bind.getByText('The account holder name must match your real name.')).toBeVisible();
    await bind.getByLabel('Account holder name').fill('Demo Player');
    await bind.getByRole('button', { name: 'Bind account' }).click();
    await expect(page.getByRole('list', { name: 'Bound accounts' })).toContainText('9800000001');

    // A wrong payment password comes back from the server and shows under its field.
    await page.getByLabel('Amount (NPR)').fill('1000');
    await page.getByLabel('Payment password').fill('000000');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('The payment password is incorrect')).toBeVisible();

    await page.getByLabel('Payment password').fill('123456');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('Withdrawal request sent.')).toBeVisible();
    // The amount is held at once: the header shows what is left.
    await expect(headerBalance(page)).toHaveText('NPR 9,000.00');
    const mine = page.getByRole('region', { name: 'My withdrawals' });
    const row = mine.getByRole('row').filter({ hasText: '9800000001' });
    await expect(row).toContainText('In review');

    const op = await openConsole(browser, server);
    await op.getByRole('link', { name: 'Withdrawal queue' }).click();
    const queued = op.getByRole('row').filter({ hasText: 'demo01' });
    await expect(queued).toContainText('1,000.00');
    await expect(queued).toContainText('9800000001');
    await queued.getByRole('button', { name: /^Approve and pay withdrawal #\d+ of demo01$/ }).click();
    await expect(op.getByText(/Withdrawal #\d+ paid\./)).toBeVisible();
    await op.close();

    // The player's list notices the payout and asks whether the money arrived (SPEC §4).
    await expect(row).toContainText('Paid', { timeout: 15_000 });
    await expect(row).toContainText('Awaiting your confirmation');
    await row.getByRole('button', { name: 'Confirm receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Did you receive the money?' });
    await dialog.getByLabel('Only part of it').check();
    // More than the withdrawal is refused before sending.
    await dialog.getByLabel('Amount received in total').fill('1000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      dialog.getByText('The received amount must be more than 0 and less than the withdrawal amount.'),
    ).toBeVisible();
    await dialog.getByLabel('Amount received in total').fill('600');
    await expect(dialog.getByText('Remainder')).toContainText('400.00');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Partly received');
    await expect(row).toContainText('remainder 400.00');

    // The rest arrives later: all received closes it.
    await row.getByRole('button', { name: 'Confirm receipt' }).click();
    await expect(dialog.getByText('Received so far')).toContainText('600.00');
    await dialog.getByLabel('The rest has arrived too: all received').check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toContainText('All received');
    await expect(row.getByRole('button', { name: 'Confirm receipt' })).toHaveCount(0);
  });
});
