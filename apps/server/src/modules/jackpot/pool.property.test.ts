import fc from 'fast-check';
import { gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { bets } from '../bets/schema.ts';
import { Accounts } from '../wallet/accounts.ts';

/**
 * Model-based property: random sequences of eligible stakes, rollbacks of earlier rounds (also
 * twice), consumer runs, re-runs of the handler over rows it already took (even twice in one
 * batch) and forced wins. After every command the pool's ledger balance equals a plain model
 * (seed + contributions − take-backs − payouts, consumed bets only), equals the sum of the pool's
 * entries, and each entry kind adds up: nothing lost, nothing invented, nothing counted twice.
 */
const SHARE_BPS = 250n;
const SEED = 50_000n;

type Cmd =
  | { k: 'bet'; stake: number }
  | { k: 'rollback'; idx: number }
  | { k: 'consume' }
  | { k: 'rerun' }
  | { k: 'win' };

const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ k: fc.constant('bet' as const), stake: fc.integer({ min: 1, max: 900_000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('rollback' as const), idx: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('consume' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('rerun' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('win' as const) }) },
);

describe('jackpot pool: balance = seed + contributions − payouts at every point', () => {
  let t: TestApp;
  let player: { id: number; account: string };
  let operator: { id: number; account: string };
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];

  beforeAll(async () => {
    t = await createTestApp();
    player = await createMember(t.app);
    operator = await createOperator(t.app, { permissions: ['*'] });
    await t.app.services.jackpot.update(
      1,
      { enabled: true, sharePercent: '2.50', seedAmount: '500.00' },
      { id: operator.id, account: operator.account },
      '127.0.0.1',
    );
  });
  afterAll(async () => {
    await t.close();
  });

  let round = 0;
  it('holds across random play, rollbacks, re-runs and wins', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmdArb, { minLength: 1, maxLength: 14 }), async (cmds) => {
        const jackpot = t.app.services.jackpot;
        await jackpot.catchUp();
        // The model starts from the books as the previous run left them.
        let model = await t.app.services.wallet.balance(Accounts.jackpot(1));
        const firstBet = Number(
          (await query<{ m: string }>('select coalesce(max(id), 0)::text as m from bets'))[0]!.m,
        );
        /** Rows written but not consumed yet, in order. */
        let pending: Array<{ roundId: string; stake: bigint }> = [];
        /** Per round: what it has in the pool, net. */
        const net = new Map<string, bigint>();
        const rounds: Array<{ roundId: string; stake: bigint }> = [];
        const consume = () => {
          for (const row of pending) {
            if (row.stake > 0n) {
              const c = (row.stake * SHARE_BPS) / 10_000n;
              net.set(row.roundId, (net.get(row.roundId) ?? 0n) + c);
              model += c;
            } else {
              let back = (-row.stake * SHARE_BPS) / 10_000n;
              const left = net.get(row.roundId) ?? 0n;
              if (back > left) back = left;
              if (back > model) back = model;
              net.set(row.roundId, left - back);
              model -= back;
            }
          }
          pending = [];
        };
        for (const cmd of cmds) {
          if (cmd.k === 'bet') {
            const r = { roundId: `prop${++round}`, stake: BigInt(cmd.stake) };
            await t.app.services.bets.recordSettlement(t.app.database.db, {
              memberId: player.id,
              source: 'inhouse',
              vendor: 'INHOUSE',
              gameCode: 'dice',
              gameType: 'INHOUSE',
              roundId: r.roundId,
              stake: r.stake,
              payout: 0n,
              trial: false,
            });
            rounds.push(r);
            pending.push(r);
          } else if (cmd.k === 'rollback') {
            if (rounds.length === 0) continue;
            const r = rounds[cmd.idx % rounds.length]!;
            await t.app.services.bets.recordSettlement(t.app.database.db, {
              memberId: player.id,
              source: 'inhouse',
              vendor: 'INHOUSE',
              gameCode: 'dice',
              gameType: 'INHOUSE',
              roundId: r.roundId,
              stake: -r.stake,
              payout: 0n,
              trial: false,
            });
            pending.push({ roundId: r.roundId, stake: -r.stake });
          } else if (cmd.k === 'consume') {
            await jackpot.catchUp();
            consume();
          } else if (cmd.k === 'rerun') {
            await jackpot.catchUp();
            consume();
            const taken = await t.app.database.db.select().from(bets).where(gt(bets.id, firstBet));
            await t.app.database.db.transaction((tx) => jackpot.applyBets([...taken, ...taken], tx));
          } else {
            const [pool] = await query<{ cycle: number }>('select cycle from jackpot_pools where id = 1');
            const before = await t.app.services.wallet.balance(Accounts.cash(player.id));
            const win = await jackpot.forceTrigger(
              1,
              { account: player.account, cycle: pool!.cycle },
              { id: operator.id, account: operator.account },
              '127.0.0.1',
            );
            consume(); // the trigger drains the consumer first
            expect(win.amount).toBe((Number(model) / 100).toFixed(2));
            expect(await t.app.services.wallet.balance(Accounts.cash(player.id))).toBe(before + model);
            model = SEED;
          }
          const ledger = await t.app.services.wallet.balance(Accounts.jackpot(1));
          const [sums] = await query<{
            total: string;
            seeds: string;
            contributions: string;
            takebacks: string;
            payouts: string;
          }>(
            `select coalesce(sum(amount), 0)::text as total,
                    coalesce(sum(amount) filter (where kind = 'seed'), 0)::text as seeds,
                    coalesce(sum(amount) filter (where kind = 'contribution'), 0)::text as contributions,
                    coalesce(sum(amount) filter (where kind = 'takeback'), 0)::text as takebacks,
                    coalesce(sum(amount) filter (where kind = 'payout'), 0)::text as payouts
             from jackpot_entries where pool_id = 1`,
          );
          expect(ledger).toBe(model);
          expect(BigInt(sums!.total)).toBe(ledger);
          expect(
            BigInt(sums!.seeds) +
              BigInt(sums!.contributions) +
              BigInt(sums!.takebacks) +
              BigInt(sums!.payouts),
          ).toBe(ledger);
        }
        // Each entry is one ledger transaction of the same amount (none for a zero share).
        const [orphans] = await query<{ n: string }>(
          `select count(*)::text as n from jackpot_entries e
           left join ledger_transactions l on l.idempotency_key = e.ledger_key
           where (e.amount <> 0) <> (l.id is not null)`,
        );
        expect(orphans!.n).toBe('0');
        const rec = await t.app.services.wallet.reconcile();
        expect(Object.entries(rec.violations).filter(([, v]) => v.length > 0)).toEqual([]);
        expect(rec.ok).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});
