import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

const OPERATOR = { id: 1, account: 'admin', ip: null };

/** Spins the in-house roulette once and waits for the round's answer. */
async function spin(page: Page) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/inhouse/roulette/play');
  await page.getByRole('button', { name: 'Spin (20.00)', exact: true }).click();
  expect((await answered).status()).toBe(200);
}

test.describe('missions journey', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('a player with a mission plays, sees the progress, claims the reward once and finds themself on the leaderboard', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await seedWalletDemo(server);
    const created = await server.services.missions.admin.create(OPERATOR, {
      titleNe: '',
      descriptionNe: '',
      title: 'Journey: 2 in-house rounds',
      description: 'Play the in-house roulette twice today.',
      period: 'day',
      metric: 'rounds',
      gameType: 'INHOUSE',
      target: '2',
      reward: '3.00',
      wageringMultiplier: 0,
      enabled: true,
      sort: 1000,
    });
    await signInPlayer(page, 'demo01', 'Demo@1234');

    await page.goto('/member?page=missionLeaderboard');
    const card = page.getByTestId(`mission-${created.id}`);
    await expect(card.getByTestId('mission-progress')).toHaveText('0 / 2');
    await expect(card).toContainText('In progress');
    await expect(page.getByTestId('vip-card')).toContainText('Not yet VIP');

    await page.goto('/rng/inhouse/roulette');
    await page.getByRole('button', { name: 'Straight', exact: true }).click();
    await page.locator('button[data-pocket="17"]').click();
    await page.locator('button[data-pocket="5"]').click();
    await spin(page);
    await spin(page);

    await page.goto('/member?page=missionLeaderboard');
    await expect(card.getByTestId('mission-progress')).toHaveText('2 / 2');
    await card.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByText('3.00 was added to your balance.')).toBeVisible();
    await expect(card).toContainText('Claimed');
    await expect(card.getByRole('button', { name: 'Claim', exact: true })).toHaveCount(0);

    // Today's leaderboard ranks the player's 40.00 of valid bets, masked, marked as theirs.
    await expect(page.getByRole('table', { name: 'Top valid bets today' })).toContainText('de***01 (you)');
    await expect(page.getByTestId('my-rank')).toContainText('40.00');

    // Paid once: after a reload the mission stays claimed and one reward is on record.
    await page.reload();
    await expect(card).toContainText('Claimed');
    await expect(card.getByRole('button', { name: 'Claim', exact: true })).toHaveCount(0);
    const rows = await server.app.database.query(
      'select count(*)::int n from mission_progress where mission_id = $1 and claimed_at is not null',
      [created.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  test('the operator defines a mission and a VIP level in the console', async ({ browser, server }) => {
    await seedWalletDemo(server);
    const page = await openConsole(browser, server);
    await page.goto('/admin/missions');
    await page.getByRole('button', { name: 'New mission' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mission' });
    await dialog.getByLabel('Title (English)').fill('Console: 3 live rounds');
    await dialog.getByLabel('Counts').selectOption('rounds');
    await dialog.getByLabel('Game type').fill('LIVE');
    await dialog.getByLabel('Target rounds').fill('2.5');
    await dialog.getByLabel('Reward', { exact: true }).fill('4.00');
    await dialog.getByLabel('Wagering (times the reward)').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Invalid amount')).toBeVisible();
    await dialog.getByLabel('Target rounds').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Console: 3 live rounds/ })).toContainText(
      'Rounds played · LIVE',
    );

    await page.goto('/admin/vip-levels');
    await expect(page.getByLabel('Name (English)')).toHaveCount(5);
    // The demo levels carry their Nepali names (issue 27).
    await expect(page.getByLabel('Name (Nepali)').first()).toHaveValue('कांस्य');
    await page.getByRole('button', { name: 'Add level' }).click();
    const sixth = page.getByRole('listitem', { name: 'Level 6' });
    await sixth.getByLabel('Name (English)').fill('Royal');
    await sixth.getByLabel('Name (Nepali)').fill('शाही');
    await sixth.getByLabel('Turnover from').fill('9000000.00');
    await sixth.getByLabel('Deposits from').fill('900000.00');
    await sixth.getByLabel('Level-up bonus').fill('50000.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    expect((await server.services.vip.levels()).map((l) => [l.name, l.nameNe])).toContainEqual([
      'Royal',
      'शाही',
    ]);
  });
});
