import path from 'node:path';
import type { Page } from '@playwright/test';
import { consoleSession } from '../fixtures/operators.ts';
import { artifactsDir, expect, test } from '../fixtures/server.ts';
import { COMBOS, rememberPreferences, shoot, takingShots } from '../fixtures/shots.ts';
import { seedWalletDemo } from './wallet-helpers.ts';
import type { TestServer } from '../fixtures/server.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

const MEMBER_PAGES = [
  'depositv2',
  'withdraw',
  'transferFund',
  'transferUpline',
  'transactionHistory',
  'personalProfit',
] as const;
const CONSOLE_PAGES = ['deposits', 'withdrawals', 'wallets', 'audit'] as const;

/** agent01 with something in every list: deposits (approved, pending), withdrawals (paid, pending), a transfer. */
async function arrange(server: TestServer) {
  await seedWalletDemo(server);
  const { members, cashier, auth } = server.services;
  const agent = await members.getByAccount('agent01');
  const op = await auth.operators.getByAccount('admin');
  if (!agent || !op) throw new Error('demo seed missing');
  const actor = { id: op.id, account: 'admin' };
  const [bank, esewa] = await cashier.channels();
  if (!bank || !esewa) throw new Error('demo channels missing');
  const approved = await cashier.requestDeposit(agent.id, {
    channelId: bank.id,
    amount: '1500',
    reference: 'NABIL-20261121-0042',
  });
  await cashier.approveDeposit(actor, approved.id);
  await cashier.requestDeposit(agent.id, {
    channelId: esewa.id,
    amount: '750.50',
    reference: 'ESW-55120934',
  });
  const payout = await cashier.addPayoutAccount(agent.id, {
    kind: 'wallet',
    provider: 'ESEWA',
    accountNumber: '9801234567',
    accountName: 'Agent One',
  });
  const paid = await cashier.requestWithdrawal(agent.id, {
    payoutAccountId: payout.id,
    amount: '800',
    paymentPassword: '123456',
  });
  await cashier.payWithdrawal(actor, paid.id, 'NIC-REF-2');
  await cashier.requestWithdrawal(agent.id, {
    payoutAccountId: payout.id,
    amount: '300',
    paymentPassword: '123456',
  });
  await cashier.transfer(agent.id, {
    direction: 'downline',
    account: 'player01',
    amount: '250',
    paymentPassword: '123456',
  });
}

async function signInWithToken(page: Page, path: string, body: Record<string, string>) {
  const res = await page.request.post(path, { data: body });
  const token = ((await res.json()) as { value: { token: string } }).value.token;
  expect(token).toBeTruthy();
  return token;
}

for (const { theme, lang } of COMBOS) {
  test(`wallet pages and console queues in ${theme} ${lang}`, async ({ page, server, browser }) => {
    test.setTimeout(120_000);
    await arrange(server);
    await rememberPreferences(page, theme, lang);
    const token = await signInWithToken(page, '/wps/session/login', {
      username: 'agent01',
      password: 'Agent@1234',
    });
    await page.addInitScript((t) => {
      if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', t);
    }, token);
    for (const key of MEMBER_PAGES) {
      await page.goto(`/member?page=${key}`);
      // agent01 is at the top of its tree: its transfer to an upline says why there is none (issue 27).
      if (key === 'transferUpline') await expect(page.getByTestId('member-unavailable-next')).toBeVisible();
      else await expect(page.locator('.wallet').first()).toBeVisible();
      await expect(page.locator('.spinner')).toHaveCount(0);
      await shoot(page, `wallet-${key}-${theme}-${lang.toLowerCase()}`);
      if (key === 'withdraw') {
        // The receipt question (SPEC §4) on the paid withdrawal.
        await page.locator('tr', { hasText: '800.00' }).getByRole('button').click();
        await page.locator('dialog input[type="radio"][value="partial"]').check();
        await page.locator('dialog input[inputmode="decimal"]').fill('500');
        // The viewport only: a full-page capture stitches the modal's backdrop oddly.
        if (takingShots)
          await page.screenshot({
            path: path.join(artifactsDir, `wallet-receipt-${theme}-${lang.toLowerCase()}.png`),
          });
        await page.keyboard.press('Escape');
      }
    }

    const op = await browser.newPage({ baseURL: server.baseURL });
    await rememberPreferences(op, theme, lang);
    // The demo owner signs in with its second factor (enrolled through the API on first use).
    const session = await consoleSession(server, 'admin', 'Admin@1234');
    const opToken = session.token;
    const permissions = session.permissions;
    await op.addInitScript(
      ([t, p]) => {
        sessionStorage.setItem('wps.admin.token', t);
        sessionStorage.setItem('wps.admin.account', 'admin');
        sessionStorage.setItem('wps.admin.permissions', p);
      },
      [opToken, JSON.stringify(permissions)] as const,
    );
    for (const key of CONSOLE_PAGES) {
      await op.goto(`/admin/${key}`);
      if (key === 'wallets') {
        await op.locator('form input').first().fill('agent01');
        await op.locator('form button[type="submit"]').first().click();
        await expect(op.getByTestId('wallet-player_cash')).toBeVisible();
      }
      await expect(op.locator('table').first()).toBeVisible();
      await expect(op.locator('.spinner')).toHaveCount(0);
      await shoot(op, `admin-wallet-${key}-${theme}-${lang.toLowerCase()}`);
    }
    await op.close();
  });
}
