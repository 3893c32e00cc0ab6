import type { Browser, Page } from '@playwright/test';
import { ensureTotp, totpCode } from '../fixtures/operators.ts';
import { expect, type TestServer } from '../fixtures/server.ts';

/** The demo data set of DESIGN §4: demo01 (10,000.00), agent01 and its tree, admin, four channels. */
export const seedWalletDemo = (server: TestServer) => server.seedDemo();

/** Signs a player in through the header's login popup, as a person would. */
export async function signInPlayer(page: Page, account: string, password: string) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(account);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('banner').getByTestId('header-balance')).toBeVisible();
}

/** Opens the operator console in its own page (its own session) and signs in. */
export async function openConsole(
  browser: Browser,
  server: TestServer,
  account = 'admin',
  password = 'Admin@1234',
) {
  // Owner and finance operators (admin is the owner) sign in with a second factor.
  const secret = await ensureTotp(server, account, password);
  const page = await browser.newPage({ baseURL: server.baseURL });
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(account);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (secret) {
    await page.getByLabel('Authentication code').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  return page;
}

export const headerBalance = (page: Page) => page.getByRole('banner').getByTestId('header-balance');
