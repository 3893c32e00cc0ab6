import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { seamlessCall } from '../../test/seamless.ts';

const SECRET = 'test-sandbox-secret';

/**
 * When a seamless round is final (issue 26): a win needs a live bet, and a paid round's bet can no
 * longer be rolled back. Before, both orders paid the player twice: 1,000 → bet 900 → rollback
 * 1,000 → win 1,500, and 1,000 → bet 900 → win 1,400 → rollback 1,500.
 */
describe('seamless rounds: a win needs a live bet, a paid round is final', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sandboxVendorSecret: SECRET });
    // Opted in to bet-less wins: a round whose bets were all rolled back still refuses a win.
    await t.app.services.seamless.vendors.update({ id: 0, account: 'test' }, 'SANDBOX', {
      allowBetlessWins: true,
    });
  });
  afterAll(() => t.close());

  const call = (op: string, body: Record<string, unknown>) => seamlessCall(t.app, SECRET, op, body);
  const player = async () => {
    const m = await createMember(t.app);
    await t.app.services.wallet.post({
      key: `seed:${m.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -100_000n },
        { account: Accounts.cash(m.id), amount: 100_000n },
      ],
    });
    return m;
  };
  const bet = (username: string, txId: string, roundId: string, amount: string) =>
    call('bet', { txId, roundId, username, gameCode: 'g', amount });
  const balance = async (username: string) => (await call('balance', { username })).body.value.balance;
  const record = (memberId: number) =>
    t.database.query(`select stake::text, payout::text, status from bets where member_id = $1 order by id`, [
      memberId,
    ]);

  it('refuses a win after its round’s only bet was rolled back (ROUND_NOT_FOUND, nothing credited)', async () => {
    const m = await player();
    await bet(m.account, 'a-bet', 'A', '100.00');
    await call('rollback', { txId: 'a-rb', refTxId: 'a-bet', username: m.account });
    expect(await balance(m.account)).toBe('1000.00');
    const win = await call('win', { txId: 'a-win', roundId: 'A', username: m.account, amount: '500.00' });
    expect(win.status).toBe(404);
    expect(win.body).toMatchObject({
      code: 'ROUND_NOT_FOUND',
      value: { balance: '1000.00', status: 'rejected' },
    });
    expect(await balance(m.account)).toBe('1000.00');
    expect(await record(m.id)).toEqual([
      { stake: '10000', payout: '0', status: 'settled' },
      { stake: '-10000', payout: '0', status: 'rolled_back' },
    ]);
  });

  it('pays a win while one bet of the round is still live', async () => {
    const m = await player();
    await bet(m.account, 'b-bet1', 'B', '100.00');
    await bet(m.account, 'b-bet2', 'B', '50.00');
    await call('rollback', { txId: 'b-rb', refTxId: 'b-bet1', username: m.account });
    const win = await call('win', { txId: 'b-win', roundId: 'B', username: m.account, amount: '120.00' });
    expect(win.body).toMatchObject({ code: 'OK', value: { balance: '1070.00', status: 'applied' } });
  });

  it('refuses to roll back the bet of a round that paid a win (409, the same answer on replay)', async () => {
    const m = await player();
    await bet(m.account, 'c-bet', 'C', '100.00');
    await call('win', { txId: 'c-win', roundId: 'C', username: m.account, amount: '500.00' });
    expect(await balance(m.account)).toBe('1400.00');
    const rb = await call('rollback', { txId: 'c-rb', refTxId: 'c-bet', username: m.account });
    expect(rb.status).toBe(409);
    expect(rb.body).toMatchObject({
      code: 'CONFLICT',
      message: 'This round already paid a win: its bet can no longer be rolled back.',
      value: { balance: '1400.00', status: 'rejected', txId: 'c-rb' },
    });
    expect((await call('rollback', { txId: 'c-rb', refTxId: 'c-bet', username: m.account })).body).toEqual(
      rb.body,
    );
    // Refused for good: another rollback id is refused too, and the bet stays counted.
    expect((await call('rollback', { txId: 'c-rb2', refTxId: 'c-bet', username: m.account })).status).toBe(
      409,
    );
    expect(await balance(m.account)).toBe('1400.00');
    expect(await record(m.id)).toEqual([
      { stake: '10000', payout: '0', status: 'settled' },
      { stake: '0', payout: '50000', status: 'settled' },
    ]);
    const [round] = await t.database.query(
      `select status, refund_total::text from seamless_rounds where round_id = 'C' and member_id = $1`,
      [m.id],
    );
    expect(round).toEqual({ status: 'settled', refund_total: '0' });
  });

  it('a vendor round counts its valid stake as the eligibility policy says: a win takes back what was not at risk', async () => {
    const m = await player();
    const valid = async (roundId: string) =>
      (
        await t.database.query(
          `select valid_stake::text as v from bets where member_id = $1 and round_id = $2 order by id`,
          [m.id, roundId],
        )
      ).map((r) => r.v);
    // Red and black at a vendor's roulette, one round: the win returns both stakes, nothing was at risk.
    await bet(m.account, 'h-red', 'H', '100.00');
    await bet(m.account, 'h-black', 'H', '100.00');
    await call('win', { txId: 'h-win', roundId: 'H', username: m.account, amount: '200.00' });
    expect(await valid('H')).toEqual(['10000', '10000', '-20000']);
    // Won 50.00 on 100.00: 50.00 counts; won 200.00 on 100.00: the stake counts.
    await bet(m.account, 'i-bet', 'I', '100.00');
    await call('win', { txId: 'i-win', roundId: 'I', username: m.account, amount: '150.00' });
    expect(await valid('I')).toEqual(['10000', '-5000']);
    await bet(m.account, 'j-bet', 'J', '100.00');
    await call('win', { txId: 'j-win', roundId: 'J', username: m.account, amount: '300.00' });
    expect(await valid('J')).toEqual(['10000', '0']);
    // A loss: the stake. The record's betting view shows the round's valid bet.
    await bet(m.account, 'k-bet', 'K', '100.00');
    expect(await valid('K')).toEqual(['10000']);
  });

  it('still rolls back a bet of an unpaid round, and pays bet-less wins in rounds without bets', async () => {
    const m = await player();
    await bet(m.account, 'd-bet', 'D', '100.00');
    const rb = await call('rollback', { txId: 'd-rb', refTxId: 'd-bet', username: m.account });
    expect(rb.body).toMatchObject({ code: 'OK', value: { status: 'rolled_back', balance: '1000.00' } });
    const free = await call('win', { txId: 'e-win', roundId: 'E', username: m.account, amount: '5.00' });
    expect(free.body).toMatchObject({ code: 'OK', value: { balance: '1005.00' } });
  });
});
