import { describe, expect, it } from 'vitest';
import {
  actBlackjack,
  type BlackjackState,
  blackjackPublicState,
  handTotal,
  startBlackjack,
} from './blackjack.ts';
import { basicStrategy, blackjackBasicStrategyRtp, dealerDistribution } from './blackjack-strategy.ts';
import { cardFloat } from './cards.ts';
import { GameRuleError } from './money.ts';
import { fixedFloats } from './rng.ts';

// Card by blackjack value: 1 = ace, 2–9, 10 = king; suit varies only where it matters.
const c = (v: number, suit = 0) => cardFloat(v === 1 ? 0 : v === 10 ? 12 : v - 1, suit);
// Deal order: player, dealer up, player, dealer hole, then later cards.
const deck = (...values: number[]) => fixedFloats(values.map((v) => c(v)));

describe('blackjack', () => {
  it('pays a player blackjack 3:2, rounded down to the paisa', () => {
    const s = startBlackjack(deck(1, 9, 10, 7), { amount: 101 });
    expect(s.phase).toBe('done');
    expect(s.hands[0]!.status).toBe('blackjack');
    expect(s.payout).toBe(101 + 151); // 1.5 × 101 = 151.5 → 151
  });

  it('dealer stands on soft 17', () => {
    // P: 10+8 = 18 stands; D: 6 + A = soft 17, stands → player wins
    let s = startBlackjack(deck(10, 6, 8, 1), { amount: 100 });
    s = actBlackjack(s, 'stand', deck(10, 6, 8, 1));
    expect(handTotal(s.dealer)).toEqual({ total: 17, soft: true });
    expect(s.dealer).toHaveLength(2);
    expect(s.payout).toBe(200);
  });

  it('dealer hits 16 and busts; a push returns the stake', () => {
    const src = deck(10, 10, 7, 6, 9);
    let s = startBlackjack(src, { amount: 100 });
    s = actBlackjack(s, 'stand', src);
    expect(handTotal(s.dealer).total).toBe(25);
    expect(s.payout).toBe(200);
    const push = deck(10, 10, 8, 8);
    s = actBlackjack(startBlackjack(push, { amount: 100 }), 'stand', push);
    expect(s.payout).toBe(100);
  });

  it('hit to bust loses without the dealer drawing', () => {
    const src = deck(10, 10, 6, 6, 9);
    let s = startBlackjack(src, { amount: 100 });
    s = actBlackjack(s, 'hit', src);
    expect(s.hands[0]!.status).toBe('busted');
    expect(s.dealer).toHaveLength(2);
    expect(s.phase).toBe('done');
    expect(s.payout).toBe(0);
  });

  it('double takes one card at twice the stake', () => {
    const src = deck(6, 6, 5, 10, 10, 9); // P 11 doubles, gets 10 → 21; D 16 hits 9 → bust
    let s = startBlackjack(src, { amount: 100 });
    s = actBlackjack(s, 'double', src);
    expect(s.hands[0]).toMatchObject({ stake: 200, doubled: true, status: 'stood' });
    expect(s.totalStake).toBe(200);
    expect(s.payout).toBe(400);
  });

  it('splits once: each hand gets its second card in turn and settles on its own', () => {
    // P 8,8 vs D 10 (hole 7). Split: hand 1 gets 3 (11), doubles and gets 10 (21);
    // hand 2 gets 10 (18) and stands; dealer 17 stands. Hand 1 wins 400, hand 2 wins 200.
    const src = deck(8, 10, 8, 7, 3, 10, 10);
    let s = startBlackjack(src, { amount: 100 });
    s = actBlackjack(s, 'split', src);
    expect(s.hands.map((h) => h.cards.length)).toEqual([2, 1]);
    s = actBlackjack(s, 'double', src);
    expect(s.active).toBe(1);
    expect(s.hands[1]!.cards).toHaveLength(2);
    expect(() => actBlackjack(s, 'split', src)).toThrow(GameRuleError); // 8 + 10 is no pair anyway
    s = actBlackjack(s, 'stand', src);
    expect(s.totalStake).toBe(300);
    expect(s.hands.map((h) => h.payout)).toEqual([400, 200]);
    expect(s.payout).toBe(600);
  });

  it('split aces take one card each; 21 after a split is not a blackjack', () => {
    const src = deck(1, 9, 1, 8, 10, 5);
    let s = startBlackjack(src, { amount: 100 });
    s = actBlackjack(s, 'split', src);
    expect(s.phase).toBe('done');
    expect(s.hands.map((h) => handTotal(h.cards).total)).toEqual([21, 16]);
    expect(s.hands.map((h) => h.payout)).toEqual([200, 0]); // dealer 17: 21 wins even money, 16 loses
  });

  it('cannot split twice', () => {
    const src = deck(8, 10, 8, 7, 8, 8);
    let s = startBlackjack(src, { amount: 100 });
    s = actBlackjack(s, 'split', src);
    expect(s.hands[0]!.cards.map((x) => (x % 13) + 1)).toEqual([8, 8]);
    expect(() => actBlackjack(s, 'split', src)).toThrow(GameRuleError);
  });

  it('insurance pays 2:1 when the dealer has blackjack; the main bet loses', () => {
    const src = deck(10, 1, 9, 10);
    let s = startBlackjack(src, { amount: 100 });
    expect(s.phase).toBe('insurance');
    expect(blackjackPublicState(s).dealer).toHaveLength(1);
    s = actBlackjack(s, 'insurance', src);
    expect(s).toMatchObject({
      phase: 'done',
      insurance: 50,
      insurancePayout: 150,
      totalStake: 150,
      payout: 150,
    });
  });

  it('insurance is lost when the dealer has no blackjack and play goes on', () => {
    const src = deck(10, 1, 9, 6, 10);
    let s = startBlackjack(src, { amount: 100 });
    s = actBlackjack(s, 'insurance', src);
    expect(s.phase).toBe('playing');
    s = actBlackjack(s, 'stand', src); // dealer soft 17 stands, player 19 wins
    expect(s).toMatchObject({ insurancePayout: 0, totalStake: 150, payout: 200 });
  });

  it('a dealer blackjack under a ten ends the round; a player blackjack then pushes', () => {
    expect(startBlackjack(deck(9, 10, 9, 1), { amount: 100 })).toMatchObject({ phase: 'done', payout: 0 });
    const s = startBlackjack(deck(1, 1, 10, 10), { amount: 100 });
    expect(s.phase).toBe('insurance');
    expect(actBlackjack(s, 'noInsurance', deck(1, 1, 10, 10))).toMatchObject({ phase: 'done', payout: 100 });
  });

  it('a stored state resumes through JSON to the same result (game recall)', () => {
    const src = deck(8, 10, 8, 7, 3, 10, 10);
    const s1 = actBlackjack(startBlackjack(src, { amount: 100 }), 'split', src);
    const revived = JSON.parse(JSON.stringify(s1)) as BlackjackState;
    const a = actBlackjack(actBlackjack(s1, 'double', src), 'stand', src);
    const b = actBlackjack(actBlackjack(revived, 'double', src), 'stand', src);
    expect(b).toEqual(a);
  });

  it('refuses actions after the round is over', () => {
    const src = deck(1, 9, 10, 7);
    const s = startBlackjack(src, { amount: 100 });
    expect(() => actBlackjack(s, 'hit', src)).toThrow(GameRuleError);
  });

  it('basic strategy and its exact return', () => {
    expect(basicStrategy([10, 6], 10, true, true)).toBe('H');
    expect(basicStrategy([10, 6], 6, true, true)).toBe('S');
    expect(basicStrategy([8, 8], 10, true, true)).toBe('P');
    expect(basicStrategy([1, 7], 9, true, true)).toBe('H');
    expect(basicStrategy([1, 7], 4, false, false)).toBe('S');
    expect(basicStrategy([6, 5], 1, true, true)).toBe('H'); // S17: hit 11 against an ace
    let sum = 0;
    for (const p of dealerDistribution(6).values()) sum += p;
    expect(sum).toBeCloseTo(1, 12);
    // Infinite deck, S17, DAS, one split, no surrender: a house edge of about 0.5–0.6 %.
    const rtp = blackjackBasicStrategyRtp();
    expect(rtp).toBeGreaterThan(0.993);
    expect(rtp).toBeLessThan(0.996);
  });
});
