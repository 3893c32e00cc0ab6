import type { Page } from '@playwright/test';
import { expect, type TestServer, test } from '../fixtures/server.ts';
import { rememberPreferences, shoot, type Theme } from '../fixtures/shots.ts';
import { openConsole, seedWalletDemo } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

/**
 * The console's review queues (activity and affiliate applications) are one component: a
 * rejection asks for its reason, and one refused by the server stays in its dialog with the error.
 */
test.describe('console review queues', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function seedApplications(server: TestServer) {
    await seedWalletDemo(server);
    const demo = await server.services.members.getByAccount('demo01');
    const player = await server.services.members.getByAccount('player01');
    const share = (await server.services.promotions.adminList()).find(
      (p) => p.title === 'Share your big win',
    );
    if (!demo || !player || !share)
      throw new Error('the demo seed has demo01, player01 and the apply promotion');
    await server.services.promotions.apply(demo.id, share.id, 'my big win', []);
    await server.services.promotions.apply(player.id, share.id, 'another win', []);
    await server.services.affiliate.apply(
      player.id,
      { contact: 'sita@example.com', channel: 'whatsapp', expectedPlayers: 12 },
      'en',
    );
    return { demo, player };
  }

  test('an operator rejects an activity and an affiliate application with a reason; a refused rejection stays in its dialog', async ({
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    await seedApplications(server);
    const op = await openConsole(browser, server);
    await op.setViewportSize({ width: 390, height: 844 });

    await op.goto('/admin/promotion-applications');
    const first = op.getByRole('row').filter({ hasText: 'my big win' });
    const firstId = Number(await first.getByRole('cell').first().textContent());
    await first.getByRole('button', { name: `Reject application #${firstId}` }).click();
    const dialog = op.getByRole('dialog', { name: `Reject application #${firstId}` });
    // Decided elsewhere meanwhile: the server refuses, and the operator reads why in the dialog.
    await server.services.promotions.review({ id: 0, account: 'admin', ip: null }, firstId, true);
    await dialog.getByLabel('Reason (the member sees it)').fill('Not a big win');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toContainText('This request has already been processed.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    const second = op.getByRole('row').filter({ hasText: 'another win' });
    const secondId = Number(await second.getByRole('cell').first().textContent());
    await second.getByRole('button', { name: `Reject application #${secondId}` }).click();
    const next = op.getByRole('dialog', { name: `Reject application #${secondId}` });
    await next.getByLabel('Reason (the member sees it)').fill('Screenshot missing');
    await next.getByRole('button', { name: 'Reject' }).click();
    await expect(next).toHaveCount(0);
    await expect(op.getByText(`Application #${secondId} rejected.`)).toBeVisible();
    // Waiting rows only: both are decided now.
    await expect(op.getByRole('row').filter({ hasText: 'another win' })).toHaveCount(0);

    await op.goto('/admin/affiliate-applications');
    const row = op.getByRole('row').filter({ hasText: 'player01' });
    await row.getByRole('button', { name: 'Reject player01' }).click();
    const reject = op.getByRole('dialog', { name: 'Reject player01' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject).toContainText('Please give a reason for the rejection.');
    await reject.getByLabel('Reason (the player sees it)').fill('No channel yet');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(op.getByText('The application of player01 was rejected.')).toBeVisible();
    await op.getByLabel('Status').selectOption('');
    const id = Number(await row.getByRole('cell').first().textContent());
    await expect(op.getByTestId(`affiliate-status-${id}`)).toContainText('No channel yet');
  });

  /** The fields each kind of promotion pays by, in the order the form shows them. */
  const KIND_FIELDS: Record<string, string[]> = {
    deposit_bonus: ['Deposit number (1–5)', 'Bonus percent', 'Bonus cap (NPR)', 'Minimum deposit (NPR)'],
    reload: [
      'Deposits after number (0: every deposit)',
      'Bonus percent',
      'Bonus cap (NPR)',
      'Period',
      'Minimum deposit (NPR)',
      'Bonuses per period (empty: no limit)',
    ],
    cashback: [
      'Percent of net loss (1–100)',
      'Bonus cap (NPR)',
      'Period',
      'Minimum net loss',
      'Pay automatically (otherwise the player claims it)',
    ],
    tickets: [
      'Ticket kind',
      'Tickets per player',
      'Deposit number (empty: claimed for free)',
      'Minimum deposit (NPR)',
    ],
    free_bonus: ['Bonus amount (NPR)'],
  };
  const ALL_KIND_FIELDS = new Set(Object.values(KIND_FIELDS).flat());

  /** Every console page whose markup these shared pieces now draw, at 390 px, for a person to look at. */
  async function shootConsole(op: Page, theme: Theme) {
    await op.goto('/admin/promotion-applications');
    await expect(op.getByRole('row').filter({ hasText: 'my big win' })).toBeVisible();
    await shoot(op, `console-promotion-applications-${theme}`);
    await op.goto('/admin/affiliate-applications');
    await expect(op.getByRole('row').filter({ hasText: 'player01' })).toBeVisible();
    await shoot(op, `console-affiliate-applications-${theme}`);
    await op.goto('/admin/promotions');
    await op.getByRole('button', { name: 'New promotion' }).click();
    const form = op.getByRole('dialog', { name: 'New promotion' });
    for (const [kind, fields] of Object.entries(KIND_FIELDS)) {
      await form.getByLabel('Kind', { exact: true }).selectOption(kind);
      const shown = (await form.locator('label').allTextContents()).map((l) => l.trim());
      expect(shown.filter((l) => ALL_KIND_FIELDS.has(l))).toEqual(fields);
      await form.getByLabel('Wagering (× bonus, 0 = paid as cash)').scrollIntoViewIfNeeded();
      await shoot(op, `console-promotion-form-${kind}-${theme}`);
    }
    await op.goto('/admin/lottery-odds');
    await op.getByTestId('edit-north-da').click();
    await expect(op.getByRole('dialog')).toBeVisible();
    await shoot(op, `console-lottery-odds-dialog-${theme}`);
    await op.goto('/admin/game-vendors');
    await op.getByRole('button', { name: 'Edit', exact: true }).first().click();
    await expect(op.getByRole('dialog')).toBeVisible();
    await shoot(op, `console-vendor-dialog-${theme}`);
    await op.goto('/admin/inhouse-games');
    await op
      .getByRole('button', { name: /^Edit the limits of / })
      .first()
      .click();
    const limits = op.getByRole('dialog');
    await shoot(op, `console-inhouse-limits-dialog-${theme}`);
    await limits.getByLabel('Min bet').fill('20.00');
    await limits.getByRole('button', { name: 'Review the change' }).click();
    await expect(limits.getByRole('button', { name: 'Save these limits' })).toBeVisible();
    await op.goto('/admin/content-contacts');
    await op.getByRole('button', { name: 'Add contact' }).click();
    await shoot(op, `console-content-contacts-form-${theme}`);
    expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  for (const theme of ['dark', 'light'] as Theme[]) {
    test(`the changed console pages at 390 px (${theme})`, async ({ browser, server }) => {
      test.setTimeout(150_000);
      await seedApplications(server);
      const op = await openConsole(browser, server);
      await rememberPreferences(op, theme, 'EN');
      await op.setViewportSize({ width: 390, height: 844 });
      await shootConsole(op, theme);
    });
  }
});
