import { expect, test } from '../fixtures/server.ts';
import { headerBalance, openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

test.describe('deposit journey', () => {
  test('a player deposits, the operator approves it in the console, and the header balance updates', async ({
    page,
    server,
    browser,
  }) => {
    await seedWalletDemo(server);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await expect(headerBalance(page)).toHaveText('NPR 10,000.00');

    await page.goto('/member?page=depositv2');
    await expect(page.getByRole('heading', { name: 'Make a deposit' })).toBeVisible();
    // The chosen channel shows the operator's account to pay, with its limits and a tutorial.
    await page.locator('label.wallet-channel', { hasText: 'eSewa' }).click();
    await expect(page.getByTestId('channel-account-number')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to deposit' })).toBeVisible();

    // A proof of the wrong type is refused before anything is sent.
    await page.getByLabel('Payment screenshot').setInputFiles({
      name: 'proof.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(page.getByText('Only PNG or JPG images are accepted.')).toBeVisible();

    await page.getByLabel('Amount (NPR)').fill('500');
    await page.getByLabel('Payment reference').fill('ESW-778812');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await expect(page.getByText('Deposit request sent.', { exact: false })).toBeVisible();
    const mine = page.getByRole('region', { name: 'My deposit requests' });
    const row = mine.getByRole('row').filter({ hasText: 'ESW-778812' });
    await expect(row).toContainText('500.00');
    await expect(row).toContainText('Pending');
    await expect(headerBalance(page)).toHaveText('NPR 10,000.00');

    const op = await openConsole(browser, server);
    await op.getByRole('link', { name: 'Deposit queue' }).click();
    await expect(op.getByRole('heading', { level: 1, name: 'Deposit queue' })).toBeVisible();
    const queued = op.getByRole('row').filter({ hasText: 'ESW-778812' });
    await expect(queued).toContainText('demo01');
    await expect(queued).toContainText('500.00');
    await queued.getByRole('button', { name: /^Approve deposit #\d+ of demo01$/ }).click();
    const approve = op.getByRole('dialog', { name: /^Approve deposit #\d+$/ });
    await expect(approve).toContainText('Credit NPR 500.00 to demo01?');
    await expect(approve).toContainText('ESW-778812');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(op.getByText(/Deposit #\d+ approved\./)).toBeVisible();
    await expect(op.getByRole('row').filter({ hasText: 'ESW-778812' })).toHaveCount(0);

    // The approval is audited with who did it.
    await op.getByRole('link', { name: 'Audit log' }).click();
    await expect(op.getByRole('row').filter({ hasText: 'admin' }).first()).toBeVisible();
    await op.close();

    // Without a reload, the player's pending list sees the decision and the header follows.
    await expect(row).toContainText('Approved', { timeout: 15_000 });
    await expect(headerBalance(page)).toHaveText('NPR 10,500.00');

    // The account record shows the credit.
    await page.goto('/member?page=transactionHistory');
    await expect(page.getByRole('row').filter({ hasText: 'Deposit' }).first()).toContainText('+500.00');
  });
});
