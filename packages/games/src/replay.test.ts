import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actBlackjack, type BlackjackState, legalBlackjackActions, startBlackjack } from './blackjack.ts';
import { fairFloats } from './fairness.ts';
import { playBaccarat } from './baccarat.ts';
import { playDice } from './dice.ts';
import { playKeno } from './keno.ts';
import { actMines, startMines } from './mines.ts';
import { playPlinko } from './plinko.ts';
import { playRoulette } from './roulette.ts';
import { playSicBo } from './sicbo.ts';
import { playVideoSlot } from './video-slot.ts';

const seedArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));
const clientArb = fc.string({
  minLength: 1,
  maxLength: 64,
  unit: fc.constantFrom(...'abcdefXYZ0123456789-_ '.split('')),
});
const nonceArb = fc.nat({ max: 10_000_000 });

// Plays one round of every single-step game from the seed triple.
function everyGame(server: string, client: string, nonce: number) {
  const src = () => fairFloats(server, client, nonce);
  return {
    roulette: playRoulette(src(), [{ type: 'red', amount: 100 }]),
    dice: playDice(src(), { amount: 100, target: 50.5, direction: 'over' }),
    baccarat: playBaccarat(src(), [{ type: 'banker', amount: 100 }]),
    sicbo: playSicBo(src(), [{ type: 'big', amount: 100 }]),
    plinko: playPlinko(src(), { amount: 100, rows: 16, risk: 'high' }),
    keno: playKeno(src(), { amount: 100, picks: [1, 2, 3] }),
    slot: playVideoSlot(src(), { amount: 200 }),
    mines: startMines(src(), { amount: 100, mines: 5 }),
  };
}

describe('replay', () => {
  it('any (serverSeed, clientSeed, nonce) replays to the same outcome in every game', () => {
    fc.assert(
      fc.property(seedArb, clientArb, nonceArb, (server, client, nonce) => {
        const a = everyGame(server, client, nonce);
        const b = everyGame(server, client, nonce);
        expect(JSON.parse(JSON.stringify(b))).toEqual(JSON.parse(JSON.stringify(a)));
        expect(a.dice.outcome.roll).toBeGreaterThanOrEqual(0);
        expect(a.dice.outcome.roll).toBeLessThanOrEqual(100);
        expect(a.roulette.outcome.pocket).toBeLessThan(37);
        expect(new Set(a.mines.minePositions).size).toBe(5);
      }),
      { numRuns: 100 },
    );
  });

  it('blackjack: any legal play keeps the money consistent and resumes from JSON at every step', () => {
    fc.assert(
      fc.property(seedArb, nonceArb, fc.array(fc.nat(), { maxLength: 12 }), (server, nonce, choices) => {
        const src = fairFloats(server, 'prop', nonce);
        let s: BlackjackState = startBlackjack(src, { amount: 1000 });
        for (const c of choices) {
          const legal = legalBlackjackActions(s);
          if (legal.length === 0) break;
          const revived = JSON.parse(JSON.stringify(s)) as BlackjackState;
          const action = legal[c % legal.length]!;
          const next = actBlackjack(s, action, src);
          expect(actBlackjack(revived, action, fairFloats(server, 'prop', nonce))).toEqual(next);
          s = next;
        }
        const handStakes = s.hands.reduce((a, h) => a + h.stake, 0);
        expect(s.totalStake).toBe(handStakes + (s.insurance ?? 0));
        if (s.phase === 'done') {
          expect(s.payout).toBe(s.hands.reduce((a, h) => a + h.payout, 0) + s.insurancePayout);
          // At most 2.5× a hand (blackjack) or 2× its (doubled) stake, plus 3× the insurance.
          expect(s.payout).toBeLessThanOrEqual(Math.max(2500, 2 * handStakes) + 3 * (s.insurance ?? 0));
        } else expect(s.payout).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('mines: any reveal order pays 0 on a mine or the documented multiplier on cash-out', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: 1, max: 24 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 24 }), { maxLength: 25 }),
        (server, mines, cells) => {
          let s = startMines(fairFloats(server, 'prop', 1), { amount: 1000, mines });
          for (const cell of cells) {
            if (s.status !== 'playing') break;
            s = actMines(s, { type: 'reveal', cell });
          }
          if (s.status === 'playing' && s.revealed.length > 0) s = actMines(s, { type: 'cashOut' });
          if (s.status === 'busted') expect(s.payout).toBe(0);
          if (s.status === 'cashedOut') {
            expect(s.revealed.every((c) => !s.minePositions.includes(c))).toBe(true);
            expect(s.payout).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
