import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';

// The catalogue's switches save the moment they are flipped (FlagSwitch): a game and a vendor.
test('a games operator switches a game off and a vendor into maintenance from the console', async ({
  page,
  server,
}) => {
  const op = await createOperator(server.app, { permissions: ['games'] });
  const admin = server.services.gamesAdmin;
  const [game] = (await admin.listGames({ pageNo: 1, pageSize: 1 })).content;
  if (!game) throw new Error('the fixture seeds the demo catalogue');
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(op.account);
  await page.getByLabel('Password').fill(op.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // signed in before navigating: a goto racing the sign-in lands on the login page
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();

  await page.goto('/admin/games');
  const enabled = page.getByRole('checkbox', { name: `${game.displayName} enabled`, exact: true });
  await expect(enabled).toBeChecked();
  await enabled.uncheck();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await expect(enabled).not.toBeChecked();
  await expect
    .poll(async () => (await admin.listGames({ pageNo: 1, pageSize: 1 })).content[0]?.enabled)
    .toBe(false);

  await page.goto('/admin/game-vendors');
  const maintenance = page.getByRole('checkbox', {
    name: `${game.vassalage} under maintenance`,
    exact: true,
  });
  await expect(maintenance).not.toBeChecked();
  await maintenance.check();
  await expect(maintenance).toBeChecked();
  await expect
    .poll(async () => (await admin.listVendors()).find((v) => v.code === game.vassalage)?.maintenance)
    .toBe(true);
});
