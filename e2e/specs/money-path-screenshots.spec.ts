import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { artifactsDir, expect, type TestServer, test } from '../fixtures/server.ts';
import { COMBOS, rememberPreferences } from '../fixtures/shots.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

/**
 * Issue 27, looked at as a user: at 360 px, dark and light, English and Nepali, the security
 * centre's personal details (real name and date of birth still to give), the first deposit form
 * (the details step and the welcome bonus offer), and the header balance menu (cash and bonus
 * apart, wagering). Element pictures into e2e/artifacts/ (git-ignored) and the run's results.
 */

const OPERATOR = { id: 1, account: 'admin', ip: null };
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings inside what this work added (the rest of the site has its own check). */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    interface Results {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
    }
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<Results> } }).axe;
    const r = await axe.run(sel, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target[0])).join(' | ')}`);
  }, selector);
}
test.use({ viewport: { width: 360, height: 780 } });

async function arrange(server: TestServer) {
  await server.seedDemo();
  const { members, cashier, promotions } = server.services;
  const make = (account: string) =>
    members.create({
      account,
      password: 'Shots@1234',
      type: 0,
      parentId: null,
      paymentPassword: null,
      payeeName: null,
      email: null,
      countryDialingCode: null,
      mobileNum: null,
    });
  await make('fresh27');
  // A player whose first deposit took the welcome bonus: something to show in the menu.
  const bonus = await make('bonus27');
  await members.updateProfile(bonus.id, { birthday: '1994-03-05' });
  const welcome = (await promotions.list(bonus.id, {})).find(
    (p) => p.kind === 'deposit_bonus' && p.depositNth === 1,
  );
  if (!welcome) throw new Error('demo welcome bonus missing');
  await promotions.join(bonus.id, welcome.id);
  const [channel] = await cashier.channels();
  const d = await cashier.requestDeposit(bonus.id, {
    channelId: channel!.id,
    amount: '500',
    reference: 'SHOT-1',
  });
  await cashier.approveDeposit(OPERATOR, d.id);
}

async function signedIn(browser: Browser, server: TestServer, account: string, theme: string, lang: string) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 360, height: 780 },
  });
  const page = await context.newPage();
  await rememberPreferences(page, theme as 'dark', lang as 'EN');
  const res = await page.request.post('/wps/session/login', {
    data: { username: account, password: 'Shots@1234' },
  });
  const token = ((await res.json()) as { value: { token: string } }).value.token;
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', t);
  }, token);
  return page;
}

async function keep(page: Page, selector: string, name: string, testInfo: TestInfo, whole = false) {
  const target: Locator | null = whole ? null : page.locator(selector).first();
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('.spinner')).toHaveCount(0);
  expect(await axeProblems(page, selector), `${name}: axe`).toEqual([]);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const file = path.join(artifactsDir, `${name}.png`);
  // A tall element is pictured whole: the fixed header and tab bar would otherwise lie across it.
  const style = target
    ? await page.addStyleTag({
        content: '.tab-bar,.toasts{display:none!important}.header{position:static!important}',
      })
    : null;
  const body = target ? await target.screenshot({ path: file }) : await page.screenshot({ path: file });
  await style?.evaluate((el) => (el as Element).remove());
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test('money path screens at 360 px in both themes and languages', async ({ server, browser }, testInfo) => {
  test.setTimeout(150_000);
  await arrange(server);
  for (const { theme, lang } of COMBOS) {
    const tag = `${theme}-${lang.toLowerCase()}`;
    const fresh = await signedIn(browser, server, 'fresh27', theme, lang);
    await fresh.goto('/member?page=securityCenter#personal-details');
    await expect(fresh.locator('#personal-details input[autocomplete="name"]')).toBeVisible();
    await keep(fresh, '#personal-details', `money-personal-details-${tag}`, testInfo);

    await fresh.goto('/member?page=depositv2');
    await expect(fresh.getByTestId('bonus-offer')).toBeVisible();
    await expect(fresh.getByTestId('profile-step')).toBeVisible();
    await keep(fresh, '.wallet-card', `money-deposit-form-${tag}`, testInfo);
    await fresh.context().close();

    const bonus = await signedIn(browser, server, 'bonus27', theme, lang);
    await bonus.goto('/');
    await bonus.getByRole('banner').locator('.header-balance__toggle').click();
    await expect(bonus.getByTestId('wagering-line')).toBeVisible();
    await keep(bonus, '.header', `money-balance-menu-${tag}`, testInfo, true);
    await bonus.context().close();
  }
});
