import sharp from 'sharp';
import { expect, test } from '../fixtures/server.ts';
import { rememberPreferences, shoot } from '../fixtures/shots.ts';
import { headerBalance, openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

const OPERATOR = { id: 1, account: 'admin', ip: null };

const banner = () =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2a6f97' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="600"><rect x="80" y="180" width="1040" height="240" rx="40" fill="#f4d35e"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

test.describe('promotion kinds journey', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a player joins a cashback promotion with a picture, loses, and claims the cashback the day job computed', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await seedWalletDemo(server);
    const image = await server.services.promotions.uploadImage(await banner(), OPERATOR);
    const promo = await server.services.promotions.create(OPERATOR, {
      titleNe: '',
      summaryNe: '',
      bodyNe: '',
      title: 'Journey daily cashback',
      summary: '10% back on a losing day.',
      body: 'Net loss of the business day, from joining. Paid when you claim it.',
      category: 'rebate',
      labels: ['DAILY', 'HIGH_REBATE'],
      languages: [],
      imageUrl: null,
      imageId: image.id,
      kind: 'cashback',
      audience: 'all',
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: null,
      enabled: true,
      depositNth: null,
      percent: 10,
      cap: '100.00',
      minDeposit: null,
      bonusAmount: null,
      period: 'day',
      minLoss: '50.00',
      wageringMultiplier: 0,
      expiryDays: 7,
      contributions: {},
      ticketKind: null,
      ticketCount: null,
      sort: 200,
    });
    const demo = (await server.services.members.getByAccount('demo01'))!;
    await signInPlayer(page, 'demo01', 'Demo@1234');

    await page.goto('/promotions');
    await page.getByRole('button', { name: 'Rebate', exact: true }).click();
    const card = page.locator('.promo-card', { hasText: 'Journey daily cashback' });
    await expect(card.locator('picture img')).toHaveAttribute('src', `/wps/content/images/${image.id}/1200`);
    await expect
      .poll(() => card.locator('picture img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Details of Journey daily cashback' }).click();
    const detail = page.getByRole('dialog', { name: 'Journey daily cashback' });
    await expect(detail).toContainText('10% of your net loss');
    await expect(detail).toContainText('When you claim it');
    await detail.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(detail).toContainText('Your net loss is counted from now on');

    // The day's play: 400.00 staked, 100.00 won back (a net loss of 300.00), then the day ends.
    const start = new Date(Date.now() - 1_000);
    await new Promise((r) => setTimeout(r, 50));
    await server.app.database.db.transaction((tx) =>
      server.services.bets.recordSettlement(tx, {
        memberId: demo.id,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'INHOUSE',
        roundId: 'cashback-journey',
        stake: 40_000n,
        payout: 10_000n,
        trial: false,
      }),
    );
    const end = new Date(Date.now() + 1_000);
    expect(await server.services.cashback.settle('day', start, end)).toMatchObject({ computed: 1 });

    const before = (await headerBalance(page).textContent()) ?? '';
    await page.reload();
    const again = page.getByRole('dialog', { name: 'Journey daily cashback' });
    await expect(again).toContainText('Cashback waiting for you: 30.00');
    await shoot(page, 'promo-kinds-cashback-claim-375-dark');
    await again.getByRole('button', { name: 'Claim reward' }).click();
    await expect(page.getByText('Reward claimed.')).toBeVisible();
    await expect(again).not.toContainText('Cashback waiting for you');
    const toNumber = (s: string) => Number(s.replace(/[^0-9.]/g, ''));
    await expect
      .poll(async () => toNumber((await headerBalance(page).textContent()) ?? ''))
      .toBe(toNumber(before) + 30);
    expect(promo.id).toBeGreaterThan(0);

    // The inbox said it was waiting; the reward centre shows the activity.
    await page.goto('/member?page=messageV2');
    await expect(page.getByRole('button', { name: /Cashback ready: Journey daily cashback/ })).toBeVisible();
  });

  test('the operator uploads a promotion picture, creates a reload, and edits the rebate rates', async ({
    browser,
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await seedWalletDemo(server);
    const console_ = await openConsole(browser, server);
    await console_.setViewportSize({ width: 375, height: 800 });
    await console_.goto('/admin/promotions');
    await console_.getByRole('button', { name: 'New promotion' }).click();
    const dialog = console_.getByRole('dialog', { name: 'New promotion' });
    await dialog.getByLabel('Title (English)').fill('Console reload 20%');
    await dialog.getByLabel('Kind').selectOption('reload');
    await dialog.getByLabel('Deposits after number (0: every deposit)').fill('1');
    await dialog.getByLabel('Bonus percent').fill('20');
    await dialog.getByLabel('Bonus cap (NPR)').fill('300.00');
    await dialog.getByLabel('Bonuses per period (empty: no limit)').fill('1');
    await dialog.getByLabel('Image (PNG, JPEG or WebP)').setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('GIF89a but not really'),
    });
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByLabel('Image (PNG, JPEG or WebP)').setInputFiles({
      name: 'reload.png',
      mimeType: 'image/png',
      buffer: await banner(),
    });
    await expect(dialog.getByRole('img', { name: 'Promotion image preview' })).toBeVisible();
    // The detail's announcement images (issue 31): two uploads, the second moved first.
    const gallery = dialog.getByLabel('Announcement images (in order)');
    await gallery.setInputFiles({ name: 'one.png', mimeType: 'image/png', buffer: await banner() });
    await expect(dialog.getByRole('img', { name: 'Announcement image 1' })).toBeVisible();
    await gallery.setInputFiles({ name: 'two.png', mimeType: 'image/png', buffer: await banner() });
    await expect(dialog.getByRole('img', { name: 'Announcement image 2' })).toBeVisible();
    const idOf = async (n: number) =>
      /\/wps\/content\/images\/([^/]+)\//.exec(
        (await dialog.getByRole('img', { name: `Announcement image ${n}` }).getAttribute('src')) ?? '',
      )?.[1];
    const [first, second] = [await idOf(1), await idOf(2)];
    await dialog.getByRole('button', { name: 'Move image 2 up' }).click();
    expect(await idOf(1)).toBe(second);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(console_.getByRole('cell', { name: 'Console reload 20%', exact: true })).toBeVisible();
    const saved = (await server.services.promotions.adminList()).find(
      (p) => p.title === 'Console reload 20%',
    );
    expect(saved).toMatchObject({ kind: 'reload', depositNth: 1, percent: 20, cap: '300.00', claimLimit: 1 });
    expect(saved?.image?.variants.length).toBeGreaterThan(0);
    expect(saved?.announcementImageIds).toEqual([second, first]);
    // The player's detail shows them in that order.
    const player = page;
    await player.goto('/promotions');
    await player.getByRole('button', { name: 'Details of Console reload 20%' }).click();
    const detail = player.getByRole('dialog', { name: 'Console reload 20%' });
    const shown = detail.getByRole('list', { name: 'Promotion images' }).getByRole('img');
    await expect(shown).toHaveCount(2);
    await expect(shown.first()).toHaveAccessibleName('Promotion image 1 of 2');
    expect(await shown.first().getAttribute('src')).toContain(`/wps/content/images/${second}/`);
    await detail.getByRole('button', { name: 'Close' }).last().click();

    await console_.goto('/admin/rebate-rates');
    await console_.getByRole('button', { name: 'Add game type' }).click();
    const rows = console_.getByRole('list', { name: 'Manual rebate rates' }).getByRole('listitem');
    const last = rows.last();
    await last.getByLabel('Game type').fill('esports');
    await last.getByLabel('Rate (basis points, 0–500)').fill('35');
    await expect(last).toContainText('= 0.35%');
    await console_.getByRole('button', { name: 'Save rates' }).click();
    await expect(console_.getByText('Rates saved.')).toBeVisible();
    expect(await server.services.rebate.rates()).toContainEqual({ gameType: 'ESPORTS', rateBp: 35 });
    for (const theme of ['dark', 'light'] as const) {
      await rememberPreferences(console_, theme, 'EN');
      await console_.reload();
      await expect(console_.getByRole('list', { name: 'Manual rebate rates' })).toBeVisible();
      await shoot(console_, `promo-kinds-rebate-rates-375-${theme}`);
      const wide = await console_.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(375);
    }
    await console_.close();
  });

  test('the promotions page with pictures at 375 px, both themes', async ({ page, server }) => {
    await seedWalletDemo(server);
    const image = await server.services.promotions.uploadImage(await banner(), OPERATOR);
    await server.services.promotions.create(OPERATOR, {
      titleNe: '',
      summaryNe: '',
      bodyNe: '',
      title: 'Weekend reload 25%',
      summary: 'Every deposit after your first: 25% up to NPR 500, once a day.',
      body: '',
      category: 'deposit',
      labels: ['LIMITED'],
      languages: [],
      imageUrl: null,
      imageId: image.id,
      kind: 'reload',
      audience: 'all',
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: null,
      enabled: true,
      depositNth: 1,
      percent: 25,
      cap: '500.00',
      minDeposit: '100.00',
      bonusAmount: null,
      period: 'day',
      claimLimit: 1,
      wageringMultiplier: 5,
      expiryDays: 7,
      contributions: {},
      ticketKind: null,
      ticketCount: null,
      sort: 300,
    });
    for (const theme of ['dark', 'light'] as const) {
      await rememberPreferences(page, theme, 'EN');
      await page.goto('/promotions');
      const card = page.locator('.promo-card', { hasText: 'Weekend reload 25%' });
      await expect
        .poll(() => card.locator('picture img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shoot(page, `promo-kinds-promotions-375-${theme}`);
      await page.getByRole('button', { name: 'Details of Weekend reload 25%' }).click();
      const detail = page.getByRole('dialog', { name: 'Weekend reload 25%' });
      await expect(detail).toContainText('Every deposit after deposit number 1');
      await expect(detail).toContainText('1 bonus per day');
      await shoot(page, `promo-kinds-reload-detail-375-${theme}`);
    }
  });
});
