import sharp from 'sharp';
import { lastCode } from '../../apps/server/src/test/identity.ts';
import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

/** Issue 8 "Fidelity to SPEC": what a person clicks of the paths and behaviours fixed there. */
test.describe('fidelity to SPEC', () => {
  // Most journeys here seed the demo members first; starting there saves each a restart (fixtures/server.ts).
  test.use({ world: 'members' });

  test('the SMS login code is asked from /wps/verification/sms/noLogin (SPEC §7)', async ({
    page,
    server,
  }) => {
    await server.seedMembers();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('tab', { name: 'SMS code' }).click();
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill('9800000001');
    const sent = page.waitForRequest((r) => r.url().endsWith('/wps/verification/sms/noLogin'));
    await dialog.getByRole('button', { name: 'Send code' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ mobileNum: '9800000001', purpose: 'login' });
    await dialog
      .getByRole('textbox', { name: 'SMS verification code' })
      .fill(await lastCode(server.app, '+977 9800000001'));
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('session keys of SPEC §3, the language told to the server, the merchant kept on logout', async ({
    page,
    server,
  }) => {
    await server.seedMembers();
    await signInPlayer(page, 'demo01', 'Demo@1234');
    const keys = () => page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
    await expect
      .poll(async () => Object.keys(await keys()).sort())
      .toEqual(
        expect.arrayContaining([
          'account',
          'consolidated',
          'customerId',
          'enableContract',
          'enableSalary',
          'gameVendor',
          'isAgent',
          'merchant',
          'merchantWallet',
          'nickname',
          'token',
          'username',
        ]),
      );
    expect((await keys()).merchant).toBe('WPS');

    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('NE');
    const demo = await server.services.members.getByAccount('demo01');
    await expect.poll(async () => (await server.services.members.getById(demo!.id))?.language).toBe('NE');

    await page.getByRole('combobox', { name: 'भाषा' }).first().selectOption('EN');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'demo01' }).click();
    await header.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    const after = await keys();
    expect(after.token).toBeUndefined();
    expect(after.consolidated).toBeUndefined();
    expect(after.merchant).toBe('WPS');
  });

  test('the security centre saves an avatar and the profile fields under the register rules', async ({
    page,
    server,
  }) => {
    await server.seedMembers();
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/member?page=securityCenter');
    await page.getByRole('link', { name: /^Personal details/ }).click();
    const profile = page.getByRole('region', { name: 'Personal details' });
    await profile.getByLabel('Zalo').fill('12ab');
    const birthday = profile.getByRole('group', { name: 'Birthday' });
    await birthday.getByRole('combobox', { name: 'Day' }).selectOption('17');
    await birthday.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'August' });
    await birthday.getByRole('combobox', { name: 'Year' }).selectOption('1995');
    await profile.getByRole('button', { name: 'Save details' }).click();
    await expect(profile.getByText('Please enter 9-15 characters: digits only')).toBeVisible();
    await profile.getByLabel('Zalo').fill('0912345678');
    await profile.getByLabel('Telegram').fill('@demo_np');
    await profile.getByLabel('Source of income').fill('Salary');
    // The member's own nickname (issue 31), under its rule: 2 to 20 characters.
    await profile.getByLabel('Nickname').fill('R');
    await profile.getByRole('button', { name: 'Save details' }).click();
    await expect(profile.getByText('Please enter 2-20 characters: any characters')).toBeVisible();
    await profile.getByLabel('Nickname').fill('Ram of Pokhara');
    await profile.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details have been saved.')).toBeVisible();
    const demo = await server.services.members.getByAccount('demo01');
    expect(demo).toMatchObject({
      zalo: '0912345678',
      telegram: '@demo_np',
      birthday: '1995-08-17',
      sourceOfIncome: 'Salary',
      nickname: 'Ram of Pokhara',
    });

    // Back to the security centre's index, and into its picture section.
    await page.getByRole('link', { name: 'All security settings' }).click();
    await page.getByRole('link', { name: /^Profile picture/ }).click();
    const avatar = page.getByRole('region', { name: 'Profile picture' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#d4a017' } })
      .png()
      .toBuffer();
    await avatar
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Your profile picture has been saved.')).toBeVisible();
    await expect(avatar.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
    await avatar
      .locator('input[type=file]')
      .setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(avatar.getByText('Only PNG or JPG images are accepted.')).toBeVisible();
  });

  test("a host outside the operator's domains shows 'Invalid URL' (SPEC §8)", async ({ page, server }) => {
    await server.services.system.setDomainRoute(
      { mainDomain: 'play.example.com', domains: ['example.com'] },
      null,
    );
    await page.goto('/');
    await expect(page.getByRole('alert')).toHaveText('Invalid URL, please contact customer service');
    await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    await server.services.system.setDomainRoute({ mainDomain: 'localhost', domains: ['127.0.0.1'] }, null);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('records show Bikram Sambat dates beside Gregorian ones when asked; the converter loads only then', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    const converter: string[] = [];
    page.on('request', (r) => {
      if (/nepali-date/i.test(r.url())) converter.push(r.url());
    });
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/member?page=transactionHistory');
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByTestId('bs-date')).toHaveCount(0);
    expect(converter).toEqual([]);
    await page.getByRole('checkbox', { name: 'Show Bikram Sambat (BS) dates' }).check();
    await expect(page.getByTestId('bs-date').first()).toHaveText(
      /^\d{1,2} (Baishakh|Jestha|Asar|Shrawan|Bhadra|Asoj|Kartik|Mangsir|Poush|Magh|Falgun|Chaitra) 20\d\d BS$/,
    );
    await expect(page.getByTestId('range-shown-bs')).toContainText('BS');
    expect(converter.length).toBeGreaterThan(0);

    // In Nepali, with the custom range chosen from lists in Nepali.
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('NE');
    await expect(page.getByTestId('bs-date').first()).toHaveText(/ वि\.सं\.$/);
    await page.getByRole('button', { name: 'आफैँ रोज्नुहोस्' }).click();
    const from = page.getByRole('group', { name: 'देखि' });
    await expect(from.getByRole('combobox', { name: 'महिना' })).toContainText('नोभेम्बर');
  });

  test("leaving the second verification unfinished says 'Login failure. Please try again.' (SPEC §8)", async ({
    page,
    server,
  }) => {
    await server.seedMembers();
    // Known from one address; the browser comes from another, so the login asks for more.
    await server.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demo01', password: 'Demo@1234' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.99' });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill('demo01');
    await dialog.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByRole('button', { name: 'Back to login' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Login failure. Please try again.');
  });
});
