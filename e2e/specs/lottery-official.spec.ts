import { createOperator } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';
import { openConsole, seedWalletDemo, signInPlayer } from './wallet-helpers.ts';
import { takingShots } from '../fixtures/shots.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

/** A North result whose special prize ends in 45, typed line by line as on the official sheet. */
const SHEET: Record<string, string> = {
  DB: '12345',
  G1: '54321',
  G2: '11111 22222',
  G3: '30001 30002 30003 30004 30005 30006',
  G4: '4001 4002 4003 4004',
  G5: '5001 5002 5003 5004 5005 5006',
  G6: '601 602 603',
  G7: '71 72 73 74',
};

test('an official draw waits for its result; one operator enters it, a second approves, and the ticket is paid showing its source', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(150_000);
  await seedWalletDemo(server);
  const { lottery } = server.services;
  const opA = await createOperator(server.app, { permissions: ['lottery.results'], account: 'resultsa' });
  const opB = await createOperator(server.app, { permissions: ['lottery.results'], account: 'resultsb' });

  // demo01's đề slip on 45 in the North draw (18:15 ICT, Hà Nội's day), then the draw's time passes.
  const [demo] = (await server.app.database.query(
    `select id from members where account = 'demo01'`,
  )) as Array<{
    id: number;
  }>;
  const game = lottery.game('VN_NORTH');
  const draw = (await lottery.draws.upcoming(game))!;
  await lottery.place(
    { kind: 'member', memberId: demo!.id, role: 'player', account: 'demo01', sessionId: 0 },
    {
      gameCode: 'VN_NORTH',
      drawId: draw.id,
      requestId: 'e2e-official-1',
      bets: [{ type: 'de', numbers: ['45'], amount: '1.00' }],
    },
  );
  await server.app.database.query(
    `update lottery_draws set cutoff_at = now() - interval '2 seconds', draw_time = now() - interval '1 second' where id = $1`,
    [draw.id],
  );
  await lottery.draws.runDue(game, new Date(Date.now() + 60_000));

  // The player sees the ticket waiting for the official result, not voided.
  await signInPlayer(page, 'demo01', 'Demo@1234');
  await page.goto('/lottery?gameCode=VN_NORTH&view=betting&prizeMode=LOTT');
  const ticket = page.locator(`[data-testid="ticket"][data-draw="${draw.id}"]`);
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Waiting for the official result');

  // Operator A enters the result; the console does not let A approve it.
  const a = await openConsole(browser, server, opA.account, opA.password);
  await a.getByRole('link', { name: 'Lottery results' }).click();
  await expect(a.getByRole('heading', { level: 1, name: 'Lottery results' })).toBeVisible();
  const cardA = a.locator(`[data-testid="result-draw"][data-draw="${draw.id}"]`);
  await expect(cardA.getByTestId('result-state')).toHaveText('Waiting for the official result');
  await cardA.getByTestId('result-enter').click();
  const dialog = a.getByRole('dialog');
  for (const [key, line] of Object.entries(SHEET)) await dialog.getByTestId(`result-${key}`).fill(line);
  await dialog.getByTestId('result-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(cardA.getByTestId('result-operator')).toContainText('waiting for a second operator');
  await expect(cardA.getByTestId('result-approve')).toBeDisabled();
  await expect(cardA).toContainText('another operator must approve it');
  if (takingShots)
    await a.screenshot({ path: 'test-results/lottery-official/console-entered.png', fullPage: true });

  // Operator B doubts the entry and proposes throwing it out, with a reason; it still counts
  // until a second operator approves, and B cannot approve B's own proposal.
  const b = await openConsole(browser, server, opB.account, opB.password);
  await b.goto('/admin/lottery-results');
  const cardB = b.locator(`[data-testid="result-draw"][data-draw="${draw.id}"]`);
  await cardB.getByTestId('discard-operator').click();
  const why = b.getByRole('dialog');
  await why.getByTestId('discard-reason').fill('Checking the sheet again');
  await why.getByTestId('discard-save').click();
  await expect(why).toHaveCount(0);
  await expect(cardB.getByTestId('discard-proposed-operator')).toContainText(
    `Throw-out proposed by ${opB.account}: Checking the sheet again`,
  );
  await expect(cardB.getByTestId('discard-approve-operator')).toBeDisabled();
  if (takingShots)
    await b.screenshot({ path: 'test-results/lottery-official/console-discard.png', fullPage: true });
  // A approves throwing it out: the draw waits again (never void), and A enters the sheet anew.
  await a.reload();
  await cardA.getByTestId('discard-approve-operator').click();
  await expect(cardA.getByTestId('discarded-operator')).toContainText(
    `Thrown out by ${opA.account}, proposed by ${opB.account}: Checking the sheet again`,
  );
  await expect(cardA.getByTestId('result-state')).toHaveText('Waiting for the official result');
  await expect(cardA.getByTestId('result-approve')).toHaveCount(0);
  await cardA.getByTestId('result-enter').click();
  for (const [key, line] of Object.entries(SHEET)) await dialog.getByTestId(`result-${key}`).fill(line);
  await dialog.getByTestId('result-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(cardA.getByTestId('result-operator')).toContainText('waiting for a second operator');

  // Operator B approves: the draw settles on the entered result.
  await b.reload();
  await cardB.getByTestId('result-approve').click();
  await expect(cardB.getByTestId('result-state')).toHaveText('Settled');
  await expect(cardB.getByTestId('result-official')).toContainText(`approved by ${opB.account}`);

  // The player's ticket is paid (đề 45 hits ĐB 12345: 1.00 × 70 at LOTT odds) and says where the result came from.
  await page.reload();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Settled');
  await expect(ticket.getByTestId('ticket-payout')).not.toHaveText('0.00');
  await expect(ticket.getByTestId('ticket-source')).toContainText('entered by an operator');
  await expect(ticket.getByTestId('ticket-source')).toContainText(`approved by ${opB.account}`);

  // The verifier shows the result's source and who approved it.
  await page.goto(`/verify?lotteryGame=VN_NORTH&drawId=${draw.id}`);
  const verdict = page.getByTestId('lottery-verify-official');
  await expect(verdict.getByTestId('lottery-verify-source')).toHaveText(
    'official sheet, entered by an operator',
  );
  await expect(verdict.getByTestId('lottery-verify-approver')).toHaveText(opB.account);
  // The numbers by prize name, in labelled lines (ĐB, then its number).
  await expect(verdict).toContainText(/ĐB\s*12345/);
});
