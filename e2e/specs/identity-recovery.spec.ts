import { lastCode } from '../../apps/server/src/test/identity.ts';
import { expect, test } from '../fixtures/server.ts';

test.describe('recover and secure an account', () => {
  // Most journeys here seed the demo members first; starting there saves each a restart (fixtures/server.ts).
  test.use({ world: 'members' });

  test('forgot by phone ends logged in, and the new password works', async ({ page, server }) => {
    await server.seedMembers();
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await forgot.getByRole('tab', { name: 'By mobile number' }).click();
    await forgot.getByRole('textbox', { name: 'Mobile number' }).fill('9800000001');
    await forgot.getByRole('button', { name: 'Send code' }).click();
    await expect(forgot.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

    const code = await lastCode(server.app, '+977 9800000001');
    await forgot.getByRole('textbox', { name: 'SMS verification code' }).fill(code);
    await forgot.getByLabel('New password', { exact: true }).fill('Fresh2024x');
    await forgot.getByLabel('Confirm new password').fill('Fresh2024y');
    await forgot.getByRole('button', { name: 'Reset password' }).click();
    await expect(forgot.getByText('Incorrect confirmation input')).toBeVisible();
    await forgot.getByLabel('Confirm new password').fill('Fresh2024x');
    await forgot.getByRole('button', { name: 'Reset password' }).click();

    await expect(forgot).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'demo01' })).toBeVisible();
    const member = await server.services.members.getByAccount('demo01');
    expect(member && (await server.services.members.checkPassword(member, 'Fresh2024x'))).toBeTruthy();
  });

  test('forgot by email answers the same whatever was typed', async ({ page, server }) => {
    await server.seedMembers();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('dialog', { name: 'Log in' })
      .getByRole('button', { name: 'Forgot password?' })
      .click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await forgot.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await forgot.getByRole('button', { name: 'Send temporary password' }).click();
    await expect(forgot.getByText('Input cannot be empty')).toBeVisible();
    await expect(forgot.getByText(/Please enter 6-100 characters: a valid mailbox address/)).toBeVisible();
    await forgot.getByRole('textbox', { name: 'Username' }).fill('nobody99');
    await forgot.getByRole('textbox', { name: 'Email' }).fill('nobody99@example.com');
    await forgot.getByRole('button', { name: 'Send temporary password' }).click();
    await expect(forgot).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: 'If the username and email match an account' }),
    ).toBeVisible();
  });

  test('the security centre sets the payment password and binds an email with its code', async ({
    page,
    server,
  }) => {
    await server.seedMembers();
    await page.goto('/member?page=securityCenter');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('textbox', { name: 'Username' }).fill('newbie01');
    await login.getByLabel('Password', { exact: true }).fill('{secret}');
    await login.getByRole('button', { name: 'Log in' }).click();
    const change = page.getByRole('dialog', { name: 'Change password' });
    await change.getByLabel('New password', { exact: true }).fill('Newbie2024');
    await change.getByLabel('Confirm new password').fill('Newbie2024');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change).toHaveCount(0);
    await expect(page).toHaveURL(/\/member\?page=securityCenter$/);

    // The security centre is an index of its sections, each opening on its own (issue 27).
    const index = page.getByRole('region', { name: 'Your account' });
    await expect(index.getByRole('link', { name: /^Set payment password/ })).toContainText('Not set');
    await index.getByRole('link', { name: /^Set payment password/ }).click();
    await expect(page).toHaveURL(/section=payment/);
    const pay = page.getByRole('region', { name: 'Set payment password' });
    await pay.getByLabel('Login password').fill('Wrong2024');
    await pay.getByLabel('Payment password', { exact: true }).fill('123456');
    await pay.getByLabel('Confirm payment password').fill('123456');
    await pay.getByRole('button', { name: 'Save payment password' }).click();
    await expect(pay.getByText('The password is incorrect')).toBeVisible();
    await pay.getByLabel('Login password').fill('Newbie2024');
    await pay.getByRole('button', { name: 'Save payment password' }).click();
    await expect(page.getByRole('region', { name: 'Change payment password' })).toBeVisible();
    await page.getByRole('link', { name: 'All security settings' }).click();
    await expect(index.getByRole('link', { name: /^Change payment password/ })).toContainText('Set');

    await index.getByRole('link', { name: /^Bind email/ }).click();
    const mail = page.getByRole('region', { name: 'Bind email' });
    await mail.getByRole('textbox', { name: 'Email', exact: true }).fill('newbie@example.com');
    await mail.getByRole('button', { name: 'Send code' }).click();
    await expect(mail.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    const code = await lastCode(server.app, 'newbie@example.com');
    await mail.getByRole('textbox', { name: 'Email verification code' }).fill(code);
    await mail.getByRole('button', { name: 'Verify and bind' }).click();
    await expect(page.getByRole('region', { name: 'Change email' })).toBeVisible();
    await page.getByRole('link', { name: 'All security settings' }).click();
    await expect(index.getByRole('link', { name: /^Change email/ })).toContainText('Verified');
    const overview = page.getByRole('region', { name: 'Account security' });
    await expect(overview.getByText('newbie@example.com')).toBeVisible();
  });

  test('free play starts a trial session: play money on the balance, no cashier buttons', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Try free play' }).click();
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /^trial/ })).toBeVisible();
    await expect(header.getByText('Play money')).toBeVisible();
    // Trial money never meets the cashier (SPEC §4): neither the header nor the phone tab bar offers it.
    await expect(header.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    const tabs = page.getByRole('navigation', { name: 'Quick navigation' });
    await expect(tabs.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(tabs.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
    await expect(header.getByText('Play money')).toBeVisible();
  });

  test('the agent login refuses players and takes agents to the agent centre', async ({ page, server }) => {
    await server.seedMembers();
    await page.goto('/agent');
    const form = page.getByRole('region', { name: 'Agent login' });
    await form.getByRole('textbox', { name: 'Username' }).fill('demo01');
    await form.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Non-agents cannot log in' })).toBeVisible();
    await form.getByRole('textbox', { name: 'Username' }).fill('agent01');
    await form.getByLabel('Password', { exact: true }).fill('Agent@1234');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/agentHome$/);
  });

  test('a login from a new address asks for the second verification', async ({ browser, server }) => {
    await server.seedMembers();
    // demo01 has signed in before from another address; this visitor's address is new.
    await server.services.members.recordLogin(
      (await server.services.members.getByAccount('demo01'))!.id,
      '10.9.9.9',
    );
    const context = await browser.newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': '10.1.2.3' },
    });
    const page = await context.newPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill('demo01');
    await dialog.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Real name' }).check();
    await dialog.getByRole('textbox', { name: 'Real name' }).fill('Someone Else');
    await dialog.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(dialog.getByText('The real name does not match our records')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Real name' }).fill('Demo Player');
    await dialog.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'demo01' })).toBeVisible();
    await context.close();
  });
});
