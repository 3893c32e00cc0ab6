import { expect, test } from '../fixtures/server.ts';
import { seedWalletDemo, signInPlayer } from './wallet-helpers.ts';
import { takingShots } from '../fixtures/shots.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

// A phone first: the security centre's protection cards and the deposit form at 360 px.
test.use({ viewport: { width: 360, height: 780 } });

test('a player sets a daily deposit limit in the security centre and a deposit above it is refused', async ({
  page,
  server,
}) => {
  await seedWalletDemo(server);
  await signInPlayer(page, 'demo01', 'Demo@1234');

  await page.goto('/member?page=securityCenter');
  await page.getByRole('link', { name: /^Deposit, loss, wager and session limits/ }).click();
  const limits = page.getByRole('region', { name: 'Deposit, loss, wager and session limits' });
  await expect(limits).toBeVisible();
  await expect(limits).toContainText('You have no limits set.');
  await limits.getByLabel('Limit', { exact: true }).selectOption('deposit');
  await limits.getByLabel('Period').selectOption('day');
  await limits.getByLabel('Amount (NPR)').fill('300');
  await limits.getByRole('button', { name: 'Save limit' }).click();
  await expect(page.getByText('Your limit applies now.')).toBeVisible();
  await expect(limits.getByTestId('limit-deposit-day')).toContainText('300.00');

  // Raising it waits out the cooling-off: shown as pending with its time.
  await limits.getByLabel('Amount (NPR)').fill('5000');
  await limits.getByRole('button', { name: 'Save limit' }).click();
  await expect(limits.getByText(/Deposit · Daily: 5000\.00 from /)).toBeVisible();
  await expect(limits.getByTestId('limit-deposit-day')).toContainText('300.00');
  // The protection cards fit the phone (the header's own width is the shell's business).
  for (const [section, name] of [
    ['limits', 'Deposit, loss, wager and session limits'],
    ['exclusion', 'Time-out and self-exclusion'],
    ['help', 'Getting help'],
  ] as const) {
    if (section !== 'limits') await page.goto(`/member?page=securityCenter&section=${section}`);
    const box = await page.getByRole('region', { name }).boundingBox();
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(360);
  }

  await page.goto('/member?page=depositv2');
  await page.locator('label.wallet-channel', { hasText: 'eSewa' }).click();
  await page.getByLabel('Amount (NPR)').fill('500');
  await page.getByLabel('Payment reference').fill('ESW-LIMIT-1');
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(page.getByText('This deposit would exceed your deposit limit of 300.00.')).toBeVisible();
  expect(
    await server.services.cashier.memberDeposits((await server.services.members.getByAccount('demo01'))!.id, {
      pageNo: 1,
      pageSize: 10,
    }),
  ).toMatchObject({ total: 0 });
});

test('a player in a time-out is told until when at sign-in, and is not offered free play instead', async ({
  page,
  server,
}) => {
  await server.services.system.setFlag('FREEPLAY3', true);
  await server.services.protection.exclusions.byOperator(
    'demo01',
    { kind: 'timeout', days: 7 },
    { id: 0, account: 'e2e' },
  );
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  // Free play is offered to a guest who has not tried to sign in…
  await expect(dialog.getByRole('button', { name: 'Try free play' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Username' }).fill('demo01');
  await dialog.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  // …but not under the refusal, which says until when on the Nepal clock.
  await expect(
    dialog.getByText(
      /^Your account is in a time-out or self-exclusion period until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\+05:45\.$/,
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Try free play' })).toHaveCount(0);
  if (takingShots) await page.screenshot({ path: 'artifacts/protection-timeout-login-360.png' });
});
