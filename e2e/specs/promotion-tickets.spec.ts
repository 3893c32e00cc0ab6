import { toMinor } from '@wps/contract';
import { expect, test } from '../fixtures/server.ts';
import { shoot } from '../fixtures/shots.ts';
import { openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

const OPERATOR = { id: 1, account: 'admin', ip: null };
const money = (minor: bigint) =>
  `${(minor / 100n).toLocaleString('en-US')}.${String(minor % 100n).padStart(2, '0')}`;

test.describe('reward tickets journey', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the operator grants a prize wheel ticket; the player spins it and sees the prize in the balance, once', async ({
    browser,
    page,
    server,
  }) => {
    test.setTimeout(150_000);
    await seedWalletDemo(server);
    // Both prizes are cash, so whichever the draw picks shows in the header balance.
    await server.services.tickets.saveTable(OPERATOR, 'WHEEL', {
      enabled: true,
      prizes: [
        { type: 'cash', label: '', amount: '25.00', points: null, wageringMultiplier: 0, weight: 3 },
        { type: 'cash', label: '', amount: '40.00', points: null, wageringMultiplier: 0, weight: 1 },
      ],
    });

    // The console grants the ticket.
    const admin = await openConsole(browser, server);
    await admin.goto('/admin/promotion-tickets');
    await expect(admin.getByRole('heading', { name: 'Reward tickets' }).first()).toBeVisible();
    await admin.getByLabel('Player account').first().fill('demo01');
    await admin.getByRole('button', { name: 'Grant', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: '1 ticket granted.' })).toBeVisible();
    await admin.close();

    // Signed in at desktop width (the helper waits for the desktop header's balance), then the phone.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.setViewportSize({ width: 375, height: 812 });
    const before = (
      await server.services.wallet.memberBalances((await server.services.members.getByAccount('demo01'))!.id)
    ).player_cash;
    await expect(page.getByRole('banner')).toContainText(money(before));
    await page.goto('/member?page=rewardCenter');
    await expect(page.getByTestId('tickets-unopened')).toHaveText('1');
    await page.getByTestId('tickets-choose-WHEEL').click();
    // The odds are shown before the spin.
    await expect(page.getByRole('table', { name: 'Prizes and their chances' })).toContainText('75.00%');
    await expect(page.getByRole('table', { name: 'Prizes and their chances' })).toContainText('25.00%');
    await shoot(page, 'tickets-wheel-en');
    const opened = page.waitForResponse((r) =>
      /\/wps\/promotions\/tickets\/\d+\/open$/.test(new URL(r.url()).pathname),
    );
    await page.getByTestId('ticket-play').click();
    const answer = await (await opened).json();
    expect(answer.success).toBe(true);
    const prize: string = answer.value.result.amount;
    await expect(page.getByTestId('ticket-result')).toHaveText(`You won: Rs ${prize} cash`, {
      timeout: 15_000,
    });
    await expect(page.getByRole('banner')).toContainText(money(before + toMinor(prize)));
    await page.getByText('Provably fair proof').click();
    await expect(page.getByText(answer.value.proof.serverSeedHash)).toBeVisible();
    await shoot(page, 'tickets-result-en');

    // Paid once: a reload shows no ticket left and the same balance.
    await page.reload();
    await expect(page.getByTestId('tickets-unopened')).toHaveText('0');
    await expect(page.getByRole('banner')).toContainText(money(before + toMinor(prize)));
    const rows = await server.app.database.query(
      "select count(*)::int n from ledger_transactions where idempotency_key like 'ticket:%'",
    );
    expect(rows[0]!.n).toBe(1);

    // Rotating the seed pair reveals the server seed: the opened ticket then links to the public
    // verifier, which recomputes the draw in the browser and finds the prize the ticket paid.
    await server.services.inhouse.rotate(
      (await server.services.members.getByAccount('demo01'))!.id,
      undefined,
    );
    await page.reload();
    await page.getByText('1 opened ticket').click();
    await page.getByTestId(`ticket-verify-${answer.value.id}`).click();
    await expect(page).toHaveURL(/\/verify\?ticketSeed=/);
    await expect(page.getByTestId('ticket-verify-hash')).toHaveText(
      'The seed matches the hash published before the draw.',
    );
    await expect(page.getByTestId('ticket-verify-match')).toHaveText('It is the prize the ticket paid.');
    await shoot(page, 'tickets-verify-en');
  });

  for (const theme of ['light', 'dark'] as const)
    test(`reward centre tickets and the console page at 375 px, ${theme}`, async ({
      browser,
      page,
      server,
    }) => {
      test.setTimeout(120_000);
      await seedWalletDemo(server);
      await page.addInitScript((t) => localStorage.setItem('wps.theme', t), theme);
      await server.services.tickets.saveTable(OPERATOR, 'EGG', {
        enabled: true,
        prizes: [
          { type: 'points', label: '', amount: null, points: 100, wageringMultiplier: 0, weight: 1 },
          {
            type: 'bonus',
            label: 'Golden bonus',
            amount: '50.00',
            points: null,
            wageringMultiplier: 5,
            weight: 1,
          },
          { type: 'nothing', label: '', amount: null, points: null, wageringMultiplier: 0, weight: 2 },
        ],
      });
      await server.services.tickets.grant(OPERATOR, { account: 'demo01', kind: 'EGG', count: 2 });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInPlayer(page, 'demo01', 'Demo@1234');
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/member?page=rewardCenter');
      await page.getByTestId('tickets-choose-EGG').click();
      await page.getByTestId('ticket-play').click();
      await expect(page.getByTestId('ticket-result')).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shoot(page, `tickets-egg-${theme}-en`);

      const admin = await openConsole(browser, server);
      await admin.setViewportSize({ width: 375, height: 812 });
      await admin.addInitScript((t) => localStorage.setItem('wps.theme', t), theme);
      await admin.goto('/admin/promotion-tickets');
      await admin.getByRole('button', { name: 'Golden egg' }).click();
      await expect(admin.getByText('Chance 25.00 %').first()).toBeVisible();
      await shoot(admin, `tickets-console-${theme}-en`);
      // Nothing of the page's own content reaches past the phone's width, but what scrolls
      // sideways inside its own box (the report's table).
      const past = await admin.evaluate(
        () =>
          Array.from(document.querySelectorAll('.admin-page *')).filter(
            (e) => e.getBoundingClientRect().right > 376 && !e.closest('.tk-scroll, .table-wrap'),
          ).length,
      );
      expect(past).toBe(0);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
});
