import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';

// A content editor writes, edits and deletes a help article in the console; players read it at /help#anchor.
test('a content operator adds, edits and deletes a help article that players read at /help#anchor', async ({
  page,
  server,
  browser,
}) => {
  const op = await createOperator(server.app, { permissions: ['content'] });
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(op.account);
  await page.getByLabel('Password').fill(op.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto('/admin/content-help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help articles' })).toBeVisible();

  await page.getByRole('button', { name: 'Add article' }).click();
  await page.getByLabel('Anchor').fill('cash-limits');
  await page.getByLabel('Title').fill('Cash limits');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Each deposit is between 100 and 50,000 rupees.');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /cash-limits/ });
  await expect(row).toContainText('Cash limits');

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Title').fill('Deposit limits');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Deposit limits');

  const player = await browser.newPage({ baseURL: server.baseURL });
  await player.goto('/help#cash-limits');
  await expect(player.getByText('Each deposit is between 100 and 50,000 rupees.')).toBeVisible();
  await player.close();

  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /cash-limits/ })).toHaveCount(0);
  expect(await server.services.content.adminHelp()).toHaveLength(0);
});
