import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { Accounts } from '../wallet/accounts.ts';

const SECRET = 'test-sandbox-secret';

describe('seamless wallet API', () => {
  let t: TestApp;
  let player: { id: number; account: string };
  beforeAll(async () => {
    t = await createTestApp({ sandboxVendorSecret: SECRET, vendorSecrets: { PG: 'pg-secret-123' } });
    player = await createMember(t.app);
    // These cases fund players with wins outside any bet: SANDBOX opts in to bet-less wins here
    // (the refusal without the opt-in is tried in betless-wins.test.ts).
    await t.app.services.seamless.vendors.update({ id: 0, account: 'test' }, 'SANDBOX', {
      allowBetlessWins: true,
    });
    await t.app.services.wallet.post({
      key: `seed:${player.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -100_000n },
        { account: Accounts.cash(player.id), amount: 100_000n },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (
    op: string,
    body: unknown,
    opts: { vendor?: string; secret?: string; signature?: string; raw?: string; lang?: string } = {},
  ) => {
    const raw = opts.raw ?? JSON.stringify(body);
    const signature =
      opts.signature ??
      createHmac('sha256', opts.secret ?? SECRET)
        .update(raw)
        .digest('hex');
    const res = await t.app.inject({
      method: 'POST',
      url: `/seamless/v1/${opts.vendor ?? 'SANDBOX'}/${op}`,
      headers: {
        'content-type': 'application/json',
        'x-signature': signature,
        ...(opts.lang ? { lang: opts.lang } : {}),
      },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const balance = async () => (await call('balance', { username: player.account })).body.value.balance;
  let n = 0;
  const tx = () => `tx-${++n}`;

  it('answers the balance to a signed call', async () => {
    const r = await call('balance', { username: player.account });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      code: 'OK',
      value: { username: player.account, balance: '1000.00', currency: 'NPR' },
    });
  });

  it('refuses a bad signature, a signature over other bytes, an unknown vendor (401, nothing moves)', async () => {
    const body = { txId: tx(), roundId: 'r', username: player.account, gameCode: 'g', amount: '1.00' };
    for (const opts of [
      { signature: 'deadbeef' },
      { signature: '0'.repeat(64) },
      { secret: 'wrong-secret' },
      { vendor: 'NOPE' },
      // Signed over the same JSON with other whitespace: the signature covers the raw bytes.
      {
        signature: createHmac('sha256', SECRET)
          .update(JSON.stringify(body, null, 1))
          .digest('hex'),
      },
    ]) {
      const r = await call('bet', body, opts);
      expect(r.status, JSON.stringify(opts)).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/seamless/v1/SANDBOX/bet',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(missing.statusCode).toBe(401);
    expect(await balance()).toBe('1000.00');
  });

  it('verifies each vendor with its own secret', async () => {
    const ok = await call('balance', { username: player.account }, { vendor: 'PG', secret: 'pg-secret-123' });
    expect(ok.status).toBe(200);
    const crossed = await call('balance', { username: player.account }, { vendor: 'PG', secret: SECRET });
    expect(crossed.status).toBe(401);
  });

  it('debits a bet, credits a win, and links both to the round', async () => {
    const bet = await call('bet', {
      txId: 'b-1',
      roundId: 'round-1',
      username: player.account,
      gameCode: 'slot-1',
      amount: '10.50',
    });
    expect(bet.status).toBe(200);
    expect(bet.body.value).toMatchObject({ balance: '989.50', txId: 'b-1', status: 'applied' });
    const win = await call('win', {
      txId: 'w-1',
      roundId: 'round-1',
      username: player.account,
      amount: '25.00',
    });
    expect(win.body.value).toMatchObject({ balance: '1014.50', status: 'applied' });
    const [round] = await t.database.query(
      `select bet_total::text, win_total::text, bet_count, win_count, status, game_code
       from seamless_rounds where vendor = 'SANDBOX' and round_id = 'round-1'`,
    );
    expect(round).toEqual({
      bet_total: '1050',
      win_total: '2500',
      bet_count: 1,
      win_count: 1,
      status: 'settled',
      game_code: 'slot-1',
    });
  });

  it('applies a duplicate txId once and answers the first result', async () => {
    const body = {
      txId: 'dup-1',
      roundId: 'round-2',
      username: player.account,
      gameCode: 'g',
      amount: '5.00',
    };
    const first = await call('bet', body);
    await call('bet', { ...body, txId: 'dup-2' });
    const again = await call('bet', body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balance()).toBe('1004.50');
    // Another op with a used txId, or the same txId with another amount: conflict, nothing moves.
    const otherAmount = await call('bet', { ...body, amount: '6.00' });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', value: { balance: '1004.50' } });
    const asWin = await call('win', {
      txId: 'dup-1',
      roundId: 'round-2',
      username: player.account,
      amount: '5.00',
    });
    expect(asWin.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balance()).toBe('1004.50');
  });

  it('refuses a bet above the balance with INSUFFICIENT_FUNDS, debits nothing, and answers a retry the same', async () => {
    const body = {
      txId: 'big-1',
      roundId: 'round-3',
      username: player.account,
      gameCode: 'g',
      amount: '5000.00',
    };
    const r = await call('bet', body);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient balance.',
      value: { balance: '1004.50', status: 'rejected' },
    });
    await t.app.services.wallet.post({
      key: `topup:${player.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -1_000_000n },
        { account: Accounts.cash(player.id), amount: 1_000_000n },
      ],
    });
    // A refused bet leaves no trace in the rounds: a round of only that bet does not exist.
    expect(await t.database.query(`select * from seamless_rounds where round_id = 'round-3'`)).toEqual([]);
    const retry = await call('bet', body);
    expect(retry.body).toEqual(r.body);
    expect(await balance()).toBe('11004.50');
    const nepali = await call('bet', { ...body, txId: 'big-2', amount: '99999.00' }, { lang: 'ne' });
    expect(nepali.body.message).toBe('ब्यालेन्स अपुग छ।');
    // In a round that already has a bet, the refused one changes none of its totals.
    const m = await createMember(t.app);
    await call('win', { txId: 'rz-w', roundId: 'rz-0', username: m.account, amount: '10.00' });
    await call('bet', { txId: 'rz-1', roundId: 'rz', username: m.account, gameCode: 'g', amount: '5.00' });
    const refused = await call('bet', {
      txId: 'rz-2',
      roundId: 'rz',
      username: m.account,
      gameCode: 'g',
      amount: '50.00',
    });
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    const [round] = await t.database.query(
      `select bet_total::text, bet_count, status from seamless_rounds where round_id = 'rz'`,
    );
    expect(round).toEqual({ bet_total: '500', bet_count: 1, status: 'open' });
  });

  it('rolls back a bet once, whatever the number of rollbacks', async () => {
    await call('bet', {
      txId: 'rb-bet',
      roundId: 'round-4',
      username: player.account,
      gameCode: 'g',
      amount: '100.00',
    });
    expect(await balance()).toBe('10904.50');
    const rb = await call('rollback', { txId: 'rb-1', refTxId: 'rb-bet', username: player.account });
    expect(rb.body.value).toMatchObject({ balance: '11004.50', status: 'rolled_back' });
    expect(
      (await call('rollback', { txId: 'rb-1', refTxId: 'rb-bet', username: player.account })).body,
    ).toEqual(rb.body);
    const second = await call('rollback', { txId: 'rb-2', refTxId: 'rb-bet', username: player.account });
    expect(second.body.value).toMatchObject({ balance: '11004.50', status: 'already_rolled_back' });
    // The bet replayed after its rollback still answers its first result and moves nothing.
    const betAgain = await call('bet', {
      txId: 'rb-bet',
      roundId: 'round-4',
      username: player.account,
      gameCode: 'g',
      amount: '100.00',
    });
    expect(betAgain.body.value).toMatchObject({ balance: '10904.50', status: 'applied' });
    expect(await balance()).toBe('11004.50');
    const [round] = await t.database.query(
      `select status, refund_total::text from seamless_rounds where round_id = 'round-4'`,
    );
    expect(round).toEqual({ status: 'cancelled', refund_total: '10000' });
  });

  it('remembers a rollback that arrives before its bet and refuses the late bet', async () => {
    const rb = await call('rollback', { txId: 'early-rb', refTxId: 'late-bet', username: player.account });
    expect(rb.status).toBe(200);
    expect(rb.body.value).toMatchObject({ status: 'not_found', balance: '11004.50' });
    const late = await call('bet', {
      txId: 'late-bet',
      roundId: 'round-5',
      username: player.account,
      gameCode: 'g',
      amount: '1.00',
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'CONFLICT',
      message: 'This transaction was already rolled back.',
      value: { balance: '11004.50', status: 'rejected' },
    });
    expect(await balance()).toBe('11004.50');
  });

  it('refuses to roll back a win (409, nothing moves), and answers a rollback of a rejected bet as not_found', async () => {
    await call('win', { txId: 'win-x', roundId: 'round-6', username: player.account, amount: '3.00' });
    const r = await call('rollback', { txId: 'rb-win', refTxId: 'win-x', username: player.account });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Only a bet can be rolled back.',
      value: { balance: '11007.50' },
    });
    expect(
      (await call('rollback', { txId: 'rb-win', refTxId: 'win-x', username: player.account })).body,
    ).toEqual(r.body);
    const rejected = await call('rollback', { txId: 'rb-big', refTxId: 'big-2', username: player.account });
    expect(rejected.body.value).toMatchObject({ status: 'not_found', balance: '11007.50' });
  });

  it('does not let one player roll back another player’s bet', async () => {
    const other = await createMember(t.app);
    await call('win', { txId: 'o-win', roundId: 'o-r', username: other.account, amount: '50.00' });
    await call('bet', {
      txId: 'o-bet',
      roundId: 'o-r',
      username: other.account,
      gameCode: 'g',
      amount: '10.00',
    });
    const r = await call('rollback', { txId: 'steal', refTxId: 'o-bet', username: player.account });
    expect(r.status).toBe(404);
    expect(await balance()).toBe('11007.50');
  });

  it('refuses bad amounts with 400 and moves nothing', async () => {
    for (const amount of [
      '-1.00',
      '0',
      '0.00',
      '1.005',
      'abc',
      '',
      '1e3',
      ' 1.00',
      10,
      null,
      '100000000000.00',
    ]) {
      const r = await call('bet', {
        txId: tx(),
        roundId: 'r-bad',
        username: player.account,
        gameCode: 'g',
        amount,
      });
      expect(r.status, String(amount)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION', value: { balance: '11007.50' } });
      expect(r.body.value.fields).toHaveProperty('amount');
    }
    expect(await balance()).toBe('11007.50');
  });

  it('answers hostile bodies with 4xx, never 500', async () => {
    const cases: Array<[string, string]> = [
      ['bet', '{"txId":'],
      ['bet', '[]'],
      ['bet', 'null'],
      [
        'bet',
        JSON.stringify({
          txId: 'x'.repeat(101),
          roundId: 'r',
          username: player.account,
          gameCode: 'g',
          amount: '1.00',
        }),
      ],
      ['rollback', JSON.stringify({ txId: 'a', username: player.account })],
      ['balance', JSON.stringify({ username: { $ne: 1 } })],
      ['balance', JSON.stringify({ username: "' or 1=1 --" })],
      ['win', JSON.stringify({ txId: 'a', roundId: 'r', username: 'ゆーざー', amount: '1.00' })],
    ];
    for (const [op, raw] of cases) {
      const r = await call(op, undefined, { raw });
      expect(r.status, raw).toBeGreaterThanOrEqual(400);
      expect(r.status, raw).toBeLessThan(500);
      expect(r.body.success).toBe(false);
    }
  });

  it('answers an unknown player with 404 and no balance', async () => {
    const r = await call('balance', { username: 'nobody-here' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'NOT_FOUND', message: 'Player not found.' });
  });

  it('lets a trial member play only with play money granted on first use', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const b = await call('balance', { username: trial.account });
    expect(b.body.value.balance).toBe('2000.00');
    const bet = await call('bet', {
      txId: 'tr-1',
      roundId: 'tr-r',
      username: trial.account,
      gameCode: 'g',
      amount: '10.00',
    });
    expect(bet.body.value.balance).toBe('1990.00');
    const balances = await t.app.services.wallet.memberBalances(trial.id);
    expect(balances.player_cash).toBe(0n);
    expect(balances.trial).toBe(199_000n);
    const [house] = await t.database.query(
      `select sum(balance)::text as s from ledger_accounts where type = 'trial_house' and ref = 'SANDBOX'`,
    );
    expect(house).toEqual({ s: '1000' });
    const [realHouse] = await t.database.query(
      `select count(*)::int as n from ledger_postings p join ledger_accounts a on a.id = p.account_id
       where a.type = 'house' and p.transaction_id in
         (select id from ledger_transactions where idempotency_key = 'seamless:SANDBOX:tr-1')`,
    );
    expect(realHouse).toEqual({ n: 0 });
  });

  it('refuses bets of a disabled player but still credits wins', async () => {
    const m = await createMember(t.app);
    await t.app.services.members.setStatus(m.id, 'disabled');
    const bet = await call('bet', {
      txId: 'dis-b',
      roundId: 'dr',
      username: m.account,
      gameCode: 'g',
      amount: '1.00',
    });
    expect(bet.status).toBe(403);
    const win = await call('win', { txId: 'dis-w', roundId: 'dr', username: m.account, amount: '1.00' });
    expect(win.body.value.balance).toBe('1.00');
  });

  it('keeps the books balanced after all of the above', async () => {
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });

  it('documents the seamless contract in the OpenAPI schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json();
    const op = doc.paths['/seamless/v1/{vendor}/rollback'].post;
    expect(op.description).toMatch(/X-Signature/);
    expect(op.description).toMatch(/not_found/);
    expect(JSON.stringify(op.responses['200'])).toMatch(/balance/);
  });
});
