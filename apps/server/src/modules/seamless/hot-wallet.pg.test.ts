import { toMinor } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { SeamlessAnswer } from './service.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * One hot wallet: 1,000 calls for ONE player at once — bets, duplicate retries of some of them,
 * rollbacks racing their bets, bets no balance could cover — and the books must come out exact.
 * The final balance does not depend on the interleaving: a rollback that wins the race cancels
 * its bet, one that loses refunds it, both net to zero; the oversized bets are refused whatever
 * the order. Postings are checked against the answers each caller received.
 */
describe.skipIf(!hasPostgres)('1,000 concurrent calls on one wallet (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ walletHouseShards: 8 }, { postgres: 'require' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends with the exact balance, postings and bets record; duplicates answer alike', async () => {
    const seamless = t.app.services.seamless;
    const m = await createMember(t.app);
    const funding = 1_000_000n;
    await t.app.services.wallet.post({
      key: `hot-fund:${m.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -funding },
        { account: Accounts.cash(m.id), amount: funding },
      ],
    });

    type Call = {
      kind: 'bet' | 'dup' | 'rollback' | 'huge';
      txId: string;
      run: () => Promise<SeamlessAnswer>;
    };
    const calls: Call[] = [];
    const bet = (txId: string, amount: string) => () =>
      seamless.bet('SANDBOX', { txId, roundId: `hr-${txId}`, username: m.account, gameCode: 'g', amount });
    const amountOf = (i: number) => `${1 + (i % 7)}.${String(i % 100).padStart(2, '0')}`;
    // 800 bets; 100 of them sent twice (a vendor's retry); 80 rolled back (the rollback sent at
    // the same moment, so it may arrive first); 20 bets above anything the balance could cover.
    for (let i = 0; i < 800; i++) {
      calls.push({ kind: 'bet', txId: `hb${i}`, run: bet(`hb${i}`, amountOf(i)) });
      if (i % 8 === 0) calls.push({ kind: 'dup', txId: `hb${i}`, run: bet(`hb${i}`, amountOf(i)) });
      if (i % 10 === 5) {
        calls.push({
          kind: 'rollback',
          txId: `hrb${i}`,
          run: () =>
            seamless.rollback('SANDBOX', { txId: `hrb${i}`, refTxId: `hb${i}`, username: m.account }),
        });
      }
    }
    for (let i = 0; i < 20; i++) calls.push({ kind: 'huge', txId: `hh${i}`, run: bet(`hh${i}`, '99999.00') });
    expect(calls.length).toBe(1000);
    // A fixed shuffle, so duplicates and rollbacks land among the bets rather than after them.
    for (let i = calls.length - 1; i > 0; i--) {
      const j = (i * 7919 + 13) % (i + 1);
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }

    const answers = await Promise.all(calls.map((c) => c.run()));
    const byTx = new Map<string, SeamlessAnswer[]>();
    calls.forEach((c, i) => {
      const key = `${c.kind === 'rollback' ? 'rb' : 'bet'}:${c.txId}`;
      byTx.set(key, [...(byTx.get(key) ?? []), answers[i]!]);
    });

    let expected = funding;
    let effectiveRollbacks = 0;
    let appliedBets = 0;
    let stakes = 0n;
    for (let i = 0; i < 800; i++) {
      const [first, ...again] = byTx.get(`bet:hb${i}`)!;
      // A duplicate gets the first answer, balance included (whichever of the two ran first).
      for (const a of again) expect(a).toEqual(first);
      const rolledBack = i % 10 === 5;
      if (!rolledBack) {
        expect(first!.code).toBe('OK');
        expect(first!.value.status).toBe('applied');
        expected -= toMinor(amountOf(i));
        stakes += toMinor(amountOf(i));
        appliedBets++;
        continue;
      }
      const [rb] = byTx.get(`rb:hrb${i}`)!;
      expect(rb!.code).toBe('OK');
      if (rb!.value.status === 'rolled_back') {
        // The bet came first and was refunded.
        expect(first!.code).toBe('OK');
        appliedBets++;
        effectiveRollbacks++;
      } else {
        // The rollback came first: its tombstone refused the late bet, nothing moved.
        expect(rb!.value.status).toBe('not_found');
        expect(first!.code).toBe('CONFLICT');
      }
    }
    for (let i = 0; i < 20; i++) {
      const [a] = byTx.get(`bet:hh${i}`)!;
      expect(a!.code).toBe('INSUFFICIENT_FUNDS');
    }

    const wallet = t.app.services.wallet;
    expect(await wallet.balance(Accounts.cash(m.id))).toBe(expected);
    const [postings] = await t.database.query(
      `select count(*)::int as n, sum(p.amount)::text as s, max(a.version)::int as v
       from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.key = $1`,
      [`player_cash:${m.id}`],
    );
    // The funding, one posting per applied bet, one per refund; nothing for refusals or duplicates.
    expect(postings).toEqual({
      n: 1 + appliedBets + effectiveRollbacks,
      s: expected.toString(),
      v: 1 + appliedBets + effectiveRollbacks,
    });
    const [rows] = await t.database.query(
      `select count(*)::int as n from seamless_transactions where member_id = $1`,
      [m.id],
    );
    // 800 bet slots (applied or tombstoned), 80 rollbacks, 20 refused bets.
    expect(rows).toEqual({ n: 900 });
    const [record] = await t.database.query(
      `select coalesce(sum(stake), 0)::text as stake from bets where member_id = $1 and source = 'seamless'`,
      [m.id],
    );
    expect(record).toEqual({ stake: stakes.toString() });
    const report = await wallet.reconcile();
    expect(report.violations).toEqual(Object.fromEntries(Object.keys(report.violations).map((k) => [k, []])));
    expect(report.ok).toBe(true);
  }, 120_000);
});
