import { describe, expect, it } from 'vitest';
import { baccaratBetRtp, baccaratOutcomeProbabilities, bankerDraws, playBaccarat } from './baccarat.ts';
import { cardFloat } from './cards.ts';
import { DRAGON_TIGER_RTP, playDragonTiger } from './dragon-tiger.ts';
import { GameRuleError } from './money.ts';
import { fixedFloats } from './rng.ts';
import { playRoulette, type RouletteBet, rouletteBetRtp, validateRouletteBet } from './roulette.ts';
import { playSicBo, type SicBoBet, sicBoBetRtp } from './sicbo.ts';

const pocketFloat = (p: number) => (p + 0.5) / 37;
const spin = (pocket: number, bets: RouletteBet[]) => playRoulette(fixedFloats([pocketFloat(pocket)]), bets);

describe('roulette', () => {
  it('pays every inside bet stake × 36 / n and nothing off its numbers', () => {
    const cases: [RouletteBet, number, number][] = [
      [{ type: 'straight', numbers: [17], amount: 100 }, 17, 3600],
      [{ type: 'straight', numbers: [0], amount: 100 }, 0, 3600],
      [{ type: 'split', numbers: [17, 20], amount: 100 }, 20, 1800],
      [{ type: 'split', numbers: [0, 2], amount: 100 }, 0, 1800],
      [{ type: 'street', numbers: [13, 14, 15], amount: 100 }, 14, 1200],
      [{ type: 'street', numbers: [0, 1, 2], amount: 100 }, 0, 1200],
      [{ type: 'corner', numbers: [17, 18, 20, 21], amount: 100 }, 21, 900],
      [{ type: 'corner', numbers: [0, 1, 2, 3], amount: 100 }, 3, 900],
      [{ type: 'line', numbers: [31, 32, 33, 34, 35, 36], amount: 100 }, 31, 600],
      [{ type: 'line', numbers: [31, 32, 33, 34, 35, 36], amount: 100 }, 30, 0],
      [{ type: 'straight', numbers: [17], amount: 100 }, 18, 0],
    ];
    for (const [bet, pocket, payout] of cases)
      expect(spin(pocket, [bet]).payout, JSON.stringify(bet)).toBe(payout);
  });

  it('pays outside bets and zero loses all of them', () => {
    const outside = (type: RouletteBet['type'], numbers?: number[]): RouletteBet => ({
      type,
      numbers,
      amount: 10,
    });
    expect(spin(1, [outside('red')]).payout).toBe(20);
    expect(spin(2, [outside('red')]).payout).toBe(0);
    expect(spin(2, [outside('black')]).payout).toBe(20);
    expect(spin(3, [outside('odd')]).payout).toBe(20);
    expect(spin(4, [outside('even')]).payout).toBe(20);
    expect(spin(18, [outside('low')]).payout).toBe(20);
    expect(spin(19, [outside('high')]).payout).toBe(20);
    expect(spin(13, [outside('dozen', [2])]).payout).toBe(30);
    expect(spin(12, [outside('dozen', [2])]).payout).toBe(0);
    expect(spin(34, [outside('column', [1])]).payout).toBe(30);
    expect(spin(36, [outside('column', [3])]).payout).toBe(30);
    const all = ['red', 'black', 'odd', 'even', 'low', 'high'].map((t) => outside(t as RouletteBet['type']));
    all.push(outside('dozen', [1]), outside('column', [1]));
    expect(spin(0, all).payout).toBe(0);
  });

  it('sums several bets on one spin', () => {
    const r = spin(7, [
      { type: 'straight', numbers: [7], amount: 10 },
      { type: 'red', amount: 50 },
      { type: 'even', amount: 5 },
    ]);
    expect(r).toMatchObject({ outcome: { pocket: 7 }, stake: 65, payout: 460, perBet: [360, 100, 0] });
  });

  it('refuses numbers that do not form the named bet', () => {
    const bad: RouletteBet[] = [
      { type: 'split', numbers: [3, 4], amount: 1 }, // across the end of a row
      { type: 'split', numbers: [1, 5], amount: 1 },
      { type: 'street', numbers: [2, 3, 4], amount: 1 },
      { type: 'corner', numbers: [3, 4, 6, 7], amount: 1 },
      { type: 'line', numbers: [2, 3, 4, 5, 6, 7], amount: 1 },
      { type: 'straight', numbers: [37], amount: 1 },
      { type: 'dozen', numbers: [4], amount: 1 },
      { type: 'red', numbers: [1], amount: 1 },
      { type: 'red', amount: 0 },
      { type: 'red', amount: 1.5 },
    ];
    for (const b of bad) expect(() => validateRouletteBet(b), JSON.stringify(b)).toThrow(GameRuleError);
  });

  it('every bet type returns exactly 36/37', () => {
    const bets: Omit<RouletteBet, 'amount'>[] = [
      { type: 'straight', numbers: [5] },
      { type: 'split', numbers: [5, 8] },
      { type: 'street', numbers: [4, 5, 6] },
      { type: 'corner', numbers: [4, 5, 7, 8] },
      { type: 'line', numbers: [4, 5, 6, 7, 8, 9] },
      { type: 'dozen', numbers: [3] },
      { type: 'column', numbers: [2] },
      { type: 'red' },
      { type: 'high' },
    ];
    for (const b of bets) expect(rouletteBetRtp(b)).toBeCloseTo(36 / 37, 12);
  });
});

describe('sic bo', () => {
  const roll = (dice: number[], bets: SicBoBet[]) =>
    playSicBo(fixedFloats(dice.map((d) => (d - 0.5) / 6)), bets);
  it('pays each bet type by the paytable', () => {
    const cases: [number[], SicBoBet, number][] = [
      [[1, 2, 3], { type: 'small', amount: 10 }, 20],
      [[2, 2, 2], { type: 'small', amount: 10 }, 0], // triple loses small
      [[6, 5, 1], { type: 'big', amount: 10 }, 20],
      [[5, 5, 5], { type: 'big', amount: 10 }, 0],
      [[1, 1, 2], { type: 'total', total: 4, amount: 10 }, 610],
      [[6, 6, 5], { type: 'total', total: 17, amount: 10 }, 610],
      [[1, 2, 2], { type: 'total', total: 5, amount: 10 }, 310],
      [[1, 2, 3], { type: 'total', total: 6, amount: 10 }, 180],
      [[1, 2, 4], { type: 'total', total: 7, amount: 10 }, 130],
      [[1, 3, 4], { type: 'total', total: 8, amount: 10 }, 90],
      [[3, 3, 3], { type: 'total', total: 9, amount: 10 }, 70],
      [[3, 3, 4], { type: 'total', total: 10, amount: 10 }, 70],
      [[3, 3, 4], { type: 'total', total: 11, amount: 10 }, 0],
      [[4, 4, 4], { type: 'anyTriple', amount: 10 }, 310],
      [[4, 4, 4], { type: 'triple', number: 4, amount: 10 }, 1810],
      [[4, 4, 4], { type: 'triple', number: 3, amount: 10 }, 0],
      [[4, 4, 1], { type: 'double', number: 4, amount: 10 }, 110],
      [[4, 4, 4], { type: 'double', number: 4, amount: 10 }, 110],
      [[4, 2, 1], { type: 'combination', numbers: [1, 4], amount: 10 }, 60],
      [[4, 2, 2], { type: 'combination', numbers: [1, 4], amount: 10 }, 0],
      [[4, 2, 1], { type: 'single', number: 4, amount: 10 }, 20],
      [[4, 4, 1], { type: 'single', number: 4, amount: 10 }, 30],
      [[4, 4, 4], { type: 'single', number: 4, amount: 10 }, 40],
      [[5, 5, 5], { type: 'single', number: 4, amount: 10 }, 0],
    ];
    for (const [dice, bet, payout] of cases) {
      const r = roll(dice, [bet]);
      expect(r.outcome.dice).toEqual(dice);
      expect(r.payout, `${dice} ${JSON.stringify(bet)}`).toBe(payout);
    }
  });
  it('has the documented exact RTPs', () => {
    expect(sicBoBetRtp({ type: 'small', amount: 1 })).toBeCloseTo(210 / 216, 12);
    expect(sicBoBetRtp({ type: 'anyTriple', amount: 1 })).toBeCloseTo(186 / 216, 12);
    expect(sicBoBetRtp({ type: 'triple', number: 1, amount: 1 })).toBeCloseTo(181 / 216, 12);
    expect(sicBoBetRtp({ type: 'double', number: 1, amount: 1 })).toBeCloseTo(176 / 216, 12);
    expect(sicBoBetRtp({ type: 'combination', numbers: [1, 2], amount: 1 })).toBeCloseTo(180 / 216, 12);
    expect(sicBoBetRtp({ type: 'single', number: 1, amount: 1 })).toBeCloseTo(199 / 216, 12);
    expect(sicBoBetRtp({ type: 'total', total: 4, amount: 1 })).toBeCloseTo(183 / 216, 12);
  });
  it('refuses malformed bets', () => {
    expect(() => roll([1, 2, 3], [{ type: 'total', total: 3, amount: 1 }])).toThrow(GameRuleError);
    expect(() => roll([1, 2, 3], [{ type: 'combination', numbers: [2, 2], amount: 1 }])).toThrow(
      GameRuleError,
    );
    expect(() => roll([1, 2, 3], [{ type: 'single', number: 7, amount: 1 }])).toThrow(GameRuleError);
  });
});

// rank index: 0 = ace, 1 = two … 8 = nine, 9 = ten, 10–12 = J Q K (value 0)
const v = (value: number) => cardFloat(value === 0 ? 12 : value - 1);

describe('baccarat', () => {
  it('follows the banker third-card table row by row', () => {
    expect([0, 1, 2].every((b) => [null, 0, 1, 8, 9].every((p) => bankerDraws(b, p)))).toBe(true);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(4, 2)).toBe(true);
    expect(bankerDraws(4, 7)).toBe(true);
    expect(bankerDraws(4, 8)).toBe(false);
    expect(bankerDraws(5, 3)).toBe(false);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(5, 7)).toBe(true);
    expect(bankerDraws(6, 5)).toBe(false);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, 7)).toBe(true);
    expect(bankerDraws(7, 6)).toBe(false);
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
  });

  it('a natural stops the coup', () => {
    // P: 4+4 = 8 natural, B: 3+3 = 6 → player wins with two cards each
    const r = playBaccarat(fixedFloats([v(4), v(3), v(4), v(3)]), [{ type: 'player', amount: 100 }]);
    expect(r.outcome).toMatchObject({ playerTotal: 8, bankerTotal: 6, winner: 'player', playerPair: true });
    expect(r.outcome.playerCards).toHaveLength(2);
    expect(r.outcome.bankerCards).toHaveLength(2);
    expect(r.payout).toBe(200);
  });

  it('player draws on 0–5, banker with 3 stands on a player third card of 8', () => {
    // P: 2+3 = 5 draws 8 → 3; B: K+3 = 3, P3 = 8 → banker stands on 3; tie 3–3
    const floats = [v(2), v(0), v(3), v(3), v(8)];
    const r = playBaccarat(fixedFloats(floats), [
      { type: 'tie', amount: 10 },
      { type: 'banker', amount: 10 },
      { type: 'player', amount: 10 },
    ]);
    expect(r.outcome).toMatchObject({ playerTotal: 3, bankerTotal: 3, winner: 'tie' });
    expect(r.outcome.bankerCards).toHaveLength(2);
    expect(r.perBet).toEqual([90, 10, 10]);
  });

  it('banker with 6 draws on a player third card of 6 and wins with 5 % commission rounded down', () => {
    // P: A+4 = 5 draws 6 → 1; B: 2+4 = 6 draws 3 → 9
    const floats = [v(1), v(2), v(4), v(4), v(6), v(3)];
    const r = playBaccarat(fixedFloats(floats), [{ type: 'banker', amount: 999 }]);
    expect(r.outcome).toMatchObject({ playerTotal: 1, bankerTotal: 9, winner: 'banker' });
    expect(r.payout).toBe(999 + 949); // 999 × 0.95 = 949.05 → 949
  });

  it('player stands on 6; banker then draws on 0–5', () => {
    // P: 3+3 = 6 stands; B: 2+2 = 4 draws 5 → 9
    const r = playBaccarat(fixedFloats([v(3), v(2), v(3), v(2), v(5)]), [{ type: 'bankerPair', amount: 10 }]);
    expect(r.outcome).toMatchObject({ playerTotal: 6, bankerTotal: 9, bankerPair: true });
    expect(r.outcome.playerCards).toHaveLength(2);
    expect(r.payout).toBe(120);
  });

  it('pairs need the same rank, not the same value', () => {
    // P: ten + king (both value 0) is not a pair
    const r = playBaccarat(fixedFloats([cardFloat(9), v(9), cardFloat(12), v(9), v(5)]), [
      { type: 'playerPair', amount: 10 },
    ]);
    expect(r.outcome.playerPair).toBe(false);
    expect(r.payout).toBe(0);
  });

  it('exact infinite-deck probabilities and RTPs', () => {
    const o = baccaratOutcomeProbabilities();
    expect(o.player + o.banker + o.tie).toBeCloseTo(1, 9);
    // Published infinite-deck figures: banker edge ≈ 1.06 %, player ≈ 1.24 %, tie 8:1 ≈ 14.4 %.
    expect(1 - baccaratBetRtp('banker')).toBeCloseTo(0.0106, 3);
    expect(1 - baccaratBetRtp('player')).toBeCloseTo(0.0124, 3);
    expect(1 - baccaratBetRtp('tie')).toBeCloseTo(0.144, 2);
  });
});

describe('dragon tiger', () => {
  it('higher card wins, tie halves the main bets, tie and suited tie pay 8:1 and 50:1', () => {
    const dk = cardFloat(12, 0); // king of spades
    const t5 = cardFloat(4, 1);
    let r = playDragonTiger(fixedFloats([dk, t5]), [
      { type: 'dragon', amount: 10 },
      { type: 'tiger', amount: 10 },
    ]);
    expect(r.outcome.winner).toBe('dragon');
    expect(r.perBet).toEqual([20, 0]);
    // ace is low
    r = playDragonTiger(fixedFloats([cardFloat(0), cardFloat(1)]), [{ type: 'tiger', amount: 10 }]);
    expect(r.payout).toBe(20);
    r = playDragonTiger(fixedFloats([cardFloat(6, 0), cardFloat(6, 2)]), [
      { type: 'dragon', amount: 11 },
      { type: 'tie', amount: 10 },
      { type: 'suitedTie', amount: 10 },
    ]);
    expect(r.perBet).toEqual([5, 90, 0]);
    r = playDragonTiger(fixedFloats([cardFloat(6, 3), cardFloat(6, 3)]), [{ type: 'suitedTie', amount: 10 }]);
    expect(r.outcome.suitedTie).toBe(true);
    expect(r.payout).toBe(510);
    expect(DRAGON_TIGER_RTP.dragon).toBeCloseTo(0.961538, 6);
  });
});
