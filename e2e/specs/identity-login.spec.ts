import { MESSAGES_NE } from '@wps/contract';
import type { Page } from '@playwright/test';
import { lastCode } from '../../apps/server/src/test/identity.ts';
import { expect, test } from '../fixtures/server.ts';

// Every journey here starts in the members world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'members' });

async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('login with the human check on', () => {
  test.use({ serverConfig: { humanCheck: true } });

  test('three wrong passwords make the captcha appear; with it answered the login goes through', async ({
    page,
    server,
  }) => {
    await server.seedMembers();
    const dialog = await openLogin(page);
    // The ALTCHA proof of work is solved in a worker as the form opens.
    await expect(dialog.getByRole('status').filter({ hasText: 'Human check passed' })).toBeVisible({
      timeout: 20_000,
    });
    await dialog.getByRole('textbox', { name: 'Username' }).fill('demo01');
    const captcha = dialog.getByRole('textbox', { name: 'Image code' });
    for (let i = 1; i <= 3; i++) {
      await dialog.getByLabel('Password', { exact: true }).fill(`Wrong${i}pass`);
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await expect(
        dialog.getByRole('alert').filter({ hasText: 'Incorrect username or password' }),
      ).toBeVisible();
      if (i < 3) await expect(captcha).toHaveCount(0);
    }
    await expect(captcha).toBeVisible();
    const image = dialog.getByRole('img', { name: 'Image code to type in' });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);

    // The right password without the image code: the form asks for it before calling.
    await dialog.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByText('Please enter the image code')).toBeVisible();

    // A wrong image code is refused by the server, and a fresh image replaces the used one.
    const firstSrc = await image.getAttribute('src');
    await captcha.fill('zzzz');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByText('The image code is incorrect, please try again')).toBeVisible();
    await expect(image).not.toHaveAttribute('src', firstSrc ?? '');
  });
});

test.describe('login journeys', () => {
  test('a default-password account is forced through change password', async ({ page, server }) => {
    await server.seedMembers();
    const dialog = await openLogin(page);
    await dialog.getByRole('textbox', { name: 'Username' }).fill('newbie01');
    await dialog.getByLabel('Password', { exact: true }).fill('{secret}');
    await dialog.getByRole('button', { name: 'Log in' }).click();

    const change = page.getByRole('dialog', { name: 'Change password' });
    await expect(change).toBeVisible();
    await expect(change.getByText('For your security, choose a new password')).toBeVisible();
    // Forced: no close button, Esc does nothing, and the current password is not asked again.
    await expect(change.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(change).toBeVisible();
    await expect(change.getByLabel('Current password')).toHaveCount(0);

    // A reload does not get around it.
    await page.reload();
    await expect(change).toBeVisible();

    await change.getByLabel('New password', { exact: true }).fill('{secret}');
    await change.getByLabel('Confirm new password').fill('{secret}');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByText('Please enter 8-32 characters: letters and digits combined')).toBeVisible();

    await change.getByLabel('New password', { exact: true }).fill('Newbie2024');
    await change.getByLabel('Confirm new password').fill('Newbie2024');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'newbie01' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'newbie01' })).toBeVisible();
    await expect(change).toHaveCount(0);
  });

  test('the SMS countdown runs and disables the button; the code logs in', async ({ page, server }) => {
    await server.seedMembers();
    const dialog = await openLogin(page);
    await dialog.getByRole('tab', { name: 'SMS code' }).click();
    const send = dialog.getByRole('button', { name: 'Send code' });
    // No number: the spec's message, nothing sent.
    await send.click();
    await expect(dialog.getByText('Please enter a valid mobile number')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill('9800000001');
    await send.click();
    const counting = dialog.getByRole('button', { name: /Resend in \d+ s/ });
    await expect(counting).toBeDisabled();
    const first = Number((await counting.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThan(240);
    expect(first).toBeLessThanOrEqual(300);
    await page.waitForTimeout(2_100);
    const later = Number((await counting.textContent())?.match(/\d+/)?.[0]);
    expect(later).toBeLessThan(first);
    await expect(counting).toBeDisabled();

    const code = await lastCode(server.app, '+977 9800000001');
    await dialog.getByRole('textbox', { name: 'SMS verification code' }).fill(code);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'demo01' })).toBeVisible();
  });

  test('Nepali shows Nepali messages, from the form and from the server', async ({ page, server }) => {
    await server.seedMembers();
    await page.addInitScript(() => localStorage.setItem('wps.lang', 'NE'));
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'लगइन' }).click();
    const dialog = page.getByRole('dialog', { name: 'लगइन' });
    await dialog.getByRole('button', { name: 'लगइन गर्नुहोस्' }).click();
    await expect(dialog.getByText(MESSAGES_NE.inputEmpty).first()).toBeVisible();

    await dialog.getByRole('textbox', { name: 'प्रयोगकर्ता नाम' }).fill('demo01');
    await dialog.getByLabel('पासवर्ड', { exact: true }).fill('Wrong1234');
    await dialog.getByRole('button', { name: 'लगइन गर्नुहोस्' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: MESSAGES_NE.loginFailed })).toBeVisible();
  });

  test('a guest heading for the member centre logs in and lands there; remember-me keeps only the username', async ({
    page,
    server,
  }) => {
    await server.seedMembers();
    await page.goto('/member?page=securityCenter');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Username' }).fill('demo01');
    await dialog.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await dialog.getByLabel('Remember my username for a day').check();
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/member\?page=securityCenter$/);
    await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
    const remembered = await page.evaluate(() => localStorage.getItem('wps.rememberMe') ?? '');
    expect(remembered).toContain('demo01');
    expect(remembered).not.toContain('Demo@1234');
  });
});
