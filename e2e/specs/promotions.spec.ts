import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

const OPERATOR = { id: 1, account: 'admin', ip: null };

/** Spins the in-house roulette once and waits for the round's answer. */
async function spin(page: Page) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/inhouse/roulette/play');
  await page.getByRole('button', { name: 'Spin (20.00)', exact: true }).click();
  expect((await answered).status()).toBe(200);
}

test.describe('promotions journey', () => {
  test('a new player joins the first-deposit bonus, deposits, sees wagering move as they play, and it converts', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await seedWalletDemo(server);
    await server.services.promotions.create(OPERATOR, {
      titleNe: '',
      summaryNe: '',
      bodyNe: '',
      title: 'Journey first deposit 10%',
      summary: '10% of your first deposit.',
      body: 'Wager twice the bonus on in-house games.',
      category: 'newbie',
      labels: ['NEWBIE'],
      languages: [],
      imageUrl: null,
      kind: 'deposit_bonus',
      audience: 'all',
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: null,
      enabled: true,
      depositNth: 1,
      percent: 10,
      cap: '50.00',
      minDeposit: '100.00',
      bonusAmount: null,
      wageringMultiplier: 2,
      expiryDays: 7,
      contributions: { INHOUSE: 100, LIVE: 10 },
      ticketKind: null,
      ticketCount: null,
      sort: 100,
    });
    await server.services.members.create({
      account: 'wager77',
      password: 'Wager@1234',
      type: 0,
      parentId: null,
      paymentPassword: null,
      payeeName: null,
      email: null,
      countryDialingCode: null,
      mobileNum: null,
    });
    await signInPlayer(page, 'wager77', 'Wager@1234');

    // Promotions: filter to newbie offers, open the detail, join.
    await page.goto('/promotions');
    await page.getByRole('button', { name: 'Newbie', exact: true }).click();
    await page.getByRole('button', { name: 'Details of Journey first deposit 10%' }).click();
    const detail = page.getByRole('dialog', { name: 'Journey first deposit 10%' });
    await expect(detail).toContainText('Deposit number 1');
    await expect(detail).toContainText('INHOUSE 100%, LIVE 10%');
    await detail.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(detail).toContainText('Joined');

    // The first deposit asks, in its own form, for the date of birth (the age rule) and the real
    // name (withdrawals go only to an account in it), then goes through; the bonus joined above
    // reads as joined there. The operator approves it (the console's approval has its own journey).
    await page.goto('/member?page=depositv2');
    await page.locator('label.wallet-channel', { hasText: 'eSewa' }).click();
    await expect(page.getByTestId('bonus-offer')).toContainText('Bonus joined: Journey first deposit 10%');
    const step = page.getByTestId('profile-step');
    await step.getByLabel('Real name').fill('Wager Seventy Seven');
    const birthday = step.getByRole('group', { name: 'Date of birth' });
    await birthday.getByRole('combobox', { name: 'Day' }).selectOption('17');
    await birthday.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'August' });
    await birthday.getByRole('combobox', { name: 'Year' }).selectOption('1995');
    await page.getByLabel('Amount (NPR)').fill('500');
    await page.getByLabel('Payment reference').fill('ESW-BONUS-1');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await expect(page.getByText('Deposit request sent.', { exact: false })).toBeVisible();
    const queue = await server.services.cashier.depositQueue({ pageNo: 1, pageSize: 10, status: 'pending' });
    await server.services.cashier.approveDeposit(OPERATOR, queue.content[0]!.id);

    await page.goto('/member?page=bonusDetails');
    await expect(page.getByTestId('bonus-balance')).toHaveText('50.00');
    await expect(page.getByTestId('wagering-progress')).toHaveText('0.00 / 100.00 (0%)');

    // Play the in-house roulette: two straight bets, 20.00 a spin, in-house counts in full. Never
    // a push, so every spin is 20.00 of valid bet whatever it lands on (red and a straight on a
    // black number would be a push whenever red came: nothing at risk, nothing counted).
    await page.goto('/rng/inhouse/roulette');
    await page.getByRole('button', { name: 'Straight', exact: true }).click();
    await page.locator('button[data-pocket="17"]').click();
    await page.locator('button[data-pocket="5"]').click();
    await spin(page);
    await spin(page);
    await page.goto('/member?page=bonusDetails');
    await expect(page.getByTestId('wagering-progress')).toHaveText('40.00 / 100.00 (40%)');

    await page.goto('/rng/inhouse/roulette');
    await page.getByRole('button', { name: 'Straight', exact: true }).click();
    await page.locator('button[data-pocket="17"]').click();
    await page.locator('button[data-pocket="5"]').click();
    for (let i = 0; i < 3; i++) await spin(page);
    await page.goto('/member?page=bonusDetails');
    await expect(page.getByText('Converted to cash')).toBeVisible();
    await expect(page.getByTestId('bonus-balance')).toHaveText('0.00');

    // The inbox tells the story, and the badge counts what is unread.
    await page.goto('/member?page=messageV2');
    await expect(page.getByRole('button', { name: /Bonus converted to cash/ })).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('0 unread messages')).toBeVisible();
  });

  test('a player earns points by playing and redeems a mall item with the payment password', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    const demo = await server.services.members.getByAccount('demo01');
    // 10,500.00 of valid bets in the bets record: 105 points at the demo ratio (1 point per NPR 100).
    await server.app.database.db.transaction((tx) =>
      server.services.bets.recordSettlement(tx, {
        memberId: demo!.id,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'INHOUSE',
        roundId: 'points-journey',
        stake: 1_050_000n,
        payout: 0n,
        trial: false,
      }),
    );
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/pointMall');
    await expect(page.getByTestId('points-balance')).toHaveText('105');
    await page.getByRole('button', { name: 'Redeem NPR 10 cash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem NPR 10 cash' });
    await dialog.getByLabel('Payment password').fill('000000');
    await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('payment password');
    await dialog.getByLabel('Payment password').fill('123456');
    await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('points-balance')).toHaveText('5');
    await page.getByRole('tab', { name: 'Redeem history' }).click();
    await expect(page.getByRole('list', { name: 'Redeem history' })).toContainText('In process');

    const queue = await server.services.points.queue({ pageNo: 1, pageSize: 10, status: 'process' });
    await server.services.points.review(OPERATOR, queue.content[0]!.id, true);
    await page.reload();
    await page.getByRole('tab', { name: 'Redeem history' }).click();
    await expect(page.getByRole('list', { name: 'Redeem history' })).toContainText('Approved');

    // Points to cash at the operator's rate (SPEC §7), with the payment password; the points
    // history lists what was earned and what was converted.
    const current = await server.services.points.adminSettings();
    await server.services.points.saveSettings(OPERATOR, {
      ...current,
      convertPerPoint: '0.50',
      convertMinPoints: 2,
    });
    await page.reload();
    await page.getByRole('button', { name: 'Convert to cash' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert points to cash' });
    await convert.getByLabel('Points to convert').fill('4');
    await expect(convert.getByTestId('convert-cash')).toHaveText('You get NPR 2.00.');
    await convert.getByLabel('Payment password').fill('123456');
    await convert.getByRole('button', { name: 'Convert to cash' }).click();
    await expect(convert).toHaveCount(0);
    await expect(page.getByTestId('points-balance')).toHaveText('1');
    await page.getByRole('tab', { name: 'Points history' }).click();
    await expect(page.getByTestId('points-entry').first()).toContainText('Converted to cash');
    await expect(page.getByTestId('points-entry').first()).toContainText('-4');
  });
  test('a player redeems golden egg tickets in the mall; once approved they wait in the reward centre', async ({
    page,
    server,
  }) => {
    await seedWalletDemo(server);
    await server.services.tickets.saveTable(OPERATOR, 'EGG', {
      enabled: true,
      prizes: [
        { type: 'cash', label: '', amount: '5.00', points: null, wageringMultiplier: 0, weight: 1 },
        { type: 'nothing', label: '', amount: null, points: null, wageringMultiplier: 0, weight: 1 },
      ],
    });
    await server.services.points.saveProduct(OPERATOR, null, {
      nameNe: '',
      descriptionNe: '',
      name: 'Two golden eggs',
      description: '',
      kind: 'ticket',
      points: 50,
      cashValue: null,
      ticketKind: 'EGG',
      ticketCount: 2,
      stock: null,
      imageUrl: null,
      enabled: true,
      sort: 9,
    });
    const demo = await server.services.members.getByAccount('demo01');
    await server.app.database.db.transaction((tx) =>
      server.services.bets.recordSettlement(tx, {
        memberId: demo!.id,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'INHOUSE',
        roundId: 'points-eggs',
        stake: 500_000n,
        payout: 0n,
        trial: false,
      }),
    );
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/pointMall');
    await expect(page.getByText('2 × Golden egg ticket')).toBeVisible();
    await page.getByRole('button', { name: 'Redeem Two golden eggs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Two golden eggs' });
    await dialog.getByLabel('Payment password').fill('123456');
    await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    const queue = await server.services.points.queue({ pageNo: 1, pageSize: 10, status: 'process' });
    await server.services.points.review(OPERATOR, queue.content[0]!.id, true);
    await page.goto('/member?page=rewardCenter');
    await expect(page.getByTestId('tickets-unopened')).toHaveText('2');
  });
});
