import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { seamlessCall } from '../../test/seamless.ts';

/**
 * Issue 7 #2 and #9: no vendor has a default secret; a win needs a bet by the same player in the
 * same vendor round unless the vendor opted in; a disabled player's bet is refused at once.
 */
describe('seamless vendor secrets, bet-less wins, disabled players', () => {
  let t: TestApp;
  const secrets: Record<string, string> = {};
  const robot = { id: 0, account: 'test' };
  beforeAll(async () => {
    // No SANDBOX_VENDOR_SECRET, no SEAMLESS_VENDOR_SECRETS: exactly what a plain `npm start` has.
    t = await createTestApp({ vendorSecrets: {} });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (vendor: string, op: string, body: unknown, secret = secrets[vendor] ?? 'none') =>
    seamlessCall(t.app, secret, op, body, vendor);
  const cash = (id: number) => t.app.services.wallet.balance(Accounts.cash(id));
  const fund = (id: number, amount: bigint) =>
    t.app.services.wallet.post({
      key: `fund:${id}:${amount}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(id), amount },
      ],
    });

  it('gives no vendor a default secret, with or without DATABASE_URL', () => {
    expect(loadConfig({}).sandboxVendorSecret).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).sandboxVendorSecret).toBeUndefined();
    expect(loadConfig({}).vendorSecrets).toEqual({});
  });

  it('refuses every well-known or guessed secret, and an unknown vendor, before the first start', async () => {
    const m = await createMember(t.app);
    for (const secret of ['sandbox-secret', '', 'x', 'secret', 'test-sandbox-secret']) {
      const r = await call(
        'SANDBOX',
        'win',
        { txId: 'w', roundId: 'r', username: m.account, amount: '1000000.00' },
        secret,
      );
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('UNAUTHORIZED');
    }
    expect(await cash(m.id)).toBe(0n);
  });

  it('creates the demo vendors on first start with a random secret per installation, read through the service', async () => {
    expect(await t.app.services.seamless.vendors.ensureInstallationVendors()).toBe(true);
    expect(await t.app.services.seamless.vendors.ensureInstallationVendors()).toBe(false);
    const secret = await t.app.services.seamless.vendors.secretFor('SANDBOX');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    secrets.SANDBOX = secret!;
    const other = await createTestApp({ vendorSecrets: {} });
    try {
      await other.app.services.seamless.vendors.ensureInstallationVendors();
      expect(await other.app.services.seamless.vendors.secretFor('SANDBOX')).not.toBe(secret);
    } finally {
      await other.close();
    }
    const m = await createMember(t.app);
    expect((await call('SANDBOX', 'balance', { username: m.account })).status).toBe(200);
    expect((await call('SANDBOX', 'balance', { username: m.account }, 'sandbox-secret')).status).toBe(401);
  });

  it('refuses a known vendor without a secret, or disabled, with 403 VENDOR_DISABLED and no balance', async () => {
    const m = await createMember(t.app);
    await t.app.services.seamless.vendors.update(robot, 'NOSECRET', { allowBetlessWins: true });
    const r = await call(
      'NOSECRET',
      'win',
      { txId: 'n1', roundId: 'r', username: m.account, amount: '5.00' },
      '',
    );
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: 'VENDOR_DISABLED', value: null });
    await t.app.services.seamless.vendors.update(robot, 'SANDBOX', { enabled: false });
    const off = await call('SANDBOX', 'balance', { username: m.account });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('VENDOR_DISABLED');
    await t.app.services.seamless.vendors.update(robot, 'SANDBOX', { enabled: true });
    expect((await call('SANDBOX', 'balance', { username: m.account })).status).toBe(200);
    expect(await cash(m.id)).toBe(0n);
  });

  it('lets an operator with games list vendors (no secrets) and rotate a secret, shown once and audited', async () => {
    const games = await createOperator(t.app, { permissions: ['games'] });
    const cashier = await createOperator(t.app, { permissions: ['cashier'] });
    const player = await createMember(t.app);
    const get = (token: string) =>
      t.app.inject({ method: 'GET', url: '/wps/admin/seamless/vendors', headers: { token } });
    expect((await get(player.token)).statusCode).toBe(403);
    expect((await get(cashier.token)).statusCode).toBe(403);
    const list = await get(games.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secrets.SANDBOX!);
    expect(list.json().value).toContainEqual(
      expect.objectContaining({
        code: 'SANDBOX',
        secretSource: 'database',
        enabled: true,
        allowBetlessWins: false,
      }),
    );

    const rotate = (token: string) =>
      t.app.inject({ method: 'POST', url: '/wps/admin/seamless/vendors/SANDBOX/secret', headers: { token } });
    expect((await rotate(cashier.token)).statusCode).toBe(403);
    const system = await createOperator(t.app, { permissions: ['system'] });
    expect((await rotate(system.token)).statusCode).toBe(403);
    const rotated = await rotate(games.token);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().value.secret as string;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(secrets.SANDBOX);
    // The old secret stops at once on this instance; the new one works.
    expect((await call('SANDBOX', 'balance', { username: player.account })).status).toBe(401);
    secrets.SANDBOX = fresh;
    expect((await call('SANDBOX', 'balance', { username: player.account })).status).toBe(200);
    expect((await get(games.token)).body).not.toContain(fresh);
    const audit = await t.database.query(
      `select actor_account, after::text from audit_log where action = 'seamless.vendor.rotate'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_account).toBe(games.account);
    expect(audit[0]!.after).not.toContain(fresh);
  });

  it('refuses a win in a round without a bet by that player with that vendor (ROUND_NOT_FOUND), crediting nothing', async () => {
    const m = await createMember(t.app);
    const other = await createMember(t.app);
    await fund(m.id, 10_000n);
    await fund(other.id, 10_000n);
    await t.app.services.seamless.vendors.update(robot, 'OTHERV', {});
    await t.app.services.seamless.vendors.rotate(robot, 'OTHERV').then((r) => {
      secrets.OTHERV = r.secret;
    });
    // Bets that do not make this player's round: another player's, another vendor's, another round.
    await call('SANDBOX', 'bet', {
      txId: 'ob',
      roundId: 'R1',
      username: other.account,
      gameCode: 'g',
      amount: '1.00',
    });
    await call('OTHERV', 'bet', {
      txId: 'vb',
      roundId: 'R1',
      username: m.account,
      gameCode: 'g',
      amount: '1.00',
    });
    await call('SANDBOX', 'bet', {
      txId: 'rb',
      roundId: 'R0',
      username: m.account,
      gameCode: 'g',
      amount: '1.00',
    });
    const before = await cash(m.id);
    const refused = await call('SANDBOX', 'win', {
      txId: 'w1',
      roundId: 'R1',
      username: m.account,
      amount: '1000000.00',
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'ROUND_NOT_FOUND',
      message: 'No bet by this player was found in this round.',
      value: { balance: '98.00', status: 'rejected', txId: 'w1' },
    });
    expect(await cash(m.id)).toBe(before);
    expect(
      await t.database.query(`select 1 from seamless_transactions where vendor = 'SANDBOX' and tx_id = 'w1'`),
    ).toEqual([]);
    expect(
      await t.database.query(
        `select 1 from seamless_rounds where vendor = 'SANDBOX' and round_id = 'R1' and member_id = ${m.id}`,
      ),
    ).toEqual([]);

    // Once the bet is there, the same txId is judged afresh and paid once.
    await call('SANDBOX', 'bet', {
      txId: 'b1',
      roundId: 'R1',
      username: m.account,
      gameCode: 'g',
      amount: '2.00',
    });
    const paid = await call('SANDBOX', 'win', {
      txId: 'w1',
      roundId: 'R1',
      username: m.account,
      amount: '5.00',
    });
    expect(paid.status).toBe(200);
    expect(paid.body.value).toMatchObject({ status: 'applied', balance: '101.00' });
    expect(
      (await call('SANDBOX', 'win', { txId: 'w1', roundId: 'R1', username: m.account, amount: '5.00' })).body,
    ).toEqual(paid.body);
    // A bet refused for funds does not open the round for a win.
    await call('SANDBOX', 'bet', {
      txId: 'b2',
      roundId: 'R2',
      username: m.account,
      gameCode: 'g',
      amount: '5000.00',
    });
    expect(
      (await call('SANDBOX', 'win', { txId: 'w2', roundId: 'R2', username: m.account, amount: '1.00' })).body
        .code,
    ).toBe('ROUND_NOT_FOUND');
    expect(await cash(m.id)).toBe(10_100n);
  });

  it('pays bet-less wins only for a vendor that opted in, and a trial member is held to the same rule', async () => {
    const m = await createMember(t.app);
    const trial = await createMember(t.app, { type: 4 });
    for (const who of [m, trial]) {
      const r = await call('SANDBOX', 'win', {
        txId: `fs-${who.id}`,
        roundId: 'FS',
        username: who.account,
        amount: '3.00',
      });
      expect(r.body.code).toBe('ROUND_NOT_FOUND');
    }
    await t.app.services.seamless.vendors.update(robot, 'SANDBOX', { allowBetlessWins: true });
    const r = await call('SANDBOX', 'win', {
      txId: `fs-${m.id}`,
      roundId: 'FS',
      username: m.account,
      amount: '3.00',
    });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ status: 'applied', balance: '3.00' });
    // Withdrawing the opt-in refuses new bet-less wins but a paid one still replays its answer.
    await t.app.services.seamless.vendors.update(robot, 'SANDBOX', { allowBetlessWins: false });
    expect(
      (
        await call('SANDBOX', 'win', {
          txId: `fs-${m.id}`,
          roundId: 'FS',
          username: m.account,
          amount: '3.00',
        })
      ).body,
    ).toEqual(r.body);
    expect(
      (
        await call('SANDBOX', 'win', {
          txId: `fs2-${m.id}`,
          roundId: 'FS2',
          username: m.account,
          amount: '3.00',
        })
      ).body.code,
    ).toBe('ROUND_NOT_FOUND');
    expect(await cash(m.id)).toBe(300n);
  });

  it('refuses the bet of a player disabled a moment ago (no cache), and lets them bet again once enabled', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 10_000n);
    const bet = (txId: string) =>
      call('SANDBOX', 'bet', {
        txId,
        roundId: `D-${txId}`,
        username: m.account,
        gameCode: 'g',
        amount: '1.00',
      });
    expect((await bet('d1')).status).toBe(200); // the player is now in the service's cache
    await t.app.services.members.setStatus(m.id, 'disabled');
    const refused = await bet('d2');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', value: { balance: '99.00' } });
    // Also straight through the service, as another instance's cache would still say active.
    await expect(
      t.app.services.seamless.bet('SANDBOX', {
        txId: 'd3',
        roundId: 'D',
        username: m.account,
        gameCode: 'g',
        amount: '1.00',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await cash(m.id)).toBe(9_900n);
    await t.app.services.members.setStatus(m.id, 'active');
    expect((await bet('d2')).status).toBe(200);
    expect(await cash(m.id)).toBe(9_800n);
  });

  it('keeps the books balanced', async () => {
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });
});
