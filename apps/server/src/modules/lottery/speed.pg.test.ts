import { type LotteryResults, type Odds, settleBet } from '@wps/games';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { isAppError } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import type { StoredBet } from './stored-bet.ts';
import { DRAW_SHARDS, shardCap } from './exposure.ts';
import { drawTotalsByMember, fundPlayers, playerPrincipal } from './test-kit.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Issue 15, measured part, on real PostgreSQL (PGlite runs one statement at a time): the draw's
 * limit kept exact by sharded rows under concurrent bets, and the chunked settlement killed
 * midway and run again (also twice at once) paying every winning ticket once, by the rules.
 */
describe.skipIf(!hasPostgres)(
  'lottery exposure shards and chunked settlement (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    const query = async <T>(text: string, params: unknown[] = []) =>
      (await t.database.query(text, params)) as T[];
    let players: Array<{ id: number; token: string }> = [];
    let n = 0;

    beforeAll(async () => {
      t = await createTestApp({ walletHouseShards: 4 }, { postgres: 'require' });
      // Half the players under an agent: the bets record carries their upline path (resolved once
      // per draw by the settlement), the other half an empty one.
      const agent = await createMember(t.app, { type: 1 });
      players = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createMember(t.app, i % 2 ? { parentId: agent.id } : {})),
      );
      await fundPlayers(t.app, players, 100_000_000n);
    });
    afterAll(async () => {
      await t?.close();
    });

    const principal = playerPrincipal;
    /** A fresh draw of the game some hours ahead (one per call), so the test never runs into a cut-off. */
    let hoursAhead = 0;
    const openDraw = async (gameCode: string) => {
      const lottery = t.app.services.lottery;
      const from = new Date(Date.now() + ++hoursAhead * 3_600_000);
      await lottery.draws.ensureDraws(lottery.game(gameCode), from, 1);
      const [d] = await query<{ id: string }>(
        'select id from lottery_draws where game_code = $1 and draw_time > $2 order by draw_time limit 1',
        [gameCode, from],
      );
      return d!.id;
    };
    const place = async (gameCode: string, drawId: string, i: number, bets: StoredBet[] | unknown[]) => {
      try {
        await t.app.services.lottery.place(principal(players[i % players.length]!.id), {
          gameCode,
          drawId,
          requestId: `speed-${++n}`,
          bets: bets as never,
        });
        return 'ok';
      } catch (e) {
        if (isAppError(e)) return e.messageKey ?? e.code;
        throw e;
      }
    };
    const drawTotal = async (drawId: string) => {
      const rows = await query<{ number: string; stake: string }>(
        `select number, stake::text from lottery_exposure where draw_id = $1 and bet_type = '~'`,
        [drawId],
      );
      return rows;
    };

    it('shares of the draw limit sum to the limit exactly', () => {
      for (const limit of [0n, 1n, 15n, 16n, 17n, 2000n, 5_000_000_00n])
        expect(
          Array.from({ length: DRAW_SHARDS }, (_, s) => shardCap(limit, s)).reduce((a, b) => a + b),
        ).toBe(limit);
    });

    it('bets on different numbers of one draw, all at once: the draw limit is never passed and is filled exactly', async () => {
      const lottery = t.app.services.lottery;
      const game = lottery.game('VN_FAST_5');
      const saved = { perNumber: game.maxStakePerNumber, perDraw: game.maxStakePerDraw };
      // 48 slips of 5.00 (đề costs its amount) against room for exactly 20 of them; some shards'
      // shares (625 paisa) hold one slip only, so the exact path is exercised as well.
      game.maxStakePerDraw = 10_000n;
      game.maxStakePerNumber = 1_000_000n;
      try {
        const drawId = await openDraw('VN_FAST_5');
        const answers = await Promise.all(
          Array.from({ length: 48 }, (_, i) =>
            place('VN_FAST_5', drawId, i, [
              { type: 'de', numbers: [String(i).padStart(2, '0')], amount: '5.00' },
            ]),
          ),
        );
        expect(answers.filter((a) => a === 'ok')).toHaveLength(20);
        expect(answers.filter((a) => a !== 'ok').every((a) => a === 'lotteryDrawLimit')).toBe(true);
        const shards = await drawTotal(drawId);
        expect(shards.reduce((a, r) => a + BigInt(r.stake), 0n)).toBe(10_000n);
        // Each shard within its share: the invariant that makes the sum exact without one hot row.
        for (const r of shards)
          expect(BigInt(r.stake)).toBeLessThanOrEqual(shardCap(10_000n, Number(r.number.slice(1))));
        const [{ sum }] = (await query<{ sum: string }>(
          `select sum(cost)::text sum from lottery_tickets where draw_id = $1`,
          [drawId],
        )) as [{ sum: string }];
        expect(sum).toBe('10000');
        // A slip larger than any one shard's share still goes in while the draw has room for it.
        game.maxStakePerDraw = 20_000n;
        expect(await place('VN_FAST_5', drawId, 0, [{ type: 'de', numbers: ['77'], amount: '60.00' }])).toBe(
          'ok',
        );
        expect(await place('VN_FAST_5', drawId, 1, [{ type: 'de', numbers: ['78'], amount: '40.01' }])).toBe(
          'lotteryDrawLimit',
        );
      } finally {
        game.maxStakePerNumber = saved.perNumber;
        game.maxStakePerDraw = saved.perDraw;
      }
    });

    it('bets on one number, all at once: the limit per number holds exactly; a cancel gives its room back', async () => {
      const lottery = t.app.services.lottery;
      const game = lottery.game('VN_FAST_5');
      const saved = game.maxStakePerNumber;
      game.maxStakePerNumber = 1000n;
      try {
        const drawId = await openDraw('VN_FAST_5');
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            place('VN_FAST_5', drawId, i, [{ type: 'de', numbers: ['42'], amount: '1.00' }]),
          ),
        );
        expect(answers.filter((a) => a === 'ok')).toHaveLength(10);
        expect(answers.filter((a) => a !== 'ok').every((a) => a === 'lotteryNumberLimit')).toBe(true);
        const [ticket] = await query<{ id: string; member_id: number }>(
          `select id, member_id from lottery_tickets where draw_id = $1 limit 1`,
          [drawId],
        );
        await lottery.cancel(principal(ticket!.member_id), ticket!.id);
        const shards = await drawTotal(drawId);
        expect(shards.reduce((a, r) => a + BigInt(r.stake), 0n)).toBe(900n);
        expect(shards.every((r) => BigInt(r.stake) >= 0n)).toBe(true);
        expect(await place('VN_FAST_5', drawId, 0, [{ type: 'de', numbers: ['42'], amount: '1.00' }])).toBe(
          'ok',
        );
        expect(await place('VN_FAST_5', drawId, 0, [{ type: 'de', numbers: ['42'], amount: '1.00' }])).toBe(
          'lotteryNumberLimit',
        );
      } finally {
        game.maxStakePerNumber = saved;
      }
    });

    it('a chunked settlement killed midway and run again (twice at once) pays each winning ticket once; the sum is the rules’ sum', async () => {
      const lottery = t.app.services.lottery;
      const draws = lottery.draws;
      const slip = fc.array(
        fc.oneof(
          fc.record({
            type: fc.constantFrom('lo2', 'de', 'dau', 'duoi'),
            numbers: fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 3 }),
          }),
          fc.record({
            type: fc.constantFrom('xien2', 'truot4'),
            numbers: fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 4, maxLength: 4 }),
          }),
        ),
        { minLength: 1, maxLength: 3 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(slip, { minLength: 20, maxLength: 40 }),
          fc.integer({ min: 3, max: 9 }),
          fc.integer({ min: 1, max: 3 }),
          async (slips, chunk, killAt) => {
            // The chunk that is killed must be reached: with killAt × chunk > the tickets, the run
            // ends on a short chunk before it (and the settle resolves instead of failing).
            fc.pre(killAt * chunk <= slips.length);
            const drawId = await openDraw('VN_FAST_3');
            for (const [i, s] of slips.entries()) {
              const bets = s.map((b) => ({
                type: b.type,
                numbers:
                  b.type === 'dau' || b.type === 'duoi'
                    ? [...new Set(b.numbers.map((x) => String(x % 10)))]
                    : (b.type === 'xien2' ? b.numbers.slice(0, 2) : b.numbers).map((x) =>
                        String(x).padStart(2, '0'),
                      ),
                amount: '1.00',
              }));
              expect(await place('VN_FAST_3', drawId, i, bets)).toBe('ok');
            }
            await query(
              `update lottery_draws set cutoff_at = now() - interval '2 seconds', draw_time = now() - interval '1 second' where id = $1`,
              [drawId],
            );
            expect(await draws.draw(drawId)).toBe(true);
            let chunks = 0;
            await expect(
              draws.settle(drawId, {
                batchSize: chunk,
                beforeBatch: async () => {
                  if (++chunks === killAt + 1) throw new Error('killed');
                },
              }),
            ).rejects.toThrow('killed');
            const [half] = await query<{ n: number }>(
              `select count(*)::int n from lottery_ticket_states where draw_id = $1 and status = 'settled'`,
              [drawId],
            );
            expect(half!.n).toBe(Math.min(killAt * chunk, slips.length));
            // What the kill left settled is a prefix in id order: the draw's settled-through cursor.
            const order = await query<{ status: string }>(
              `select status from lottery_ticket_states where draw_id = $1 order by id`,
              [drawId],
            );
            expect(order.map((o) => o.status)).toEqual(
              order.map((_, i) => (i < half!.n ? 'settled' : 'open')),
            );
            // Two runs at once pick up what is left, taking turns on the draw's row.
            await Promise.all([
              draws.settle(drawId, { batchSize: chunk }),
              draws.settle(drawId, { batchSize: chunk }),
            ]);
            await draws.settle(drawId, { batchSize: chunk });

            const [d] = await query<{ status: string; results: LotteryResults }>(
              'select status, results from lottery_draws where id = $1',
              [drawId],
            );
            expect(d!.status).toBe('settled');
            const tickets = await query<{
              id: string;
              status: string;
              payout: string;
              bets: StoredBet[];
              odds: Odds;
            }>(
              'select s.status, s.payout::text, t.bets, t.odds from lottery_ticket_states s join lottery_tickets t using (id) where s.draw_id = $1',
              [drawId],
            );
            expect(tickets.every((x) => x.status === 'settled')).toBe(true);
            let rulesSum = 0;
            for (const x of tickets) {
              const expected = x.bets.reduce(
                (a, b) => a + settleBet('north', d!.results, b, x.odds).payout,
                0,
              );
              expect(Number(x.payout)).toBe(expected);
              rulesSum += expected;
            }
            // What the ledger credited each player for this draw equals what their tickets won: once.
            const credits = await query<{ member_id: number; credited: string }>(
              `select a.member_id, sum(p.amount)::text credited
             from ledger_transactions x join ledger_postings p on p.transaction_id = x.id and p.amount > 0
             join ledger_accounts a on a.id = p.account_id
             where x.idempotency_key like $1 group by a.member_id`,
              [`lottery:${drawId}:win:%`],
            );
            const won = await query<{ member_id: number; won: string }>(
              `select member_id, sum(payout)::text won from lottery_tickets where draw_id = $1 and payout > 0 group by member_id`,
              [drawId],
            );
            const byMember = (rows: Array<{ member_id: number }>, f: (r: never) => string) =>
              Object.fromEntries(rows.map((r) => [r.member_id, f(r as never)]));
            expect(byMember(credits, (r: { credited: string }) => r.credited)).toEqual(
              byMember(won, (r: { won: string }) => r.won),
            );
            expect(credits.reduce((a, c) => a + Number(c.credited), 0)).toBe(rulesSum);
            // The bets record: the draw is each player's round, its lines adding up to their
            // tickets' cost and winnings once, each line under the player's upline path.
            const [rec] = await query<{ n: number; stake: string; paid: string | null; paths: number }>(
              `select count(*)::int n, sum(stake)::text stake, sum(payout)::text paid,
                      count(*) filter (where upline_path = member_upline_path(member_id))::int paths
             from bets where source = 'lottery' and round_id = $1`,
              [drawId],
            );
            const [cost] = await query<{ sum: string }>(
              'select sum(cost)::text sum from lottery_tickets where draw_id = $1',
              [drawId],
            );
            expect(rec).toEqual({ n: rec!.n, stake: cost!.sum, paid: String(rulesSum), paths: rec!.n });
            const { record: lines, own } = await drawTotalsByMember(query, drawId, 'lottery_ticket_states');
            expect(lines).toEqual(own);
            const [under] = await query<{ n: number }>(
              `select count(*)::int n from bets where source = 'lottery' and cardinality(upline_path) > 0
             and round_id = $1`,
              [drawId],
            );
            // Slips rotate over the six players: some lines belong to the agent's players.
            expect(under!.n).toBeGreaterThan(0);
          },
        ),
        // Each run places up to 40 slips and settles them three times: few runs, no shrinking
        // (a failure prints its case as is), and room for a loaded machine.
        { numRuns: 4, endOnFailure: true },
      );
    }, 240_000);
  },
);
