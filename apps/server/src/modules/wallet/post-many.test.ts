import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { freshDatabase } from '../../test/helper.ts';
import { Accounts } from './accounts.ts';
import { type PostRequest, WalletService } from './service.ts';

type Db = Awaited<ReturnType<typeof freshDatabase>>;

/**
 * `postMany` (many ledger transactions in one statement, for group commit) must decide each
 * item exactly as `post` would have, one after another in the same order: the same refusals,
 * replays and conflicts, and the same balances afterwards. Checked differentially: the same
 * operations on two fresh sets of players, one through each path.
 */
describe('wallet.postMany', () => {
  let database: Db;
  let wallet: WalletService;
  let nextMember = 10_000;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'prefer' });
    wallet = new WalletService(database.db, testConfig({ walletHouseShards: 2 }));
  });
  afterAll(async () => {
    await database.drop();
  });

  // An operation on player `p` of a run: a bet (debit), a win (credit), under a key that may repeat.
  const op = fc.record({
    p: fc.nat(2),
    kind: fc.constantFrom('bet', 'win'),
    amount: fc.integer({ min: 1, max: 900 }),
    key: fc.nat(12),
  });

  const request = (
    members: number[],
    prefix: string,
    o: { p: number; kind: string; amount: number; key: number },
  ) => {
    const member = members[o.p]!;
    const amount = BigInt(o.amount);
    const house = wallet.houseFor('TEST', member, false);
    return {
      key: `${prefix}:${o.key}`,
      reason: o.kind === 'bet' ? 'bet' : 'win',
      postings:
        o.kind === 'bet'
          ? [
              { account: Accounts.cash(member), amount: -amount },
              { account: house, amount },
            ]
          : [
              { account: house, amount: -amount },
              { account: Accounts.cash(member), amount },
            ],
    } satisfies PostRequest;
  };

  const outcome = (r: unknown) =>
    r instanceof AppError ? r.code : (r as { replayed: boolean }).replayed ? 'replayed' : 'applied';

  it('property: each item is decided as post() would decide it in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(1500), { minLength: 3, maxLength: 3 }),
        async (ops, funds) => {
          const run = ++nextMember;
          const a = [run * 10 + 1, run * 10 + 2, run * 10 + 3];
          const b = [run * 10 + 4, run * 10 + 5, run * 10 + 6];
          for (const [i, f] of funds.entries())
            for (const m of [a[i]!, b[i]!])
              if (f > 0)
                await wallet.post({
                  key: `fund:${m}`,
                  reason: 'deposit',
                  postings: [
                    { account: Accounts.clearing('BANK'), amount: -BigInt(f) },
                    { account: Accounts.cash(m), amount: BigInt(f) },
                  ],
                });
          const batched = await database.db.transaction((tx) =>
            wallet.postMany(
              ops.map((o) => request(a, `a${run}`, o)),
              tx,
            ),
          );
          const one: string[] = [];
          for (const o of ops) {
            try {
              one.push(outcome(await wallet.post(request(b, `b${run}`, o))));
            } catch (e) {
              one.push(outcome(e));
            }
          }
          expect(batched.map(outcome)).toEqual(one);
          for (let i = 0; i < 3; i++)
            expect(await wallet.balance(Accounts.cash(a[i]!))).toBe(
              await wallet.balance(Accounts.cash(b[i]!)),
            );
          // Applied items answer the balances they left, as post() does.
          for (const [k, r] of batched.entries()) {
            if (r instanceof AppError || r.replayed) continue;
            const m = a[ops[k]!.p]!;
            expect(r.balances.get(`player_cash:${m}`)).toBeGreaterThanOrEqual(0n);
          }
        },
      ),
      { numRuns: 25 },
    );
    const [check] = (await database.query(
      `select coalesce(sum(amount), 0)::text as total from ledger_postings`,
    )) as [{ total: string }];
    expect(check.total).toBe('0');
  });

  it('accounts created in a transaction that rolls back are not remembered; committed ones are', async () => {
    const member = ++nextMember * 10;
    const fund = (key: string): PostRequest => ({
      key,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -100n },
        { account: Accounts.cash(member), amount: 100n },
      ],
    });
    // Created inside a transaction that then fails: the id must not outlive it.
    await expect(
      database.db.transaction(async (tx) => {
        await wallet.postMany([fund('rolled-back')], tx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // The same account is created again for real (a cached dead id would break this post).
    const [created] = await database.db.transaction((tx) => wallet.postMany([fund('kept')], tx));
    expect(created).not.toBeInstanceOf(AppError);
    expect(await wallet.balance(Accounts.cash(member))).toBe(100n);
    // Found (not created) inside a later transaction: committed, so resolved from memory after.
    const other = member + 1;
    await wallet.post({
      key: `fund:${other}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -5n },
        { account: Accounts.cash(other), amount: 5n },
      ],
    });
    const ids = (wallet as unknown as { accounts: { ids: Map<string, number> } }).accounts.ids;
    ids.delete(`player_cash:${other}`);
    await database.db.transaction((tx) => wallet.ensureAccounts([Accounts.cash(other)], tx));
    expect(ids.has(`player_cash:${other}`)).toBe(true);
    expect(ids.has(`player_cash:${member}`)).toBe(false);
  });

  it('wallet.transaction caches the accounts a batch created once it commits, never after a rollback', async () => {
    const member = ++nextMember * 10;
    const key = `player_cash:${member}`;
    const fund = (k: string): PostRequest => ({
      key: k,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -7n },
        { account: Accounts.cash(member), amount: 7n },
      ],
    });
    const ids = (wallet as unknown as { accounts: { ids: Map<string, number> } }).accounts.ids;
    await expect(
      wallet.transaction(async (tx) => {
        await wallet.postMany([fund('tx-rolled-back')], tx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(ids.has(key)).toBe(false);
    await wallet.transaction((tx) => wallet.postMany([fund('tx-kept')], tx));
    // Without the cache every later batch resolved this account again inside its transaction.
    const id = ids.get(key);
    expect(id).toBeDefined();
    const [row] = (await database.query('select id from ledger_accounts where key = $1', [key])) as [
      { id: string | number },
    ];
    expect(Number(row.id)).toBe(id);
    await wallet.transaction((tx) => wallet.postMany([fund('tx-again')], tx));
    expect(await wallet.balance(Accounts.cash(member))).toBe(14n);
  });

  it('an empty batch posts nothing', async () => {
    expect(await database.db.transaction((tx) => wallet.postMany([], tx))).toEqual([]);
  });
});
