import type { Locator, Page, TestInfo } from '@playwright/test';
import { type CatalogueLang, message, text } from '../fixtures/catalogue.ts';
import { expect, test } from '../fixtures/server.ts';
import { recordRow } from '../fixtures/records.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

/**
 * Issue 27, "Done when": a brand-new player on a 360 px phone walks the whole money path, in
 * English and again in Nepali: registers, gives the real name and date of birth where the first
 * deposit asks for them, deposits with the welcome bonus opted in, plays dice and a slot, sees
 * cash and bonus apart with the wagering progress, binds a payout account and sets a payment
 * password where the withdraw page asks, withdraws, and confirms receipt. The operator's two
 * decisions (approve the deposit, pay the withdrawal) are made through the server's services;
 * the console's own journeys cover those screens.
 */

const OPERATOR = { id: 1, account: 'admin', ip: null };
const PASSWORD = 'Secret123';
const PAY = '246810';

test.use({ viewport: { width: 360, height: 780 } });

/** A viewport picture kept with the run's results (never a full page: the journey stays lean). */
async function keep(page: Page, testInfo: TestInfo, name: string, show?: Locator) {
  await show?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => document.fonts.ready);
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

/** Nothing on the page is wider than the phone. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function play(page: Page, path: string, button: string, stakeLabel: string, times: number) {
  const game = path.split('/').pop();
  await page.goto(path);
  // The stake's label also carries the table limits under it.
  await page.getByLabel(stakeLabel).first().fill('20');
  for (let i = 0; i < times; i++) {
    // The round's own answer: the page also reads the seeds and the balance again after each round,
    // and one of those could be the first in-house response after the click.
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/wps/inhouse/${game}/play`,
    );
    await page.getByRole('button', { name: button, exact: true }).click();
    const response = await answered;
    expect(response.status(), `round ${i + 1} of ${game}: ${await response.text()}`).toBe(200);
  }
}

for (const lang of ['EN', 'NE'] as const satisfies readonly CatalogueLang[]) {
  test(`a new player's money path on a phone, ${lang}: register, deposit with the bonus, play, withdraw, confirm receipt`, async ({
    page,
    server,
  }, testInfo) => {
    test.setTimeout(150_000);
    const t = (id: string, vars?: Record<string, string | number>) => text(lang, id, vars);
    await server.seedDemo();
    const started = Date.now();
    const account = `money${lang.toLowerCase()}${Date.now() % 100_000}`;
    const header = page.getByRole('banner');

    // The visitor picks the language with the site's own selector, then registers.
    await page.goto('/');
    if (lang === 'NE') {
      await header.getByRole('combobox', { name: text('EN', 'language.label') }).selectOption('NE');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
    }
    await header.getByRole('button', { name: t('actions.register'), exact: true }).click();
    const register = page.getByRole('dialog', { name: t('popups.registerModal') });
    await register.getByLabel(t('auth:fields.username'), { exact: true }).fill(account);
    await register.getByLabel(t('auth:fields.password'), { exact: true }).fill(PASSWORD);
    await register.getByLabel(t('auth:fields.confirmPassword'), { exact: true }).fill(PASSWORD);
    await register.getByLabel(t('auth:register.age', { age: 18 })).check();
    await register.getByLabel(t('auth:register.termsBefore'), { exact: false }).check();
    await register.getByRole('button', { name: t('auth:register.submit') }).click();
    const welcome = page.getByRole('dialog', { name: t('popups.welcomeModal') });
    await welcome.getByRole('button', { name: t('auth:welcome.deposit') }).click();

    // The first deposit asks, in the form, for what the cashier needs, and says why.
    const step = page.getByTestId('profile-step');
    await expect(step).toContainText(t('wallet:profileStep.depositLead'));
    // The welcome bonus is offered, ticked, with its terms in one line.
    const offer = page.getByTestId('bonus-offer');
    const title = 'First deposit bonus 100%';
    await expect(offer.getByRole('checkbox', { name: new RegExp(title) })).toBeChecked();
    await expect(offer.getByTestId('bonus-terms')).toHaveText(
      `${t('wallet:bonusOffer.rate', { percent: 100, cap: '1,000.00' })}, ${t('wallet:bonusOffer.wager', {
        times: 10,
        count: 7,
      })}. ${t('wallet:bonusOffer.min', { min: '100.00' })}`,
    );
    await page.locator('label.wallet-channel', { hasText: 'eSewa' }).click();
    await step.getByLabel(t('wallet:profileStep.realName')).fill('Ram');
    await page.getByLabel(t('wallet:fields.amount')).fill('300');
    await page.getByLabel(t('wallet:fields.reference')).fill(`ESW-${lang}-27`);
    await page.getByRole('button', { name: t('wallet:deposit.submit') }).click();
    // Checked before anything is sent: the real-name rule, and the date of birth still empty.
    await expect(step.getByText(message(lang, 'realNameFormat'))).toBeVisible();
    await expect(step.getByText(message(lang, 'inputEmpty'))).toBeVisible();
    await fitsTheScreen(page);
    await keep(page, testInfo, `deposit-asks-${lang}`, step);
    await step.getByLabel(t('wallet:profileStep.realName')).fill('Ram Bahadur Thapa');
    const birthday = step.getByRole('group', { name: t('wallet:profileStep.birthday') });
    await birthday.getByRole('combobox', { name: t('date.day') }).selectOption('17');
    await birthday.getByRole('combobox', { name: t('date.month') }).selectOption('08');
    await birthday.getByRole('combobox', { name: t('date.year') }).selectOption('1995');
    await page.getByRole('button', { name: t('wallet:deposit.submit') }).click();
    await expect(page.getByText(t('wallet:deposit.sentWithBonus'))).toBeVisible();
    // Asked once: the form no longer asks, and the bonus now reads as joined.
    await expect(step).toHaveCount(0);
    await expect(offer).toContainText(t('wallet:bonusOffer.joined', { title }));

    const queue = await server.services.cashier.depositQueue({ pageNo: 1, pageSize: 10, status: 'pending' });
    await server.services.cashier.approveDeposit(OPERATOR, queue.content[0]!.id);

    // The header shows the cash, marks the bonus, and its menu shows the two apart with wagering.
    await header.getByRole('button', { name: t('account.refreshBalance') }).click();
    await expect(header.getByTestId('header-balance')).toHaveText('NPR 300.00');
    await expect(header.getByTestId('header-bonus-mark')).toBeVisible();
    const toggle = header.getByRole('button', { name: new RegExp(t('account.balanceDetails')) });
    await toggle.click();
    const menu = header.getByRole('region', { name: t('account.balanceDetails') });
    await expect(menu.getByTestId('balance-cash')).toHaveText('300.00');
    await expect(menu.getByTestId('balance-bonus')).toHaveText('300.00');
    await expect(menu.getByTestId('wagering-line')).toHaveText('0.00 / 3,000.00 (0%)');
    await fitsTheScreen(page);
    await keep(page, testInfo, `balance-menu-${lang}`);

    // Play: dice twice and the classic slot once, 20.00 each, all counting toward the wagering.
    await play(page, '/rng/inhouse/dice', t('inhouse:dice.roll'), t('inhouse:stake'), 2);
    await expect(page.getByTestId('dice-roll')).toBeVisible();
    await play(page, '/rng/inhouse/classic-slot', t('inhouse:slots.spin'), t('inhouse:stake'), 1);

    // The bonus page: cash and bonus apart, and the wagering moved by what was played.
    await toggle.click();
    await menu.getByRole('link', { name: t('wallet:split.details') }).click();
    await expect(page.getByTestId('bonus-balance')).toHaveText('300.00');
    // A line counts what it put at risk (a dice win of 1.98× counts 19.60): between 10 and 60.
    await expect(page.getByTestId('wagering-progress')).toHaveText(
      /^[1-6]\d\.\d{2} \/ 3,000\.00 \([0-2]%\)$/,
    );
    await expect(page.getByTestId('cash-balance')).toHaveText(/^\d[\d,]*\.\d{2}$/);

    // Withdraw, from the balance menu (a phone's header has room for Deposit only).
    await toggle.click();
    await menu.getByRole('link', { name: t('wallet:split.withdraw') }).click();
    await expect(page.getByTestId('bonus-withdraw-warning')).toBeVisible();
    // Step 1, asked here: an account in the real name given at the deposit (filled in for them).
    const bind = page.getByRole('form', { name: t('wallet:payout.bind') });
    await expect(page.getByRole('heading', { name: t('wallet:payout.firstTitle') })).toBeVisible();
    await expect(bind.getByLabel(t('wallet:fields.accountName'))).toHaveValue('Ram Bahadur Thapa');
    await bind.getByLabel(t('wallet:fields.accountNumber')).fill('9841027027');
    await bind.getByRole('button', { name: t('wallet:payout.bind') }).click();
    await expect(page.getByText(t('wallet:payout.added'))).toBeVisible();
    // Step 2, asked here too: the payment password, confirmed with the login password.
    const payCard = page.getByRole('region', { name: t('auth:security.payment.title') });
    await expect(payCard).toContainText(t('wallet:withdraw.paymentPasswordWhy'));
    await payCard.getByLabel(t('auth:fields.loginPassword')).fill(PASSWORD);
    await payCard.getByLabel(t('auth:fields.paymentPassword'), { exact: true }).fill(PAY);
    await payCard.getByLabel(t('auth:fields.confirmPaymentPassword')).fill(PAY);
    await payCard.getByRole('button', { name: t('auth:security.payment.submit') }).click();
    await expect(payCard).toHaveCount(0);

    const form = page.getByRole('region', { name: t('wallet:withdraw.formTitle') });
    await form.getByLabel(t('wallet:fields.amount')).fill('100');
    await form.getByLabel(t('wallet:fields.paymentPassword')).fill(PAY);
    await form.getByRole('button', { name: t('wallet:withdraw.submit') }).click();
    const confirm = page.getByRole('dialog', { name: t('wallet:withdraw.confirmTitle') });
    await expect(confirm).toContainText('ESEWA · 9841027027 · Ram Bahadur Thapa');
    await confirm.getByRole('button', { name: t('wallet:withdraw.confirm'), exact: true }).click();
    await expect(page.getByText(t('wallet:withdraw.sent'))).toBeVisible();
    await fitsTheScreen(page);
    await keep(page, testInfo, `withdraw-sent-${lang}`);

    // The operator pays it; the player says the money arrived.
    const pending = await server.services.cashier.withdrawalQueue({
      pageNo: 1,
      pageSize: 10,
      status: 'pending',
    });
    await server.services.cashier.payWithdrawal(OPERATOR, pending.content[0]!.id, `ESW-PAY-${lang}`);
    await page.reload();
    // A phone shows the withdrawals as cards: the amount and status first, Confirm receipt in view.
    const row = recordRow(page.getByRole('region', { name: t('wallet:withdraw.listTitle') }), '9841027027');
    await expect(row.locator('.record-card__amount')).toBeVisible();
    await row.getByRole('button', { name: t('wallet:receipt.open') }).click();
    const receipt = page.getByRole('dialog', { name: t('wallet:receipt.title') });
    await receipt.getByLabel(t('wallet:receipt.outcomes.received')).check();
    await receipt.getByRole('button', { name: t('wallet:receipt.submit') }).click();
    await expect(receipt).toHaveCount(0);
    await expect(row).toContainText(t('wallet:receiptStatus.received'));
    await fitsTheScreen(page);
    await keep(page, testInfo, `receipt-${lang}`);

    testInfo.annotations.push({ type: 'journey-ms', description: String(Date.now() - started) });
  });
}
