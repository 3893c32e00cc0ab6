import { expect, test } from '../fixtures/server.ts';
import { rememberPreferences, shoot, type Theme } from '../fixtures/shots.ts';
import { openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

test.describe('referral and affiliate journey', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a player applies to become an affiliate and an operator approves it', async ({
    page,
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    await seedWalletDemo(server);
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/member?page=referral');
    await expect(page.getByTestId('referral-link')).toContainText('/register?referralCode=');
    await expect(page.getByTestId('referral-rule')).toContainText('within 30 days');

    const section = page.getByTestId('affiliate-section');
    await expect(section.getByRole('heading', { name: 'Become an agent' })).toBeVisible();
    // The server's field messages appear under the fields.
    await section.getByRole('button', { name: 'Send application' }).click();
    await expect(section.getByText('Input cannot be empty')).toHaveCount(3);
    await section.getByLabel('Contact (phone, email or messenger)').fill('+977 9812345678');
    await section.getByLabel('Main channel').selectOption('facebook');
    await section.getByLabel('Players you expect to bring in a month').fill('40');
    await section.getByLabel('Remark (optional)').fill('x'.repeat(141));
    await section.getByRole('button', { name: 'Send application' }).click();
    await expect(section.getByText('The remark must be at most 140 characters.')).toBeVisible();
    await section.getByLabel('Remark (optional)').fill('Cricket fan page with 5,000 followers');
    await section.getByRole('button', { name: 'Send application' }).click();
    await expect(section.getByTestId('affiliate-status')).toContainText('waiting for review');
    // No page wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const op = await openConsole(browser, server);
    await op.setViewportSize({ width: 375, height: 812 });
    await op.goto('/admin/affiliate-applications');
    const row = op.getByRole('row').filter({ hasText: 'demo01' });
    await expect(row).toContainText('Cricket fan page');
    await row.getByRole('button', { name: 'Approve demo01' }).click();
    await expect(op.getByText('demo01 is now an agent.')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Approve demo01' })).toHaveCount(0);

    const demo = await server.services.members.getByAccount('demo01');
    expect(demo?.affiliateCode).toBeTruthy();
    expect([1, 2]).toContain(demo?.type);

    await page.reload();
    await expect(page.getByTestId('affiliate-status')).toContainText('Your account is an agent account');
    await page.goto('/member?page=messageV2');
    await expect(page.getByText('Affiliate application approved')).toBeVisible();
  });

  for (const theme of ['dark', 'light'] as Theme[]) {
    test(`referral page, ranking board and affiliate queue at 375 px (${theme})`, async ({
      page,
      browser,
      server,
    }) => {
      test.setTimeout(120_000);
      await seedWalletDemo(server);
      const demo = await server.services.members.getByAccount('demo01');
      const player = await server.services.members.getByAccount('player01');
      await server.app.database.query('update members set referrer_id = $1 where id = $2', [
        demo!.id,
        player!.id,
      ]);
      await rememberPreferences(page, theme, 'EN');
      await signInPlayer(page, 'demo01', 'Demo@1234');
      await page.goto('/member?page=referral');
      await expect(page.getByTestId('referral-invited')).toHaveText('1');
      await shoot(page, `referral-${theme}`);
      await page.goto('/promotions');
      await expect(page.getByTestId('ranking-board')).toBeVisible();
      await expect(
        page.getByTestId('ranking-board').getByRole('heading', { name: 'Ranking and winners' }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shoot(page, `ranking-${theme}`);
      await server.services.affiliate.apply(
        player!.id,
        { contact: 'sita@example.com', channel: 'whatsapp', expectedPlayers: 12 },
        'en',
      );
      const op = await openConsole(browser, server);
      await rememberPreferences(op, theme, 'EN');
      await op.setViewportSize({ width: 375, height: 812 });
      await op.goto('/admin/affiliate-applications');
      await expect(op.getByRole('row').filter({ hasText: 'player01' })).toBeVisible();
      await shoot(op, `admin-affiliate-${theme}`);
    });
  }
});
