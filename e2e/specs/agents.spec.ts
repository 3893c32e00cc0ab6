import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { recordRow } from '../fixtures/records.ts';
import { openConsole, seedWalletDemo } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

// A phone: the agent layout must fit it. Real-time periods of 5 s so the journey sees a payment.
test.use({ viewport: { width: 360, height: 780 }, serverConfig: { agentRealtimePeriodMs: 5_000 } });

async function signInAgent(page: Page, account: string, password: string) {
  await page.goto('/agent');
  const form = page.getByRole('region', { name: 'Agent login' });
  await form.getByRole('textbox', { name: 'Username' }).fill(account);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/agentHome/);
  await expect(page.getByRole('navigation', { name: 'Agent menu' })).toBeVisible();
}

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Agent menu' })
    .getByRole('button', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
}

const fitsPhone = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The centre's lists are cards on a phone (issue 27): no table reaches past the screen in a scroller.
  const widest = await page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll('table'))
        .filter((t) => t.checkVisibility())
        .map((t) => t.getBoundingClientRect().width),
    ),
  );
  expect(widest).toBeLessThanOrEqual(360);
};

test('agent01 registers a sub-agent, offers a real-time salary, the sub-agent accepts, its player bets, the job pays both', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  await seedWalletDemo(server);
  const page = await browser.newPage({ baseURL: server.baseURL, viewport: { width: 360, height: 780 } });
  page.on('dialog', (d) => void d.accept());

  await signInAgent(page, 'agent01', 'Agent@1234');
  await expect(page.getByTestId('agent-clock')).toContainText(/GMT[+-]\d{2}:\d{2}/);
  await expect(page.getByTestId('team-overview')).toBeVisible();
  await fitsPhone(page);

  // The platform's announcements and customer-service contacts are in the agent menu too.
  await openSection(page, 'Announcement');
  await page.getByText('Scheduled maintenance on Sunday').click();
  await expect(page.getByText('Your balance is safe.')).toBeVisible();
  await openSection(page, 'Customer service');
  await expect(page.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
    'href',
    'https://t.me/wps_support',
  );

  await openSection(page, 'Register account');
  await page.getByLabel('Account type').selectOption('AGENT');
  await page.getByRole('textbox', { name: 'Username' }).fill('subagent77');
  await page.getByLabel('Password', { exact: true }).fill('Agent@1234');
  await page.getByLabel('Confirm password').fill('Agent@1234');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Account subagent77 registered')).toBeVisible();

  await openSection(page, 'Team management');
  // A phone shows the team as cards: the account in the head, its actions in view under it.
  const row = recordRow(page, 'subagent77');
  await row.getByRole('button', { name: 'Offer a contract' }).click();
  const offer = page.getByRole('form', { name: 'Offer a contract' });
  await offer.getByLabel('Contract', { exact: true }).selectOption('REALTIME');
  await offer.getByLabel('Rate (%)').fill('1.00');
  await offer.getByRole('button', { name: 'Offer a contract' }).click();
  await expect(page.getByText('Contract offered')).toBeVisible();
  await fitsPhone(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/agent$/);

  // The sub-agent signs in: the contract popup asks for its answer.
  await signInAgent(page, 'subagent77', 'Agent@1234');
  const popup = page.getByTestId('contract-popup');
  await expect(popup).toContainText('agent01');
  await popup.getByRole('button', { name: 'Accept' }).click();
  await expect(popup).toContainText('No contracts');
  await page.keyboard.press('Escape');
  await openSection(page, 'Contracts');
  await expect(page.locator('.agent-contract').filter({ hasText: 'From agent01' })).toContainText('Active');

  // Its player bets (a settled round in the bets record, as a game source writes it).
  const sub = await server.services.members.getByAccount('subagent77');
  const player = await server.services.members.create({
    account: 'player77',
    password: 'Player@1234',
    parentId: sub!.id,
  });
  await server.app.database.db.transaction((tx) =>
    server.services.bets.recordSettlement(tx, {
      memberId: player.id,
      source: 'inhouse',
      vendor: 'INHOUSE',
      gameCode: 'dice',
      gameType: 'INHOUSE',
      roundId: 'e2e-agents-1',
      stake: 100_000n,
      payout: 0n,
      trial: false,
    }),
  );
  // The real-time job runs once the bet's period has ended.
  await expect
    .poll(
      async () => {
        await server.app.jobs.tick();
        const rows = await server.services.agents.payouts.page({
          memberId: sub!.id,
          side: 'RECEIVED',
          kinds: ['REALTIME'],
          pageNo: 1,
          pageSize: 5,
        });
        return rows.content.map((r) => r.amount);
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toEqual(['10.00']);

  await page.reload();
  await openSection(page, 'Real-time salary');
  await expect(recordRow(page, '10.00').filter({ hasText: 'agent01' })).toBeVisible();
  await fitsPhone(page);
  await page.getByRole('button', { name: 'Log out' }).click();

  await signInAgent(page, 'agent01', 'Agent@1234');
  await openSection(page, 'Real-time salary');
  await expect(recordRow(page, '15.00').filter({ hasText: 'Platform' })).toBeVisible();
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(recordRow(page, '10.00').filter({ hasText: 'subagent77' })).toBeVisible();
  await fitsPhone(page);
  await page.close();
});

test('the operator offers agent01 a platform dividend with its pay period and its own bets counted', async ({
  browser,
  server,
}) => {
  const console_ = await openConsole(browser, server);
  await console_.setViewportSize({ width: 360, height: 780 });
  await console_.goto('/admin/agents');
  const form = console_.locator('form.admin-form');
  await form.getByLabel('Top-level agent account').fill('agent01');
  await form.getByLabel('Contract', { exact: true }).selectOption('DIVIDEND');
  await form.getByLabel('Rate (%)').fill('12.5');
  await form.getByLabel('Pay period').selectOption('WEEKLY');
  await form.getByLabel("Count the agent's own bets too").check();
  await form.getByRole('button', { name: 'Offer a platform contract' }).click();
  await expect(console_.getByRole('status')).toContainText(/Contract \d+ offered/);
  const agent = (await server.services.members.getByAccount('agent01'))!;
  const offered = await server.services.agents.contracts.list(agent.id, { side: 'RECEIVED' });
  expect(offered.find((c) => c.kind === 'DIVIDEND')).toMatchObject({ ownPlay: true, payPeriod: 'WEEKLY' });
});
