import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { isAppError } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, depositCash } from '../../test/members.ts';
import { Accounts } from './accounts.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Real concurrency needs real PostgreSQL (PGlite runs one statement at a time).
 * Skipped, with this reason, when TEST_DATABASE_URL is unset.
 */
describe.skipIf(!hasPostgres)('ledger concurrency on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ walletHouseShards: 8 }, { postgres: 'require' });
    // Wins here race the bets of their round: SANDBOX opts in to bet-less wins for this suite.
    await t.app.services.seamless.vendors.update({ id: 0, account: 'test' }, 'SANDBOX', {
      allowBetlessWins: true,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fund = (memberId: number, amount: bigint, key: string) => depositCash(t.app, memberId, amount, key);

  it('hundreds of parallel bets on one wallet end with the exact balance, never below zero', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 10_000n, `c1:${m.id}`);
    const bets = 400;
    const answers = await Promise.all(
      Array.from({ length: bets }, (_, i) =>
        t.app.services.seamless.bet('SANDBOX', {
          txId: `one-wallet-${i}`,
          roundId: `r${i % 10}`,
          username: m.account,
          gameCode: 'g',
          amount: '0.37',
        }),
      ),
    );
    const applied = answers.filter((a) => a.code === 'OK').length;
    const refused = answers.filter((a) => a.code === 'INSUFFICIENT_FUNDS').length;
    // 10,000 paisa buys exactly 270 bets of 37: whatever the interleaving.
    expect(applied).toBe(270);
    expect(refused).toBe(bets - 270);
    expect(await t.app.services.wallet.balance(Accounts.cash(m.id))).toBe(10_000n - 270n * 37n);
    // Every applied bet's answered balance is distinct: each saw the one before it.
    const seen = new Set(answers.filter((a) => a.code === 'OK').map((a) => a.value.balance));
    expect(seen.size).toBe(270);
    const [row] = await t.database.query(`select version::int as v from ledger_accounts where key = $1`, [
      `player_cash:${m.id}`,
    ]);
    expect(row).toEqual({ v: 271 });
  });

  it('parallel withdrawals racing bets and settlements end exact, nothing negative', async () => {
    const m = await createMember(t.app);
    const start = 100_000n;
    await fund(m.id, start, `c2:${m.id}`);
    const wallet = t.app.services.wallet;
    type Outcome = { kind: 'bet' | 'hold'; ok: boolean; amount: bigint; holdId?: number };
    const jobs: Array<Promise<Outcome>> = [];
    for (let i = 0; i < 150; i++) {
      if (i % 3 === 0) {
        const amount = 1_500n;
        jobs.push(
          wallet
            .hold({ key: `race-hold-${m.id}-${i}`, memberId: m.id, amount, reason: 'withdraw_hold' })
            .then(
              (h) => ({ kind: 'hold' as const, ok: true, amount, holdId: h.id }),
              (err) => {
                if (isAppError(err) && err.code === 'INSUFFICIENT_FUNDS')
                  return { kind: 'hold' as const, ok: false, amount };
                throw err;
              },
            ),
        );
      } else {
        const amount = 1_100n;
        jobs.push(
          t.app.services.seamless
            .bet('SANDBOX', {
              txId: `race-bet-${m.id}-${i}`,
              roundId: 'race',
              username: m.account,
              gameCode: 'g',
              amount: '11.00',
            })
            .then((a) => ({ kind: 'bet' as const, ok: a.code === 'OK', amount })),
        );
      }
    }
    const outcomes = await Promise.all(jobs);
    const holds = outcomes.filter((o) => o.kind === 'hold' && o.ok);
    // Settle the holds in parallel, half paid, half voided, each twice (double-clicks).
    const settled = await Promise.all(
      holds.flatMap((h, i) => {
        const once = () =>
          i % 2 === 0
            ? wallet.postHold(h.holdId!, Accounts.clearing('PAYOUT_BANK'), 'withdraw_paid', undefined)
            : wallet.voidHold(h.holdId!, 'withdraw_release', undefined);
        return [once(), once()];
      }),
    );
    expect(settled.filter((s) => !s.replayed)).toHaveLength(holds.length);
    const betTotal = outcomes.filter((o) => o.kind === 'bet' && o.ok).reduce((a, o) => a + o.amount, 0n);
    const paid = holds.filter((_, i) => i % 2 === 0).reduce((a, o) => a + o.amount, 0n);
    const b = await wallet.memberBalances(m.id);
    expect(b.player_hold).toBe(0n);
    expect(b.player_cash).toBe(start - betTotal - paid);
    expect(b.player_cash).toBeGreaterThanOrEqual(0n);
    // The money ran out part way: some of each kind were refused.
    expect(outcomes.some((o) => !o.ok)).toBe(true);
  });

  it('transfers in opposite directions between the same accounts never deadlock', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    await fund(a.id, 1_000_000n, `c3a:${a.id}`);
    await fund(b.id, 1_000_000n, `c3b:${b.id}`);
    const wallet = t.app.services.wallet;
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [a.id, b.id] : [b.id, a.id];
        return wallet.post({
          key: `xfer-${a.id}-${i}`,
          reason: 'transfer',
          postings: [
            { account: Accounts.cash(from), amount: -(100n + BigInt(i)) },
            { account: Accounts.cash(to), amount: 100n + BigInt(i) },
          ],
        });
      }),
    );
    // a sent the even i, b the odd i: 150 × 100 + Σ even i vs 150 × 100 + Σ odd i.
    let delta = 0n;
    for (let i = 0; i < 300; i++) delta += i % 2 === 0 ? -(100n + BigInt(i)) : 100n + BigInt(i);
    expect(await wallet.balance(Accounts.cash(a.id))).toBe(1_000_000n + delta);
    expect(await wallet.balance(Accounts.cash(b.id))).toBe(1_000_000n - delta);
  });

  it('applies concurrent duplicates of one txId once and answers them all alike', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 5_000n, `c4:${m.id}`);
    const req = { txId: `dup-${m.id}`, roundId: 'r', username: m.account, gameCode: 'g', amount: '12.34' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.app.services.seamless.bet('SANDBOX', req)),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await t.app.services.wallet.balance(Accounts.cash(m.id))).toBe(5_000n - 1_234n);
  });

  it('a rollback racing its bet never loses money: refunded, or the bet refused', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 50_000n, `c5:${m.id}`);
    const pairs = 100;
    const results = await Promise.all(
      Array.from({ length: pairs }, (_, i) => {
        const bet = t.app.services.seamless.bet('SANDBOX', {
          txId: `pair-bet-${m.id}-${i}`,
          roundId: `pr${i}`,
          username: m.account,
          gameCode: 'g',
          amount: '1.00',
        });
        const rollback = t.app.services.seamless.rollback('SANDBOX', {
          txId: `pair-rb-${m.id}-${i}`,
          refTxId: `pair-bet-${m.id}-${i}`,
          username: m.account,
        });
        return i % 2 === 0
          ? Promise.all([bet, rollback])
          : Promise.all([rollback, bet]).then(([r, b]) => [b, r]);
      }),
    );
    for (const [bet, rollback] of results) {
      if (bet!.code === 'OK') expect(rollback!.value.status).toBe('rolled_back');
      else {
        expect(bet!.code).toBe('CONFLICT');
        expect(rollback!.value.status).toBe('not_found');
      }
    }
    expect(await t.app.services.wallet.balance(Accounts.cash(m.id))).toBe(50_000n);
  });

  it('many players betting at once through the sharded house reconcile clean', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => createMember(t.app)));
    await Promise.all(players.map((p) => fund(p.id, 10_000n, `c6:${p.id}`)));
    await Promise.all(
      players.flatMap((p) =>
        Array.from({ length: 15 }, (_, i) =>
          i % 3 === 2
            ? t.app.services.seamless.win('SANDBOX', {
                txId: `mp-${p.id}-${i}`,
                roundId: `mp${i}`,
                username: p.account,
                amount: '2.50',
              })
            : t.app.services.seamless.bet('SANDBOX', {
                txId: `mp-${p.id}-${i}`,
                roundId: `mp${i}`,
                username: p.account,
                gameCode: 'g',
                amount: '1.00',
              }),
        ),
      ),
    );
    for (const p of players) {
      // 10 bets of 1.00 and 5 wins of 2.50 each.
      expect(await t.app.services.wallet.balance(Accounts.cash(p.id))).toBe(10_000n - 1_000n + 1_250n);
    }
    const shards = await t.database.query(
      `select count(*)::int as n from ledger_accounts where type = 'house' and ref = 'SANDBOX'`,
    );
    expect(shards[0]!.n).toBeGreaterThan(1);
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });
});
