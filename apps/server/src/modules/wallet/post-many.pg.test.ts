import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { freshDatabase } from '../../test/helper.ts';
import { type AccountRef, Accounts, accountKey } from './accounts.ts';
import { type PostRequest, type PostResult, reconcile, WalletService } from './service.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * wallet_post_many under real concurrency (PGlite runs one statement at a time): batches sharing
 * one house account, racing each other (some with the same keys, so a key can be taken between a
 * batch's lookup and its insert) and single posts on the same accounts. No deadlock, each key
 * applied once, the books reconcile, and every balance is exactly what the applied answers add up to.
 */
describe.skipIf(!hasPostgres)('postMany concurrency on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let wallet: WalletService;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'require' });
    wallet = new WalletService(database.db, testConfig({ walletHouseShards: 1 }));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('batches and single posts on one house account end exact and reconcile clean', async () => {
    const players = Array.from({ length: 12 }, (_, i) => 500 + i);
    const house = Accounts.house('PMC', 0);
    const bank = Accounts.clearing('PMC_BANK');
    // Half the players rich, half nearly broke: batches touching the poor ones hit refusals (the
    // sequential path), the others go set-based.
    for (const p of players) {
      await wallet.post({
        key: `fund:${p}`,
        reason: 'deposit',
        postings: [
          { account: bank, amount: p % 2 ? -100n : -1_000_000n },
          { account: Accounts.cash(p), amount: p % 2 ? 100n : 1_000_000n },
        ],
      });
    }
    const move = (key: string, player: number, amount: bigint): PostRequest => ({
      key,
      reason: amount < 0n ? 'bet' : 'win',
      postings: [
        { account: Accounts.cash(player), amount },
        { account: house, amount: -amount },
      ],
    });
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const batches: PostRequest[][] = [];
    for (let b = 0; b < 12; b++) {
      const richOnly = b % 2 === 0;
      const batch = Array.from({ length: 40 }, (_, i) => {
        const p = players[rand(players.length / 2) * 2 + (richOnly ? 0 : rand(2))]!;
        return move(`batch:${b}:${i}`, p, rand(3) ? -BigInt(1 + rand(60)) : BigInt(1 + rand(90)));
      });
      // Each batch sent twice, racing itself: whichever commits second answers replays (found
      // by its lookup, or taken between its lookup and its insert).
      batches.push(batch, batch);
    }
    const singles = Array.from({ length: 120 }, (_, i) => {
      const p = players[rand(players.length)]!;
      return move(`single:${i}`, p, rand(2) ? -BigInt(1 + rand(60)) : BigInt(1 + rand(90)));
    });

    const applied: Array<{ req: PostRequest; result: PostResult }> = [];
    const batchJobs = batches.map((reqs) =>
      wallet
        .transaction((tx) => wallet.postMany(reqs, tx))
        .then((answers) => {
          answers.forEach((a, i) => {
            if (a instanceof AppError) expect(a.code).toBe('INSUFFICIENT_FUNDS');
            else if (!a.replayed) applied.push({ req: reqs[i]!, result: a });
          });
        }),
    );
    const singleJobs = singles.map((req) =>
      wallet.post(req).then(
        (result) => {
          if (!result.replayed) applied.push({ req, result });
        },
        (e: unknown) => {
          expect(e instanceof AppError && e.code).toBe('INSUFFICIENT_FUNDS');
        },
      ),
    );
    await Promise.all([...batchJobs, ...singleJobs]);

    // Each key applied once, and some of each kind went through.
    const keys = applied.map((a) => a.req.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k.startsWith('batch:')).length).toBeGreaterThan(100);
    expect(keys.filter((k) => k.startsWith('single:')).length).toBeGreaterThan(20);

    const expected = new Map<string, bigint>();
    const add = (a: AccountRef, amount: bigint) => {
      expected.set(accountKey(a), (expected.get(accountKey(a)) ?? 0n) + amount);
    };
    for (const p of players) {
      add(bank, p % 2 ? -100n : -1_000_000n);
      add(Accounts.cash(p), p % 2 ? 100n : 1_000_000n);
    }
    for (const { req } of applied) for (const p of req.postings) add(p.account, p.amount);
    for (const [key, balance] of expected) {
      const [row] = await database.query(`select balance::text as b from ledger_accounts where key = $1`, [
        key,
      ]);
      expect({ key, balance: row?.b }).toEqual({ key, balance: balance.toString() });
    }
    const check = await reconcile((q) => database.query(q));
    expect(check.violations).toEqual(Object.fromEntries(Object.keys(check.violations).map((k) => [k, []])));
    expect(check.ok).toBe(true);
  }, 120_000);

  it('a key another transaction commits between the batch lookup and its insert answers as a replay', async () => {
    const player = 900;
    const house = Accounts.house('PMR', 0);
    await wallet.post({
      key: 'race:fund',
      reason: 'deposit',
      postings: [
        { account: house, amount: -1_000n },
        { account: Accounts.cash(player), amount: 1_000n },
      ],
    });
    const bet = (key: string, amount: bigint): PostRequest => ({
      key,
      reason: 'bet',
      postings: [
        { account: Accounts.cash(player), amount: -amount },
        { account: house, amount },
      ],
    });
    let posted!: () => void;
    const postedInFirst = new Promise<void>((r) => (posted = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = wallet.transaction(async (tx) => {
      await wallet.post(bet('race:x', 5n), tx);
      posted();
      await held;
    });
    await postedInFirst;
    // The batch looks its keys up (race:x not committed yet: fresh), then waits for the first
    // transaction's locks; once that commits, its insert finds race:x taken.
    const second = wallet.transaction((tx) => wallet.postMany([bet('race:y', 7n), bet('race:x', 5n)], tx));
    for (;;) {
      const [w] = await database.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(w?.n) > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await first;
    const [y, x] = await second;
    expect(y instanceof AppError ? y.code : y!.replayed).toBe(false);
    expect(x instanceof AppError ? x.code : x!.replayed).toBe(true);
    expect(await wallet.balance(Accounts.cash(player))).toBe(1_000n - 12n);
    expect((await reconcile((q) => database.query(q))).ok).toBe(true);
  }, 60_000);
});
