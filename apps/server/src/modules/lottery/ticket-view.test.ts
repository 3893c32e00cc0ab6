import {
  BET_TYPE_RULES,
  betTypesOf,
  DrawIndex,
  defaultOdds,
  drawLotteryFromSeed,
  type LotteryBet,
  type LotteryResults,
  type LotteryStructureId,
  PRIZE_MODE_STRUCTURES,
  PRIZE_MODES,
  type PrizeMode,
  settleBet,
  validateBet,
} from '@wps/games';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberPrincipal } from '../../http/auth.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { StoredBet } from './stored-bet.ts';
import { betOutcomes, ticketPayout } from './ticket-view.ts';

/**
 * A random valid bet of the structure's family, from the games package's own bet-type rules
 * (digits, combination size, đá's pair range, capped at 5 numbers to keep tickets small);
 * amount in paisa (1–50 rupees, whole rupees).
 */
const arbBet = (structure: LotteryStructureId): fc.Arbitrary<LotteryBet> =>
  fc
    .constantFrom<LotteryBet['type']>(...betTypesOf(structure))
    .chain((type) => {
      const rule = BET_TYPE_RULES[type];
      const num = fc
        .integer({ min: 0, max: 10 ** rule.digits - 1 })
        .map((n) => String(n).padStart(rule.digits, '0'));
      return fc.record({
        type: fc.constant(type),
        numbers: fc.uniqueArray(num, {
          minLength: rule.combination ?? rule.pairs?.min ?? 1,
          maxLength: rule.combination ?? (rule.pairs ? 5 : 6),
        }),
        amount: fc.integer({ min: 1, max: 50 }).map((r) => r * 100),
      });
    })
    .filter((b) => {
      try {
        validateBet(structure, b);
        return true;
      } catch {
        return false;
      }
    });

const stored = (structure: LotteryStructureId, bets: LotteryBet[]): StoredBet[] =>
  bets.map((b) => ({ ...b, cost: settleBet(structure, {}, b, {}).cost }));

describe('lottery ticket view: per-bet hits and payouts computed on read', () => {
  it('each bet shows what the reference rule pays, and they add up to what settlement pays', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<LotteryStructureId>('north', 'south', 'sea4d'),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.nat(),
        fc.constantFrom(...PRIZE_MODES),
        (structure, seed, salt, asked) => {
          const results = drawLotteryFromSeed(seed, `D${salt}`, structure);
          const index = new DrawIndex(structure, results);
          // The prize mode's odds on this structure (a mode that does not sell it: SEA's or LOTT's).
          const mode = PRIZE_MODE_STRUCTURES[asked].includes(structure)
            ? asked
            : structure === 'sea4d'
              ? 'SEA'
              : 'LOTT';
          const odds = defaultOdds(mode, structure);
          const bets = stored(
            structure,
            fc.sample(fc.array(arbBet(structure), { minLength: 1, maxLength: 6 }), {
              numRuns: 1,
              seed: salt,
            })[0]!,
          );
          const shown = betOutcomes(index, bets, odds);
          expect(shown).toEqual(
            bets.map((b) => {
              const r = settleBet(structure, results, b, odds);
              return { hits: r.hits, payout: r.payout };
            }),
          );
          expect(BigInt(shown.reduce((a, o) => a + o.payout, 0))).toBe(ticketPayout(index, bets, odds));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a ticket settled when the figures were written into its bets shows them as written', () => {
    const index = new DrawIndex('north', drawLotteryFromSeed('ab'.repeat(32), 'D1', 'north'));
    const bets: StoredBet[] = [
      { type: 'lo2', numbers: ['07'], amount: 100, cost: 2700, hits: 2, payout: 18000 },
    ];
    expect(betOutcomes(index, bets, defaultOdds('LOTT', 'north'))).toEqual([{ hits: 2, payout: 18000 }]);
  });
});

describe('lottery tickets after settlement: the per-bet figures read equal what was paid', () => {
  let t: TestApp;
  let member: { id: number };
  let n = 0;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];

  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t.app);
    await t.app.services.wallet.post({
      key: `fund:${member.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -100_000_000n },
        { account: Accounts.cash(member.id), amount: 100_000_000n },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const principal = (): MemberPrincipal => ({
    kind: 'member',
    memberId: member.id,
    role: 'player',
    account: 'p',
    sessionId: 0,
  });

  it('random slips on random draws: bets rows unchanged by settlement, figures on read sum to the ticket payout and the credit', async () => {
    const lottery = t.app.services.lottery;
    let hoursAhead = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('VN_FAST_1', 'VN_SOUTH', 'SEA_4D_FAST'),
        fc.nat(),
        async (gameCode, salt) => {
          const game = lottery.game(gameCode);
          const from = new Date(Date.now() + ++hoursAhead * 86_400_000);
          await lottery.draws.ensureDraws(game, from, 1);
          const [d] = await query<{ id: string }>(
            'select id from lottery_draws where game_code = $1 and draw_time > $2 order by draw_time limit 1',
            [gameCode, from],
          );
          const drawId = d!.id;
          const slips = fc.sample(fc.array(arbBet(game.structure), { minLength: 1, maxLength: 4 }), {
            numRuns: 3,
            seed: salt,
          });
          for (const bets of slips)
            await lottery.place(principal(), {
              gameCode,
              drawId,
              requestId: `view-${++n}`,
              bets: bets.map((b) => ({ ...b, amount: (b.amount / 100).toFixed(2) })),
            });
          const placed = await query<{ id: string; bets: StoredBet[] }>(
            'select id, bets from lottery_tickets where draw_id = $1 order by id',
            [drawId],
          );
          const before = await t.app.services.wallet.balance(Accounts.cash(member.id));
          await query(
            `update lottery_draws set cutoff_at = now() - interval '2 seconds', draw_time = now() - interval '1 second' where id = $1`,
            [drawId],
          );
          await lottery.draws.draw(drawId);
          // A station-named game pays on the official result (issue 28): here its feed's.
          if (game.resultSource === 'official')
            await lottery.official.recordFeed(
              drawId,
              drawLotteryFromSeed(`view-${salt}`, drawId, game.structure),
              'test',
            );
          await lottery.draws.settle(drawId, { batchSize: 2 });
          const [draw] = await query<{ results: LotteryResults }>(
            'select results from lottery_draws where id = $1',
            [drawId],
          );
          // Settlement wrote the state and total only: the stored bets are as placed.
          const after = await query<{ id: string; bets: StoredBet[]; payout: string }>(
            'select id, bets, payout::text from lottery_tickets where draw_id = $1 order by id',
            [drawId],
          );
          expect(after.map((r) => r.bets)).toEqual(placed.map((r) => r.bets));
          const { content } = await lottery.tickets(member.id, { drawId, pageSize: 100 });
          expect(content).toHaveLength(slips.length);
          let paid = 0n;
          for (const ticket of content) {
            const row = after.find((r) => r.id === ticket.ticketId)!;
            expect(ticket.status).toBe('settled');
            expect(ticket.payout).toBe((Number(row.payout) / 100).toFixed(2));
            const sum = ticket.bets.reduce((a, b) => a + Math.round(Number(b.payout) * 100), 0);
            expect(sum).toBe(Number(row.payout));
            ticket.bets.forEach((b, i) => {
              const ref = settleBet(
                game.structure,
                draw!.results,
                row.bets[i]!,
                // The ticket was bought at its game's structure's odds (issue 26): settled at them.
                defaultOdds(ticket.prizeMode as PrizeMode, game.structure),
              );
              expect([b.hits, b.payout]).toEqual([ref.hits, (ref.payout / 100).toFixed(2)]);
            });
            paid += BigInt(row.payout);
          }
          expect(await t.app.services.wallet.balance(Accounts.cash(member.id))).toBe(before + paid);
        },
      ),
      { numRuns: 6 },
    );
  });
});
