import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { freshDatabase } from '../../test/helper.ts';
import { type AccountRef, Accounts } from './accounts.ts';
import { WalletService } from './service.ts';

type Db = Awaited<ReturnType<typeof freshDatabase>>;

/**
 * `wallet_post_many` (migration 0037) must answer and write exactly what `wallet_post` on each
 * item in order, in one transaction, answers and writes. Checked differentially: each run builds
 * two identical books (side A and side B: a house and the promotion-like exempt accounts, and
 * player/commission accounts with small balances so some items are refused), commits the same
 * earlier keys on both, then posts one random batch (repeated keys, replays of the earlier keys,
 * now and then an invalid item) through `wallet_post_many` on A and item by item through
 * `wallet_post` on B. Answers, balances, versions and every posting must correspond.
 * Runs on PostgreSQL with TEST_DATABASE_URL, else on the embedded PGlite.
 */
describe('wallet_post_many answers as sequential wallet_post', () => {
  let database: Db;
  let wallet: WalletService;
  let run = 0;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'prefer' });
    wallet = new WalletService(database.db, testConfig());
  });
  afterAll(async () => {
    await database.drop();
  });

  // Account slots of a book: 0 house and 1 adjustment (exempt: may go negative), 2-3 player cash
  // and 4-5 agent commission (refused below zero). The exempt ones are per book: a house and
  // clearing accounts named after the side; `adjustment` is a singleton, so a clearing one stands in.
  const SLOTS = 6;
  // Each book its own members: run r's side A has members 10r+1 and 10r+2, side B 10r+6 and 10r+7.
  const bookOf = (side: string, base: number): AccountRef[] => {
    const m = base + (side === 'A' ? 1 : 6);
    return [
      Accounts.house(`PM${side}`, base),
      Accounts.clearing(`PM${side}${base}`),
      Accounts.cash(m),
      Accounts.cash(m + 1),
      Accounts.commission(m),
      Accounts.commission(m + 1),
    ];
  };

  const item = fc.record({
    key: fc.nat(7),
    fp: fc.constantFrom('f1', 'f2'),
    // Two or three distinct slots; the last one takes the opposite of the others' sum.
    slots: fc.uniqueArray(fc.nat(SLOTS - 1), { minLength: 2, maxLength: 3 }),
    amounts: fc.array(
      fc.integer({ min: -400, max: 400 }).filter((a) => a !== 0),
      {
        minLength: 2,
        maxLength: 2,
      },
    ),
    invalid: fc.constantFrom(...Array<string | null>(30).fill(null), 'unbalanced', 'unknown', 'zero'),
  });
  type Item = typeof item extends fc.Arbitrary<infer T> ? T : never;
  const scenario = fc.record({
    funding: fc.array(fc.integer({ min: 0, max: 1_500 }), { minLength: 4, maxLength: 4 }),
    earlier: fc.array(item, { maxLength: 3 }),
    batch: fc.array(item, { minLength: 1, maxLength: 12 }),
  });

  const payload = (side: string, ids: number[], items: Item[]) =>
    items.map((it) => {
      const accs = it.slots.map((s) => ids[s]!);
      const amts = it.slots.map((_, i) => BigInt(it.amounts[i] ?? 0));
      const last = amts.length - 1;
      amts[last] = -amts.slice(0, last).reduce((a, b) => a + b, 0n);
      if (amts[last] === 0n) amts[last] = 1n; // left unbalanced: refused, the same on both sides
      if (it.invalid === 'unbalanced') amts[last] = amts[last]! + 1n;
      if (it.invalid === 'zero') amts[0] = 0n;
      if (it.invalid === 'unknown') accs[0] = 999_999_999;
      return {
        key: `${side}${run}:${it.key}`,
        reason: 'adjustment',
        fp: it.fp,
        meta: { n: it.key },
        accs: accs.map(String),
        amts: amts.map(String),
      };
    });

  type Answer = { status: string; tx: string | null; fp: string | null; balances: string[] | null };
  const many = (tx: Tx, items: ReturnType<typeof payload>) =>
    tx
      .execute(sql`
        select r_ord::int as ord, r_status as status, r_transaction_id::text as tx,
               r_fingerprint as fp, r_balances as balances
        from wallet_post_many(${JSON.stringify(items)}::jsonb) order by r_ord`)
      .then((r) => rowsOf<Answer & { ord: number }>(r));
  const single = async (tx: Tx, items: ReturnType<typeof payload>) => {
    const out: Answer[] = [];
    for (const i of items) {
      const [row] = rowsOf<Answer>(
        await tx.execute(sql`
          select r_status as status, r_transaction_id::text as tx, r_fingerprint as fp, r_balances as balances
          from wallet_post(${i.key}, ${i.reason}, ${i.fp}, ${JSON.stringify(i.meta)}::jsonb,
                           ${`{${i.accs.join(',')}}`}::bigint[], ${`{${i.amts.join(',')}}`}::bigint[])`),
      );
      out.push(row!);
    }
    return out;
  };
  /** An outcome: the answers, or the exception's message (the transaction then rolled back). */
  const attempt = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T | { error: string }> => {
    try {
      return await database.db.transaction(fn);
    } catch (e) {
      // The message names the item's account ids, which differ between the books.
      const message = (e as { cause?: Error }).cause?.message ?? (e as Error).message;
      return { error: message.replace(/\{[^}]*\}/g, '{…}') };
    }
  };

  /** Everything a book holds, with the side's own ids and keys replaced by slots and key numbers. */
  const snapshot = async (ids: number[], side: string) => {
    const slot = (id: unknown) => ids.indexOf(Number(id));
    const accounts = await database.query(
      `select id, balance::text, version::int from ledger_accounts where id = any($1::bigint[]) order by id`,
      [`{${ids.join(',')}}`],
    );
    const postings = await database.query(
      `select p.account_id, p.amount::text, p.balance_before::text, p.balance_after::text,
              p.account_version::int, p.reason, t.idempotency_key, t.fingerprint, t.metadata
       from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
       where p.account_id = any($1::bigint[]) order by p.account_id, p.account_version`,
      [`{${ids.join(',')}}`],
    );
    const strip = (k: unknown) => String(k).replace(/^(fund:)?[AB]/, '$1');
    return {
      accounts: accounts.map((a) => ({ ...a, id: slot(a.id) })).sort((a, b) => a.id - b.id),
      postings: postings
        .map((p) => ({
          account: slot(p.account_id),
          version: Number(p.account_version),
          amount: p.amount,
          before: p.balance_before,
          after: p.balance_after,
          reason: p.reason,
          key: strip(p.idempotency_key),
          // A funding's fingerprint hashes its account keys, which differ between the books.
          fingerprint: String(p.idempotency_key).startsWith('fund:') ? null : p.fingerprint,
          metadata: p.metadata,
        }))
        .sort((a, b) => a.account - b.account || a.version - b.version),
      side,
    };
  };

  it('the same answers, balances and postings for random batches', async () => {
    let setBased = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run++;
        const books = await Promise.all(
          ['A', 'B'].map(async (side) => {
            const ids = await wallet.ensureAccounts(bookOf(side, run * 10));
            // Fund the four member accounts from the house (a committed history to continue).
            for (const [i, amount] of s.funding.entries()) {
              if (amount === 0) continue;
              await wallet.post({
                key: `fund:${side}${run}:${i}`,
                reason: 'deposit',
                postings: [
                  { account: bookOf(side, run * 10)[0]!, amount: -BigInt(amount) },
                  { account: bookOf(side, run * 10)[i + 2]!, amount: BigInt(amount) },
                ],
              });
            }
            // Earlier keys, committed one by one (the batch replays some of them).
            await attempt((tx) => single(tx, payload(side, ids, s.earlier)));
            return ids;
          }),
        );
        const [a, b] = books as [number[], number[]];
        const byMany = await attempt((tx) => many(tx, payload('A', a, s.batch)));
        const bySingle = await attempt((tx) => single(tx, payload('B', b, s.batch)));
        if ('error' in bySingle) {
          expect(byMany).toEqual(bySingle);
        } else {
          expect('error' in byMany ? byMany : byMany.map((r) => r.ord)).toEqual(
            bySingle.map((_, i) => i + 1),
          );
          const answers = byMany as Array<Answer & { ord: number }>;
          if (!bySingle.some((r) => r.status === 'insufficient_funds')) setBased++;
          // Transaction ids differ between the books; the keys they name must correspond.
          const keyOf = async (id: string | null) =>
            id === null
              ? null
              : String(
                  (
                    await database.query(
                      `select idempotency_key as k from ledger_transactions where id = $1`,
                      [id],
                    )
                  )[0]?.k,
                ).slice(1);
          for (const [i, m] of answers.entries()) {
            const o = bySingle[i]!;
            expect({ status: m.status, fp: m.fp, balances: m.balances }).toEqual({
              status: o.status,
              fp: o.fp,
              balances: o.balances,
            });
            expect(await keyOf(m.tx)).toEqual(await keyOf(o.tx));
          }
        }
        const [sa, sb] = await Promise.all([snapshot(a, 'A'), snapshot(b, 'B')]);
        expect({ ...sa, side: '' }).toEqual({ ...sb, side: '' });
      }),
      { numRuns: 60 },
    );
    // Most batches here have no refusal: those took the set-based path, not the loop.
    expect(setBased).toBeGreaterThan(5);
  }, 120_000);
});
