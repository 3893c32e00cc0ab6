import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';

test.describe('operator console', () => {
  test('the player site never downloads the console', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(scripts.some((u) => /admin/.test(u))).toBe(false);
  });

  test('an operator signs in and switches maintenance on and off for players', async ({
    page,
    server,
    browser,
  }) => {
    const op = await createOperator(server.app, { permissions: ['system'], account: 'opsystem' });

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Username').fill(op.account);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();

    await page.getByLabel('Password').fill(op.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/system$/);
    await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
    await expect(page.getByTestId('maintenance-state')).toHaveText('Off');

    await page.getByLabel('Maintenance mode').check();
    await page.getByLabel('Message to players').fill('Back in ten minutes.');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByTestId('maintenance-state')).toHaveText('On');

    // A player in another browser context now sees the maintenance page with the message.
    const player = await browser.newPage({ baseURL: server.baseURL });
    await player.goto('/');
    await expect(player.getByRole('heading', { level: 1, name: 'We are under maintenance' })).toBeVisible();
    await expect(player.getByText('Back in ten minutes.')).toBeVisible();

    // The console keeps working during maintenance.
    await page.getByLabel('Maintenance mode').uncheck();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByTestId('maintenance-state')).toHaveText('Off');
    await player.reload();
    await expect(player.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await player.close();
  });

  test('blocked countries, flags and register rules are editable', async ({ page, server }) => {
    const op = await createOperator(server.app, { permissions: ['*'] });
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(op.account);
    await page.getByLabel('Password').fill(op.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();

    await page.getByLabel('Country codes').fill('us, gb');
    await page.getByRole('button', { name: 'Save' }).nth(1).click();
    await expect.poll(() => server.services.system.blockedCountries()).toEqual(['GB', 'US']);

    await page.getByLabel('Country codes').fill('USA');
    await page.getByRole('button', { name: 'Save' }).nth(1).click();
    await expect(page.getByText('Use two-letter country codes')).toBeVisible();

    const flag = page.getByRole('switch', { name: /MANPLAYREB3/ });
    await expect(flag).not.toBeChecked();
    await flag.check({ force: true });
    await expect(flag).toBeChecked();
    await expect.poll(() => server.services.system.isFlagEnabled('MANPLAYREB3')).toBe(true);

    await page.getByRole('button', { name: 'Edit rule: email' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit rule: email' });
    await editor.getByLabel('Required').check();
    await editor.getByLabel('Maximum length').fill('80');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    await expect.poll(async () => (await server.services.system.registerRule('email'))?.maxLength).toBe(80);
    expect((await server.services.system.registerRule('email'))?.required).toBe(true);
  });

  test('the operator token is not the player token', async ({ page, server }) => {
    const op = await createOperator(server.app, { permissions: ['*'] });
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(op.account);
    await page.getByLabel('Password').fill(op.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
    const stored = await page.evaluate(() => ({
      player: sessionStorage.getItem('token'),
      admin: sessionStorage.getItem('wps.admin.token'),
    }));
    expect(stored.player).toBeNull();
    expect(stored.admin).toBeTruthy();
  });
});

test.describe('operator sign-in with the human check on', () => {
  test.use({ serverConfig: { humanCheck: true } });

  test('solves the ALTCHA in the page, asks for the image code after failures, then signs in', async ({
    page,
    server,
  }) => {
    const op = await createOperator(server.app, { permissions: ['system'], account: 'ophuman' });
    let captchaKey = '';
    page.on('request', (r) => {
      const key = new URL(r.url()).searchParams.get('captchaKey');
      if (r.url().includes('/wps/captcha?') && key) captchaKey = key;
    });
    await page.goto('/admin/login');
    await expect(page.getByRole('status').filter({ hasText: 'Human check passed' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByLabel('Username').fill(op.account);
    const captcha = page.getByRole('textbox', { name: 'Image code' });
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('Password').fill(`wrong-password-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
    }
    await expect(captcha).toBeVisible();
    await expect(page.getByRole('img', { name: 'Image code to type in' })).toBeVisible();
    // A person reads the image; the test draws a new answer under the page's key instead.
    await expect.poll(() => captchaKey).not.toBe('');
    const { text } = await server.app.services.auth.captcha.create(captchaKey);
    await captcha.fill(text);
    await page.getByLabel('Password').fill(op.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/system$/);
  });
});
