import { Secret, TOTP } from 'otpauth';
import { seedOperators } from '../../apps/server/src/db/seed/auth.ts';
import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';

test.describe('operator roles and two-factor sign-in', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('a support operator sees no finance pages, and the API refuses them', async ({ page, server }) => {
    await createOperator(server.app, { role: 'support', account: 'support01', password: 'Support@123' });
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('support01');
    await page.getByLabel('Password').fill('Support@123');
    await page.getByRole('button', { name: 'Sign in' }).click();

    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await expect(nav).toBeVisible();
    // Support works with players and messages: no deposits, withdrawals, wallets or operators.
    await expect(nav.getByRole('link', { name: 'Message broadcast' })).toBeVisible();
    for (const name of ['Deposit queue', 'Withdrawal queue', 'Player wallets', 'Operators', 'System']) {
      await expect(nav.getByRole('link', { name })).toHaveCount(0);
    }

    // Going there directly shows the not-permitted state, not the page.
    await page.goto('/admin/deposits');
    await expect(
      page.getByText('Your operator account does not have permission for this section.'),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    // And the server says no, whatever the page shows.
    const token = await page.evaluate(() => sessionStorage.getItem('wps.admin.token'));
    expect(token).toBeTruthy();
    for (const url of [
      '/wps/admin/cashier/deposits',
      '/wps/admin/cashier/withdrawals',
      '/wps/admin/operators',
    ]) {
      const res = await page.request.get(url, { headers: { token: token! } });
      expect(res.status()).toBe(403);
      expect((await res.json()).code).toBe('FORBIDDEN');
    }
  });

  test('the owner enrols two-factor sign-in from the QR screen, then signs in with a code', async ({
    page,
    server,
  }) => {
    await seedOperators(server.services);
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@1234');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Owner without a second factor: the enrolment screen comes first, nothing else is offered.
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await expect(nav.getByRole('link')).toHaveCount(0);
    await page.getByRole('button', { name: 'Set up now' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    // A person scans the QR code; the test reads the secret shown beside it.
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('The authenticator code is not valid.')).toBeVisible();
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await expect(nav.getByRole('link', { name: 'Operators' })).toBeVisible();
    await nav.getByRole('link', { name: 'Operators' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();

    // Next sign-in: the password, then a code (a later one: the enrolment code is spent).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('The authenticator code is not valid.');
    const later = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });
    await page.getByLabel('Authentication code').fill(later);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(nav.getByRole('link', { name: 'Operators' })).toBeVisible();
  });
  test('a content operator, whose role does not require it, turns on two-factor sign-in from the header', async ({
    page,
    server,
  }) => {
    await createOperator(server.app, { role: 'content', account: 'content01', password: 'Content@123' });
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('content01');
    await page.getByLabel('Password').fill('Content@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Two-factor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up now' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Authentication code').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Console sections' }).getByRole('link').first(),
    ).toBeVisible();

    // The page now says it is on; the next sign-in asks for a code.
    await page.getByRole('banner').getByRole('link', { name: 'Two-factor' }).click();
    await expect(
      page.getByText('Two-factor sign-in is on for your account. Recovery codes left: 10.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill('content01');
    await page.getByLabel('Password').fill('Content@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Authentication code')).toBeVisible();
  });
});
