import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { freshDatabase } from '../../test/helper.ts';
import { Accounts } from './accounts.ts';
import { WalletService } from './service.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/** HEAP_XMAX_IS_MULTI in a heap tuple's t_infomask (PostgreSQL's htup_details.h). */
const XMAX_IS_MULTI = 0x1000;

/** The players of every batch here: funded wallets first, then (for the seamless batch) members. */
const MEMBERS = [9001, 9002, 9003];

/**
 * The set-based batches (wallet_post_many, seamless_apply_many) lock and write their accounts in
 * one subtransaction, so moving a wallet makes no MultiXact (migration 0048: each batch used to
 * leave one per account it moved, a 32-bit id space of its own that forces anti-wraparound
 * vacuums of ledger_accounts on a busy ledger). Counted on the table's pages with pageinspect:
 * every row version whose xmax is a MultiXact, live or dead.
 */
describe.skipIf(!hasPostgres)('batches make no MultiXact on the accounts (needs TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let wallet: WalletService;
  let client: pg.Client;
  let wallets: number[];
  let house: number;

  const multiXactVersions = async (): Promise<number> => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n
       from generate_series(0, (pg_relation_size('ledger_accounts') / current_setting('block_size')::int)::int - 1) b,
            heap_page_items(get_raw_page('ledger_accounts', b)) h
       where (h.t_infomask & $1) <> 0`,
      [XMAX_IS_MULTI],
    );
    return rows[0]!.n;
  };

  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'require' });
    wallet = new WalletService(database.db, testConfig({ walletHouseShards: 1 }));
    for (const m of MEMBERS) {
      await wallet.post({
        key: `fund:${m}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -1_000_000n },
          { account: Accounts.cash(m), amount: 1_000_000n },
        ],
      });
    }
    wallets = await wallet.ensureAccounts(MEMBERS.map((m) => Accounts.cash(m)));
    house = (await wallet.ensureAccounts([Accounts.house('SANDBOX', 0)]))[0]!;
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('create extension if not exists pageinspect');
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('wallet_post_many moves every account of a batch without one', async () => {
    const before = await multiXactVersions();
    const items = wallets.map((w, i) => ({
      key: `wpm:${i}`,
      reason: 'bet',
      fp: `fp${i}`,
      meta: {},
      accs: [w, house],
      amts: ['-100', '100'],
    }));
    const { rows } = await client.query<{ r_status: string }>(
      'select r_status from wallet_post_many($1::jsonb) order by r_ord',
      [JSON.stringify(items)],
    );
    expect(rows.map((r) => r.r_status)).toEqual(['ok', 'ok', 'ok']);
    expect(await multiXactVersions()).toBe(before);
  });

  it('seamless_apply_many moves every account of a batch without one', async () => {
    const before = await multiXactVersions();
    await client.query(
      `insert into members (id, account, password_hash, referral_code)
       select m, 'mx' || m, 'x', 'MX' || m from unnest($1::int[]) m`,
      [MEMBERS],
    );
    const items = MEMBERS.map((m, i) => ({
      v: 'SANDBOX',
      t: `tx${i}`,
      k: 'bet',
      r: `r${i}`,
      m,
      tr: false,
      g: null,
      a: '100',
      f: `f${i}`,
      key: `seamless:SANDBOX:tx${i}`,
      reason: 'bet',
      lf: `lf${i}`,
      md: {},
      acc: [wallets[i], house],
      amt: ['-100', '100'],
      w: wallets[i],
    }));
    const { rows } = await client.query<{ r_status: string }>(
      'select r_status from seamless_apply_many($1::jsonb) order by r_ord',
      [JSON.stringify(items)],
    );
    expect(rows.map((r) => r.r_status)).toEqual(['applied', 'applied', 'applied']);
    const [moved] = (
      await client.query<{ n: number }>('select count(*)::int as n from ledger_postings where reason = $1', [
        'bet',
      ])
    ).rows;
    // Six from wallet_post_many's batch above, six from this one.
    expect(moved!.n).toBe(12);
    expect(await multiXactVersions()).toBe(before);
  });

  // Last: the aborted row version it leaves would be pruned away by a later batch's page access.
  it('and the count sees one: a row locked by a transaction and updated in its subtransaction (the order before 0048)', async () => {
    const before = await multiXactVersions();
    await client.query('begin');
    await client.query('select 1 from ledger_accounts where id = $1 for update', [house]);
    await client.query('savepoint s');
    await client.query('update ledger_accounts set version = version where id = $1', [house]);
    await client.query('rollback');
    expect(await multiXactVersions()).toBeGreaterThan(before);
  });
});
