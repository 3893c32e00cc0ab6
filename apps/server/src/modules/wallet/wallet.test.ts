import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { freshDatabase } from '../../test/helper.ts';
import { Accounts } from './accounts.ts';
import { WalletService } from './service.ts';

type Db = Awaited<ReturnType<typeof freshDatabase>>;

describe('ledger', () => {
  let database: Db;
  let wallet: WalletService;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'never' });
    wallet = new WalletService(database.db, testConfig({ trialGrantMinor: 200_000n, walletHouseShards: 4 }));
  });
  afterAll(async () => {
    await database.drop();
  });

  const fund = (member: number, amount: bigint, key = `fund:${member}:${amount}:${Math.random()}`) =>
    wallet.post({
      key,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(member), amount },
      ],
    });

  it('creates accounts on first use and moves money with balances before and after', async () => {
    const r = await fund(1, 10_000n, 'dep-1');
    expect(r.replayed).toBe(false);
    expect(r.balances.get('player_cash:1')).toBe(10_000n);
    expect(r.balances.get('channel_clearing:BANK')).toBe(-10_000n);
    expect(await wallet.balance(Accounts.cash(1))).toBe(10_000n);
    const rows = await database.query(
      `select amount::text, balance_before::text, balance_after::text, account_version::text, reason
       from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.key = 'player_cash:1'`,
    );
    expect(rows).toEqual([
      {
        amount: '10000',
        balance_before: '0',
        balance_after: '10000',
        account_version: '1',
        reason: 'deposit',
      },
    ]);
  });

  it('answers a replay with the first result and moves nothing', async () => {
    await fund(2, 5_000n, 'dep-2');
    await fund(2, 1_000n, 'dep-2b');
    const again = await fund(2, 5_000n, 'dep-2');
    expect(again.replayed).toBe(true);
    // The first result: the balance right after the first application, not today's.
    expect(again.balances.get('player_cash:2')).toBe(5_000n);
    expect(await wallet.balance(Accounts.cash(2))).toBe(6_000n);
  });

  it('refuses the same key with other fields (IDEMPOTENCY_CONFLICT) and moves nothing', async () => {
    await fund(3, 5_000n, 'dep-3');
    await expect(fund(3, 5_001n, 'dep-3')).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    await expect(
      wallet.post({
        key: 'dep-3',
        reason: 'bonus',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -5_000n },
          { account: Accounts.cash(3), amount: 5_000n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await wallet.balance(Accounts.cash(3))).toBe(5_000n);
  });

  it('treats postings in another order, or metadata keys in another order, as the same request', async () => {
    const post = (order: 'a' | 'b') =>
      wallet.post({
        key: 'order-1',
        reason: 'deposit',
        postings:
          order === 'a'
            ? [
                { account: Accounts.clearing('BANK'), amount: -100n },
                { account: Accounts.cash(4), amount: 100n },
              ]
            : [
                { account: Accounts.cash(4), amount: 100n },
                { account: Accounts.clearing('BANK'), amount: -100n },
              ],
        metadata: order === 'a' ? { x: 1, y: 'z' } : { y: 'z', x: 1 },
      });
    expect((await post('a')).replayed).toBe(false);
    expect((await post('b')).replayed).toBe(true);
  });

  it('never takes a member account below zero: INSUFFICIENT_FUNDS, nothing written', async () => {
    await fund(5, 1_000n, 'dep-5');
    const before = await database.query('select count(*)::int as n from ledger_transactions');
    await expect(
      wallet.post({
        key: 'bet-5',
        reason: 'bet',
        postings: [
          { account: Accounts.cash(5), amount: -1_001n },
          { account: Accounts.house('SANDBOX', 0), amount: 1_001n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await database.query('select count(*)::int as n from ledger_transactions')).toEqual(before);
    expect(await wallet.balance(Accounts.cash(5))).toBe(1_000n);
    // The key was not used up: the same bet goes through once the money is there.
    await fund(5, 1n, 'dep-5b');
    const ok = await wallet.post({
      key: 'bet-5',
      reason: 'bet',
      postings: [
        { account: Accounts.cash(5), amount: -1_001n },
        { account: Accounts.house('SANDBOX', 0), amount: 1_001n },
      ],
    });
    expect(ok.balances.get('player_cash:5')).toBe(0n);
  });

  it('lets the world side go negative (house pays out more than it took)', async () => {
    const r = await wallet.post({
      key: 'win-6',
      reason: 'win',
      postings: [
        { account: Accounts.house('SANDBOX', 2), amount: -500n },
        { account: Accounts.cash(6), amount: 500n },
      ],
    });
    expect(r.balances.get('house:SANDBOX:2')).toBe(-500n);
  });

  it('refuses malformed transactions before touching the database', async () => {
    const cash = Accounts.cash(7);
    await expect(
      wallet.post({ key: 'bad-1', reason: 'bet', postings: [{ account: cash, amount: 5n }] }),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      wallet.post({
        key: 'bad-2',
        reason: 'bet',
        postings: [
          { account: cash, amount: 5n },
          { account: Accounts.house('X', 0), amount: -4n },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    await expect(wallet.post({ key: '', reason: 'bet', postings: [] })).rejects.toThrow(/key/);
  });

  it('keeps play money and real money apart: a transaction may not mix them', async () => {
    await wallet.ensureTrial(8);
    await expect(
      wallet.post({
        key: 'launder-8',
        reason: 'transfer',
        postings: [
          { account: Accounts.trial(8), amount: -100n },
          { account: Accounts.cash(8), amount: 100n },
        ],
      }),
    ).rejects.toThrow(/play money/);
    expect(await wallet.balance(Accounts.cash(8))).toBe(0n);
  });

  it('grants trial play money once, from the trial-issuance account', async () => {
    await wallet.ensureTrial(9);
    await new WalletService(database.db, testConfig({ trialGrantMinor: 200_000n })).ensureTrial(9);
    expect(await wallet.balance(Accounts.trial(9))).toBe(200_000n);
    const [row] = await database.query(
      `select count(*)::int as n from ledger_transactions where idempotency_key = 'trial_grant:9'`,
    );
    expect(row).toEqual({ n: 1 });
  });

  it('holds, posts and voids exactly once (two-phase)', async () => {
    await fund(10, 10_000n, 'dep-10');
    const h1 = await wallet.hold({ key: 'w-1', memberId: 10, amount: 3_000n, reason: 'withdraw_hold' });
    const h2 = await wallet.hold({ key: 'w-2', memberId: 10, amount: 2_000n, reason: 'withdraw_hold' });
    expect(await wallet.hold({ key: 'w-1', memberId: 10, amount: 3_000n, reason: 'withdraw_hold' })).toEqual(
      h1,
    );
    await expect(
      wallet.hold({ key: 'w-1', memberId: 10, amount: 3_001n, reason: 'withdraw_hold' }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    let b = await wallet.memberBalances(10);
    expect([b.player_cash, b.player_hold]).toEqual([5_000n, 5_000n]);

    const posted = await wallet.postHold(h1.id, Accounts.clearing('PAYOUT_BANK'), 'withdraw_paid', undefined);
    expect(posted.replayed).toBe(false);
    expect(
      (await wallet.postHold(h1.id, Accounts.clearing('PAYOUT_BANK'), 'withdraw_paid', undefined)).replayed,
    ).toBe(true);
    await expect(wallet.voidHold(h1.id, 'withdraw_release', undefined)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await wallet.voidHold(h2.id, 'withdraw_release', undefined);
    await expect(
      wallet.postHold(h2.id, Accounts.clearing('PAYOUT_BANK'), 'withdraw_paid', undefined),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    b = await wallet.memberBalances(10);
    expect([b.player_cash, b.player_hold]).toEqual([7_000n, 0n]);
    expect(await wallet.balance(Accounts.clearing('PAYOUT_BANK'))).toBe(3_000n);
    await expect(
      wallet.postHold(999_999, Accounts.clearing('X'), 'withdraw_paid', undefined),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a hold larger than the cash', async () => {
    await fund(11, 100n, 'dep-11');
    await expect(
      wallet.hold({ key: 'w-11', memberId: 11, amount: 101n, reason: 'withdraw_hold' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await database.query(`select * from ledger_holds where key = 'w-11'`)).toEqual([]);
  });

  it('keeps history append-only: postings and transactions refuse UPDATE and DELETE', async () => {
    await expect(database.query('update ledger_postings set amount = amount + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(database.query('delete from ledger_transactions')).rejects.toThrow(/append-only/);
  });

  it('reconciles clean, and reports a tampered balance', async () => {
    const clean = await wallet.reconcile();
    expect(clean.ok, JSON.stringify(clean.violations)).toBe(true);
    expect(clean.counts.transactions).toBeGreaterThan(5);
    // Simulate a write that bypassed the ledger.
    await database.query(`update ledger_accounts set balance = balance + 1 where key = 'player_cash:1'`);
    const dirty = await wallet.reconcile();
    expect(dirty.ok).toBe(false);
    expect(dirty.violations.balanceMismatches).toEqual(['player_cash:1']);
    expect(dirty.violations.worldNotZero).toHaveLength(1);
    await database.query(`update ledger_accounts set balance = balance - 1 where key = 'player_cash:1'`);
    expect((await wallet.reconcile()).ok).toBe(true);
  });

  it('refuses a negative member balance at the database too (CHECK constraint)', async () => {
    await expect(
      database.query(`update ledger_accounts set balance = -1 where key = 'player_cash:1'`),
    ).rejects.toThrow(/ledger_accounts_member_non_negative/);
  });

  it('lists the account record newest first with type and date filters, and sums profit', async () => {
    const m = 12;
    await fund(m, 50_000n, 'dep-12');
    for (let i = 0; i < 3; i++) {
      await wallet.post({
        key: `bet-12-${i}`,
        reason: 'bet',
        postings: [
          { account: Accounts.cash(m), amount: -1_000n },
          { account: Accounts.house('SANDBOX', 0), amount: 1_000n },
        ],
        metadata: { vendor: 'SANDBOX', roundId: `r${i}`, secret: 'hidden' },
      });
    }
    await wallet.post({
      key: 'win-12',
      reason: 'win',
      postings: [
        { account: Accounts.house('SANDBOX', 0), amount: -2_500n },
        { account: Accounts.cash(m), amount: 2_500n },
      ],
    });
    const all = await wallet.history(Accounts.cash(m), { pageNo: 1, pageSize: 2 });
    expect(all.total).toBe(5);
    expect(all.totalPages).toBe(3);
    expect(all.content.map((r) => r.reason)).toEqual(['win', 'bet']);
    expect(all.content[1]).toMatchObject({
      amount: '-10.00',
      balanceBefore: '480.00',
      balanceAfter: '470.00',
      type: 'game',
      detail: { vendor: 'SANDBOX', roundId: 'r2' },
    });
    expect(all.content[1]!.detail).not.toHaveProperty('secret');
    const deposits = await wallet.history(Accounts.cash(m), { type: 'deposit', pageNo: 1, pageSize: 20 });
    expect(deposits.content.map((r) => r.amount)).toEqual(['500.00']);
    const future = await wallet.history(Accounts.cash(m), {
      pageNo: 1,
      pageSize: 20,
      from: new Date(Date.now() + 60_000),
    });
    expect(future.total).toBe(0);
    const p = await wallet.profit(Accounts.cash(m), {});
    expect(p).toMatchObject({
      bet: '30.00',
      win: '25.00',
      gameProfit: '-5.00',
      deposit: '500.00',
      betCount: 3,
    });
    expect((await wallet.history(Accounts.cash(99_999), { pageNo: 1, pageSize: 20 })).total).toBe(0);
  });

  it('spreads a vendor house over shards chosen by member', () => {
    expect(wallet.houseFor('SANDBOX', 5, false)).toEqual(Accounts.house('SANDBOX', 1));
    expect(wallet.houseFor('SANDBOX', 8, true)).toEqual(Accounts.trialHouse('SANDBOX', 0));
  });
});
