import { readFile } from 'node:fs/promises';
import { businessDayOf } from '@wps/contract';
import { insertBet } from '../../apps/server/src/modules/reports/fixtures.ts';
import { createMember, createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { openConsole } from './wallet-helpers.ts';

test.use({ viewport: { width: 360, height: 780 } });

test.describe('operator reports', () => {
  test('an operator opens the dashboard, sees the chart and GGR table, narrows to today, downloads the CSV', async ({
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    // A bet settled now (GGR 60.00) and one three days ago (GGR 50.00).
    const player = await createMember(server.app);
    const db = server.app.database.db;
    const now = new Date();
    await insertBet(db, {
      memberId: player.id,
      vendor: 'PG',
      gameCode: 'fortune',
      stake: 10000n,
      payout: 4000n,
      at: now.toISOString(),
    });
    const earlier = new Date(now.getTime() - 3 * 86_400_000);
    await insertBet(db, {
      memberId: player.id,
      vendor: 'JDB',
      gameCode: 'fish',
      stake: 5000n,
      payout: 0n,
      at: earlier.toISOString(),
    });
    const today = businessDayOf(now);

    const op = await createOperator(server.app, { permissions: ['reports'], account: 'opreports' });
    const page = await openConsole(browser, server, op.account, op.password);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The last 7 days: both bets; the chart is drawn; the days table lists today.
    await expect(page.getByTestId('kpi-ggr')).toContainText('110.00');
    await expect(page.getByTestId('reports-chart').locator('canvas')).toBeVisible();
    const table = page.getByRole('region', { name: 'GGR and NGR by day' });
    await expect(table.getByRole('row', { name: new RegExp(today) })).toContainText('60.00');

    // Today only.
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page.getByTestId('kpi-ggr')).toContainText('60.00');
    await expect(table.getByRole('row')).toHaveCount(2);

    // The CSV of the same range.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`dashboard-${today}-${today}.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain('day,ggr,ngr,deposits,withdrawals,newPlayers,activePlayers,firstDepositors');
    expect(csv).toContain(`${today},60.00,60.00,0.00,0.00,`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The reports page: GGR by vendor for today.
    await page.getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await page.getByLabel('Group by').selectOption('vendor');
    await expect(page.getByRole('row', { name: /PG/ })).toContainText('60.00');
    await page.close();
  });
});
