import { expect, test } from '../fixtures/server.ts';
import { headerBalance, openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

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
    // Nothing is held before the player has read back where the money goes and how much.
    const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal' });
    await expect(confirm).toContainText('NPR 1,000.00');
    await expect(confirm).toContainText('ESEWA · 9800000001 · Demo Player');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(headerBalance(page)).toHaveText('NPR 10,000.00');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText('The payment password is incorrect')).toBeVisible();

    await page.getByLabel('Payment password').fill('123456');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
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
    // The operator reads back who and how much, and must give the reference of the transfer made.
    const pay = op.getByRole('dialog', { name: /^Approve and pay withdrawal #\d+$/ });
    await expect(pay).toContainText('Pay NPR 1,000.00 to demo01 at ESEWA · 9800000001 · Demo Player');
    await pay.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(pay.getByText('Please enter the payout reference.')).toBeVisible();
    await pay.getByLabel('Payout reference (bank or wallet transaction no.)').fill('ESW-PAY-4455');
    await pay.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(op.getByText(/Withdrawal #\d+ paid\./)).toBeVisible();
    await op.close();

    // The player's list notices the payout and asks whether the money arrived (SPEC §4).
    await expect(row).toContainText('Paid', { timeout: 15_000 });
    await expect(row).toContainText('Awaiting your confirmation');
    // The payout reference lets the player find the money on their own statement.
    await expect(row).toContainText('Payout ref. ESW-PAY-4455');
    await row.getByRole('button', { name: 'Confirm receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Did you receive the money?' });
    await expect(dialog).toContainText('ESW-PAY-4455');
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

  test('nothing arrived: a proof image opens an investigation the operator closes with a refund', async ({
    page,
    server,
    browser,
  }) => {
    await seedWalletDemo(server);
    const { members, cashier, auth } = server.services;
    const demo = await members.getByAccount('demo01');
    const op = await auth.operators.getByAccount('admin');
    if (!demo || !op) throw new Error('demo seed missing');
    const payout = await cashier.addPayoutAccount(demo.id, {
      kind: 'bank',
      provider: 'Nabil Bank',
      accountNumber: '0012345678',
      accountName: 'Demo Player',
    });
    const w = await cashier.requestWithdrawal(demo.id, {
      payoutAccountId: payout.id,
      amount: '2000',
      paymentPassword: '123456',
    });
    await cashier.payWithdrawal({ id: op.id, account: 'admin' }, w.id, 'NIC-REF-1');

    await signInPlayer(page, 'demo01', 'Demo@1234');
    await expect(headerBalance(page)).toHaveText('NPR 8,000.00');
    await page.goto('/member?page=withdraw');
    const row = page
      .getByRole('region', { name: 'My withdrawals' })
      .getByRole('row')
      .filter({ hasText: '0012345678' });
    await row.getByRole('button', { name: 'Confirm receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Did you receive the money?' });
    await dialog.getByLabel('Nothing arrived').check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Please upload a proof image.')).toBeVisible();
    // Too large is refused in the browser (SPEC §9: 5MB).
    await dialog.getByLabel('Proof (account statement screenshot)').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(dialog.getByText('The image must not be larger than 5MB.')).toBeVisible();
    await dialog.getByLabel('Proof (account statement screenshot)').setInputFiles({
      name: 'statement.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1PX, 'base64'),
    });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Not received · investigating');

    const ops = await openConsole(browser, server);
    await ops.getByRole('link', { name: 'Withdrawal queue' }).click();
    await ops.getByLabel('Show').selectOption('investigations');
    const queued = ops.getByRole('row').filter({ hasText: '0012345678' });
    await queued.getByRole('button', { name: 'View' }).click();
    await expect(ops.getByRole('dialog').getByRole('img')).toBeVisible();
    await ops.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await queued.getByRole('button', { name: 'Close investigation' }).click();
    const resolve = ops.getByRole('dialog');
    await resolve.getByLabel('Refunded to cash').check();
    await resolve.getByRole('button', { name: 'Close investigation' }).click();
    await expect(resolve.getByText('Please enter a note.')).toBeVisible();
    await resolve.getByLabel('Note').fill('Bank returned the transfer');
    await resolve.getByRole('button', { name: 'Close investigation' }).click();
    await expect(ops.getByText(/Investigation of #\d+ closed\./)).toBeVisible();
    await ops.close();

    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect(headerBalance(page)).toHaveText('NPR 10,000.00');
  });
});

/** A 1×1 PNG: the server sniffs the bytes, so the proof must be a real image. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
