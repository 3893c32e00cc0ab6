import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

test.use({ viewport: { width: 390, height: 844 } });

test.describe('in-house games console', () => {
  test('an operator pauses dice, the player is told it is paused, the operator resumes it', async ({
    page,
    server,
    browser,
  }) => {
    test.setTimeout(120_000);
    await seedWalletDemo(server);
    // Only the games permission: the pages and the switch need nothing more.
    const op = await createOperator(server.app, { permissions: ['games'], account: 'opgames' });
    const ops = await openConsole(browser, server, op.account, op.password);
    await ops.setViewportSize({ width: 390, height: 844 });
    await ops.getByRole('link', { name: 'In-house games' }).click();
    await expect(ops.getByRole('heading', { level: 1, name: 'In-house games' })).toBeVisible();
    await expect(ops.getByTestId('inhouse-state-dice')).toHaveText('Open');

    // Pausing asks first, naming the game and what players will see.
    await ops.getByRole('button', { name: 'Pause Dice' }).click();
    const ask = ops.getByRole('dialog', { name: 'Pause Dice?' });
    await expect(ask).toContainText('Players can no longer start a round of Dice');
    await ask.getByRole('button', { name: 'Pause Dice' }).click();
    await expect(ask).toHaveCount(0);
    await expect(ops.getByTestId('inhouse-state-dice')).toHaveText('Paused');
    expect(await ops.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The player's roll is refused with the paused message, and no money moves.
    await signInPlayer(page, 'demo01', 'Demo@1234');
    await page.goto('/rng/inhouse/dice');
    await expect(page.getByRole('heading', { level: 1, name: 'Dice' })).toBeVisible();
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/inhouse/dice/play');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    expect((await refused).status()).toBe(409);
    await expect(
      page.getByRole('alert').filter({ hasText: 'This game is paused. Please try again later.' }),
    ).toBeVisible();

    // Resumed: the same roll plays.
    await ops.getByRole('button', { name: 'Resume Dice' }).click();
    const resume = ops.getByRole('dialog', { name: 'Resume Dice?' });
    await resume.getByRole('button', { name: 'Resume Dice' }).click();
    await expect(ops.getByTestId('inhouse-state-dice')).toHaveText('Open');
    const played = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/inhouse/dice/play');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    expect((await played).status()).toBe(200);
    await expect(page.getByTestId('round-result')).toBeVisible();

    // The round is in the console's rounds, with its proof and the verifier link.
    await ops.getByRole('link', { name: 'In-house rounds' }).click();
    await ops
      .getByRole('button', { name: /^Open round / })
      .first()
      .click();
    const detail = ops.getByTestId('inhouse-round-detail');
    await expect(detail).toContainText('Dice');
    await expect(detail.getByRole('link', { name: 'Open in the verifier' })).toHaveAttribute(
      'href',
      /^\/verify\?round=/,
    );
    await ops.close();
  });
});
