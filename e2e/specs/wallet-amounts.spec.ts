import { MESSAGES } from '@wps/contract';
import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

const BAD = [
  ['-50', MESSAGES.invalidAmount],
  ['10.005', MESSAGES.invalidAmount],
  ['abc', MESSAGES.invalidAmount],
  ['20000', MESSAGES.insufficientFunds],
] as const;

test.describe('bad amounts', () => {
  test('negative, three decimals, letters and above balance show the field message before any call', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    // demo01 needs a payout account for the withdraw form; bind it through the service.
    const demo = await server.services.members.getByAccount('demo01');
    if (!demo) throw new Error('demo01 missing');
    await server.services.cashier.addPayoutAccount(demo.id, {
      kind: 'wallet',
      provider: 'KHALTI',
      accountNumber: '9811111111',
      accountName: 'Demo Player',
    });
    await signInPlayer(page, 'demo01', 'Demo@1234');

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/wps\/(cashier|relay)\//.test(r.url())) posts.push(r.url());
    });

    await page.goto('/member?page=withdraw');
    const amount = page.getByLabel('Amount (NPR)');
    await page.getByLabel('Payment password').fill('123456');
    for (const [raw, message] of BAD) {
      await amount.fill(raw);
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      // The message sits under the field and is tied to it for screen readers.
      await expect(amount).toHaveAccessibleDescription(
        new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }

    await page.goto('/member?page=depositv2');
    const depositAmount = page.getByLabel('Amount (NPR)');
    await page.getByLabel('Payment reference').fill('REF-1');
    for (const [raw, message] of BAD.slice(0, 3)) {
      await depositAmount.fill(raw);
      await page.getByRole('button', { name: 'Submit deposit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    // Below the channel's minimum names the minimum.
    await depositAmount.fill('1');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: /The amount must be at least [\d,.]+\./ }),
    ).toBeVisible();

    // In Nepali the same check speaks Nepali.
    await page.evaluate(() => localStorage.setItem('wps.lang', 'NE'));
    await page.reload();
    await page.getByLabel('रकम (रु.)').fill('abc');
    await page.getByLabel('भुक्तानी सन्दर्भ नम्बर').fill('REF-1');
    await page.getByRole('button', { name: 'जम्मा अनुरोध पठाउनुहोस्' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'कृपया 0 भन्दा बढी' })).toBeVisible();

    expect(posts).toEqual([]);
  });

  test('transferFund: an agent sends to a member of the own tree; above balance is stopped first', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    await signInPlayer(page, 'agent01', 'Agent@1234');
    await page.goto('/member?page=transferFund');
    const recipient = page.getByLabel('Recipient');
    await expect(recipient.locator('option', { hasText: 'player01' })).toHaveCount(1);
    await recipient.selectOption({ label: 'player01' });
    await page.getByLabel('Amount (NPR)').fill('6000');
    await page.getByLabel('Payment password').fill('123456');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.insufficientFunds })).toBeVisible();
    await page.getByLabel('Amount (NPR)').fill('250.50');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
    await expect(confirm).toContainText('Send NPR 250.50 to player01?');
    await confirm.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('250.50 sent to player01.')).toBeVisible();
    await expect(page.getByRole('banner').getByTestId('header-balance')).toHaveText('NPR 4,749.50');
  });
});
