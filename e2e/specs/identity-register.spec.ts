import { expect, test } from '../fixtures/server.ts';

test.describe('register and sign out', () => {
  test('register with the username tab and land logged in with balance 0.00, then sign out', async ({
    page,
    server,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('merchant', 'WPS'));
    await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await expect(dialog).toBeVisible();

    // Nothing typed: the spec's messages under the fields, the inline terms error, no call made.
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('Input cannot be empty').first()).toBeVisible();
    await expect(dialog.getByText('Please agree to the terms and conditions')).toBeVisible();

    await dialog.getByLabel('Username').fill('newplayer1');
    await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
    await dialog.getByLabel('Confirm password').fill('Secret124');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('The passwords entered twice are inconsistent')).toBeVisible();

    await dialog.getByLabel('Confirm password').fill('Secret123');
    await dialog.getByLabel(/at least 18 years old/).check();
    await dialog.getByLabel(/I have read and agree/).check();
    // The date of birth (optional, under "more details"): too young is refused before any call.
    await dialog.getByText('More details (optional)').click();
    const youngYear = new Date().getFullYear() - 15;
    await dialog.getByLabel(/Date of birth/).fill(`${youngYear}-06-01`);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('You must be at least 18 years old to play.')).toBeVisible();
    await dialog.getByLabel(/Date of birth/).fill('1990-06-01');
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect(dialog).toHaveCount(0);
    // The welcome step comes once, right after the account exists; "later" goes home.
    const welcome = page.getByRole('dialog', { name: 'Welcome to WPS' });
    await expect(welcome).toContainText('Welcome, newplayer1!');
    await welcome.getByRole('button', { name: 'Maybe later' }).click();
    await expect(welcome).toHaveCount(0);
    const header = page.getByRole('banner');
    await expect(header.getByTestId('header-balance')).toHaveText('NPR 0.00');
    await expect(header.getByRole('button', { name: 'newplayer1' })).toBeVisible();
    // The date of birth went with the account (the first deposit will not ask again).
    expect((await server.app.services.members.getByAccount('newplayer1'))?.birthday).toBe('1990-06-01');

    // Hide and show the balance.
    await header.getByRole('button', { name: 'Hide balance' }).click();
    await expect(header.getByTestId('header-balance')).toHaveCount(0);
    await header.getByRole('button', { name: 'Show balance' }).click();
    await expect(header.getByTestId('header-balance')).toHaveText('NPR 0.00');

    // Sign out asks first; cancel keeps the session.
    await header.getByRole('button', { name: 'newplayer1' }).click();
    await header.getByRole('button', { name: 'Sign out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(header.getByTestId('header-balance')).toBeVisible();

    await header.getByRole('button', { name: 'newplayer1' }).click();
    await header.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const stored = await page.evaluate(() => Object.keys(sessionStorage));
    expect(stored).toEqual(['merchant']);
  });
});
