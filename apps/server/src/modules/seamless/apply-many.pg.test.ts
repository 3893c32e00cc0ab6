import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts, type AccountRef } from '../wallet/accounts.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/** A player of the property: their wallet and house shard ids, trial or not. */
interface Player {
  id: number;
  trial: boolean;
  wallet: number;
  house: number;
}

interface Call {
  kind: 'bet' | 'win';
  player: number;
  vendor: 'SANDBOX' | 'FREE';
  tx: number;
  round: number;
  game: string | null;
  amount: number;
}

/** The JSON item seamless_apply_batch and seamless_apply_many read (see apply-statements.ts). */
function itemOf(c: Call, p: Player) {
  const bet = c.kind === 'bet';
  return {
    v: c.vendor,
    t: `tx${c.tx}`,
    k: c.kind,
    r: `r${c.round}`,
    m: p.id,
    tr: p.trial,
    g: bet ? c.game : null,
    a: String(c.amount),
    f: `fp:${c.kind}:${c.amount}`,
    key: `seamless:${c.vendor}:tx${c.tx}`,
    reason: c.kind,
    lf: `lf:${c.kind}:${c.amount}`,
    md: { txId: `tx${c.tx}` },
    acc: bet ? [p.wallet, p.house] : [p.house, p.wallet],
    amt: [String(-c.amount), String(c.amount)],
    w: p.wallet,
  };
}

/**
 * Everything a batch writes, without serial ids (the two runs draw different ones) but in id
 * order, so the order of the rows counts: the vendor rows, rounds, ledger (transactions by key,
 * postings, account balances and versions), bets record and recently played games. The postings
 * of one transaction are compared by account: wallet_post writes them in its UPDATE's plan order.
 */
const STATE = [
  `select vendor, tx_id, kind, round_id, member_id, trial, game_code, amount, status, code, balance_after,
          fingerprint from seamless_transactions order by id`,
  `select vendor, round_id, member_id, trial, game_code, bet_total, win_total, refund_total, bet_count,
          win_count, status from seamless_rounds order by vendor, round_id, member_id`,
  'select idempotency_key, reason, fingerprint, metadata from ledger_transactions order by id',
  `select t.idempotency_key, p.account_id, p.amount, p.balance_before, p.balance_after, p.account_version,
          p.reason from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
   order by t.id, p.account_id`,
  'select id, balance, version from ledger_accounts order by id',
  `select member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout, valid_stake,
          status, trial from bets order by id`,
  'select member_id, game_id from game_recent order by member_id, game_id',
];

/**
 * seamless_apply_many (migration 0042) must answer and write exactly what seamless_apply_batch
 * (0018: seamless_apply per item, in order) answers and writes. Each case applies a random
 * history with the loop, then the same random batch once through each function, both in one
 * transaction rolled back to a savepoint in between: bets and wins of one hot player and
 * several others (one disabled, one trial, one under an agent), duplicated txIds inside the
 * batch and replays of the history, bets above the balance, wins without a bet (refused, or
 * paid by a vendor opted in to bet-less wins), rounds with and without a known game.
 */
describe.skipIf(!hasPostgres)('seamless_apply_many = seamless_apply_batch (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let client: pg.Client;
  const players: Player[] = [];

  beforeAll(async () => {
    t = await createTestApp({ walletHouseShards: 4 }, { postgres: 'require' });
    const wallet = t.app.services.wallet;
    const agent = await createMember(t.app, { type: 1 });
    const members = [
      { m: await createMember(t.app), trial: false },
      { m: await createMember(t.app), trial: false },
      { m: await createMember(t.app, { parentId: agent.id }), trial: false },
      { m: await createMember(t.app), trial: false },
      { m: await createMember(t.app, { type: 4 }), trial: true },
    ];
    for (const { m, trial } of members) {
      const walletRef: AccountRef = trial ? Accounts.trial(m.id) : Accounts.cash(m.id);
      await wallet.post({
        key: `fund:${m.id}`,
        reason: 'deposit',
        postings: [
          { account: trial ? Accounts.trialIssuance() : Accounts.clearing('BANK'), amount: -300_000n },
          { account: walletRef, amount: 300_000n },
        ],
      });
      // One house account for both vendors' items: the functions take the accounts as given.
      const ids = await wallet.ensureAccounts([walletRef, wallet.houseFor('SANDBOX', m.id, trial)]);
      players.push({ id: m.id, trial, wallet: ids[0]!, house: ids[1]! });
    }
    await t.database.query(`update members set status = 'disabled' where id = $1`, [players[3]!.id]);
    await t.database.query(`insert into seamless_vendors (code, allow_betless_wins) values ('FREE', true)`);
    await t.database.query(
      `insert into game_vendors (code, name_en, name_ne, categories, launch_url_template, mark_text, mark_color)
       values ('SANDBOX', 'Sandbox', 'Sandbox', '{}', 'https://example.test/{game}', '', ''),
              ('OTHER', 'Other', 'Other', '{}', 'https://example.test/{game}', '', '')`,
    );
    await t.database.query(
      `insert into games (node_id, vendor, game_type, game_code, name_en, name_ne)
       values ('n1', 'SANDBOX', 'SLOT', 'g1', 'G1', 'G1'), ('n2', 'OTHER', 'FISH', 'g2', 'G2', 'G2'),
              ('n3', 'OTHER', 'CARD', 'g1', 'G1 other', 'G1 other')`,
    );
    client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    // Per-transaction call counts (pg_stat_xact_user_functions) tell which path a batch took.
    await client.query(`set track_functions = 'pl'`);
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  const call = fc.record({
    kind: fc.constantFrom<'bet' | 'win'>('bet', 'bet', 'win'),
    // Player 0 is the hot one.
    player: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4 })),
    vendor: fc.constantFrom<'SANDBOX' | 'FREE'>('SANDBOX', 'SANDBOX', 'FREE'),
    tx: fc.integer({ min: 0, max: 40 }),
    round: fc.integer({ min: 0, max: 6 }),
    game: fc.constantFrom<string | null>('g1', 'g2', 'gx', null),
    amount: fc.constantFrom(100, 2_500, 40_000, 120_000),
  });

  const stateOf = async () => {
    const out: unknown[] = [];
    for (const q of STATE) out.push((await client.query(q)).rows);
    return out;
  };

  it('answers and writes the same on random batches', async () => {
    let setBased = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(call, { maxLength: 12 }),
        fc.array(call, { minLength: 1, maxLength: 24 }),
        // Rounds of the history whose bets were then all rolled back (a win there is refused).
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
        async (history, batch, refunded) => {
          const json = (calls: Call[]) => JSON.stringify(calls.map((c) => itemOf(c, players[c.player]!)));
          await client.query('begin');
          try {
            if (history.length > 0)
              await client.query('select seamless_apply_batch($1::jsonb)', [json(history)]);
            if (refunded.length > 0)
              await client.query(
                'update seamless_rounds set refund_total = bet_total where round_id = any($1::text[])',
                [refunded.map((r) => `r${r}`)],
              );
            await client.query('savepoint before_batch');
            const loop = await client.query(
              'select r_ord, r_status, r_balance from seamless_apply_batch($1::jsonb) order by r_ord',
              [json(batch)],
            );
            const loopState = await stateOf();
            await client.query('rollback to savepoint before_batch');
            const calls0 = await client.query(
              `select coalesce(sum(calls), 0)::int as n from pg_stat_xact_user_functions
               where funcname = 'seamless_apply'`,
            );
            const many = await client.query(
              'select r_ord, r_status, r_balance from seamless_apply_many($1::jsonb) order by r_ord',
              [json(batch)],
            );
            const calls1 = await client.query(
              `select coalesce(sum(calls), 0)::int as n from pg_stat_xact_user_functions
               where funcname = 'seamless_apply'`,
            );
            runs++;
            if (calls1.rows[0].n === calls0.rows[0].n) setBased++;
            expect(many.rows).toEqual(loop.rows);
            expect(await stateOf()).toEqual(loopState);
          } finally {
            await client.query('rollback');
          }
        },
      ),
      { numRuns: 400 },
    );
    // The comparison is worth something only if most batches took the set-based path.
    expect(setBased).toBeGreaterThan(runs / 3);
  }, 300_000);
});
