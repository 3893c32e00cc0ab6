import { describe, expect, it } from 'vitest';
import { GameRuleError } from './money.ts';
import { KENO_PAYTABLE, kenoHitProbability, kenoRtp, playKeno } from './keno.ts';
import { actMines, minesMultiplier, minesPayout, minesPublicState, startMines } from './mines.ts';
import { PLINKO_PAYTABLES, playPlinko, plinkoRtp } from './plinko.ts';
import { fixedFloats } from './rng.ts';

describe('mines', () => {
  // Fisher–Yates with f = 0 at every step keeps the order, so the mines are cells 0 … m−1.
  const zeros = fixedFloats(new Array(25).fill(0));
  it('places mines by Fisher–Yates and pays 0.99 × C(25,k)/C(25−m,k), rounded down', () => {
    const s = startMines(zeros, { amount: 1000, mines: 3 });
    expect(s.minePositions).toEqual([0, 1, 2]);
    expect(minesPayout(1000, 3, 1)).toBe(1125); // 0.99 × 25/22 = 1.125
    expect(minesPayout(1000, 3, 2)).toBe(1285); // 0.99 × C(25,2)/C(22,2) = 0.99 × 300/231 = 1.285714… → 1285
  });
  it('reveal, reveal, cash out', () => {
    let s = startMines(zeros, { amount: 1000, mines: 3 });
    s = actMines(s, { type: 'reveal', cell: 10 });
    expect(minesPublicState(s).minePositions).toBeNull();
    s = actMines(s, { type: 'reveal', cell: 11 });
    s = actMines(s, { type: 'cashOut' });
    expect(s.status).toBe('cashedOut');
    expect(s.payout).toBe(minesPayout(1000, 3, 2));
    expect(minesPublicState(s).minePositions).toEqual([0, 1, 2]);
    expect(() => actMines(s, { type: 'reveal', cell: 12 })).toThrow(GameRuleError);
  });
  it('a mine ends the round with nothing; one mine on 24 safe cells pays out by itself', () => {
    let s = startMines(zeros, { amount: 1000, mines: 3 });
    s = actMines(s, { type: 'reveal', cell: 1 });
    expect(s).toMatchObject({ status: 'busted', payout: 0 });
    let t = startMines(zeros, { amount: 1000, mines: 24 });
    t = actMines(t, { type: 'reveal', cell: 24 });
    expect(t).toMatchObject({ status: 'cashedOut', payout: 24750 }); // 0.99 × 25
  });
  it('refuses bad input', () => {
    expect(() => startMines(zeros, { amount: 1000, mines: 25 })).toThrow(GameRuleError);
    const s = startMines(zeros, { amount: 1000, mines: 1 });
    expect(() => actMines(s, { type: 'cashOut' })).toThrow(GameRuleError);
    expect(() => actMines(s, { type: 'reveal', cell: 25 })).toThrow(GameRuleError);
    const r = actMines(s, { type: 'reveal', cell: 5 });
    expect(() => actMines(r, { type: 'reveal', cell: 5 })).toThrow(GameRuleError);
  });
  it('the multiplier is 0.99 / P(all safe) for every strategy', () => {
    expect(minesMultiplier(1, 1)).toBe(1.0312); // 0.99 × 25/24 = 1.03125
    expect(minesMultiplier(5, 3)).toBe(1.9973); // 0.99 × C(25,3)/C(20,3) = 0.99 × 2300/1140 = 1.99736…
  });
});

describe('plinko', () => {
  it('one float per row, left below 0.5; the bucket is the count of rights', () => {
    const r = playPlinko(fixedFloats([0.1, 0.5, 0.9, 0.2, 0.7, 0.3, 0.49, 0.51]), {
      amount: 1000,
      rows: 8,
      risk: 'low',
    });
    expect(r.outcome.path.join('')).toBe('LRRLRLLR');
    expect(r.outcome.bucket).toBe(4);
    expect(r.payout).toBe(Math.floor((1000 * PLINKO_PAYTABLES.low[8]![4]!) / 100));
    const edge = playPlinko(fixedFloats(new Array(16).fill(0.99)), { amount: 100, rows: 16, risk: 'high' });
    expect(edge.outcome.bucket).toBe(16);
    expect(edge.payout).toBe(PLINKO_PAYTABLES.high[16]![16]!);
  });
  it('every table is symmetric with an exact RTP between 98.3 % and 99 %', () => {
    for (const risk of ['low', 'medium', 'high'] as const)
      for (let n = 8; n <= 16; n++) {
        const t = PLINKO_PAYTABLES[risk][n]!;
        expect(t).toHaveLength(n + 1);
        expect([...t].reverse()).toEqual(t);
        expect(plinkoRtp(n, risk)).toBeGreaterThan(0.983);
        expect(plinkoRtp(n, risk)).toBeLessThan(0.99);
      }
  });
  it('refuses rows outside 8–16 and unknown risk', () => {
    expect(() => playPlinko(fixedFloats([]), { amount: 1, rows: 7, risk: 'low' })).toThrow(GameRuleError);
    // @ts-expect-error a risk level that does not exist
    expect(() => playPlinko(fixedFloats([]), { amount: 1, rows: 8, risk: 'extreme' })).toThrow(GameRuleError);
  });
});

describe('keno', () => {
  it('draws 10 of 40 by Fisher–Yates and pays by hits', () => {
    // All floats 0: the draw is 1 … 10 in order.
    const r = playKeno(fixedFloats(new Array(10).fill(0)), { amount: 100, picks: [1, 2, 3, 20] });
    expect(r.outcome.drawn).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.outcome.hits).toBe(3);
    expect(r.payout).toBe(KENO_PAYTABLE[4]![3]!); // 10× on 100 paisa
  });
  it('hit probabilities sum to 1 and RTPs are as documented', () => {
    for (let p = 1; p <= 10; p++) {
      let s = 0;
      for (let h = 0; h <= p; h++) s += kenoHitProbability(p, h);
      expect(s).toBeCloseTo(1, 12);
      expect(kenoRtp(p)).toBeGreaterThan(0.96);
      expect(kenoRtp(p)).toBeLessThanOrEqual(0.99 + 1e-12);
    }
    expect(kenoRtp(1)).toBeCloseTo(0.99, 12); // 1/4 × 3.96
  });
  it('refuses duplicate, out-of-range or too many picks', () => {
    const src = fixedFloats(new Array(10).fill(0));
    for (const picks of [[], [1, 1], [0], [41], Array.from({ length: 11 }, (_, i) => i + 1)]) {
      expect(() => playKeno(src, { amount: 1, picks })).toThrow(GameRuleError);
    }
  });
});
