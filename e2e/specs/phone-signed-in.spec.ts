import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

// Signed in with the demo's five-figure balance, at the narrowest phone: the header's balance and the
// record tables' hidden labels once made these pages 379 and 456 px wide.
test.use({ viewport: { width: 360, height: 780 } });

test('signed in with a five-figure balance, no page is wider than a 360 px phone', async ({
  page,
  server,
}) => {
  await seedWalletDemo(server);
  await signInPlayer(page, 'demo01', 'Demo@1234');
  await expect(page.getByRole('banner').getByTestId('header-balance')).toContainText('10,000.00');
  for (const url of [
    '/',
    '/member?page=securityCenter',
    '/member?page=depositv2',
    '/member?page=withdraw',
    '/member?page=transactionHistory',
  ]) {
    await page.goto(url);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(360);
  }
});
