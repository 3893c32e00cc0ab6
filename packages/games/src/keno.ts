import { fisherYates } from './fairness.ts';
import { assertStake, GameRuleError, mulDiv } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Keno: numbers 1–40, the draw is 10 numbers = the first 10 of a Fisher–Yates shuffle of the 40
 * with floats 0–9 (number = cell + 1). The player picks 1–10 distinct numbers; the paytable below
 * gives the multiplier (gross, in hundredths of the stake) by number of hits. Exact RTP per pick
 * count from the hypergeometric distribution: P(h) = C(p, h) C(40 − p, 10 − h) / C(40, 10).
 */
export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;

/** KENO_PAYTABLE[picks][hits] = gross multiplier × 100. */
export const KENO_PAYTABLE: Readonly<Record<number, readonly number[]>> = {
  1: [0, 396],
  2: [0, 180, 500],
  3: [0, 0, 300, 4600],
  4: [0, 0, 170, 1000, 10000],
  5: [0, 0, 140, 400, 1400, 39000],
  6: [0, 0, 0, 300, 900, 18000, 71000],
  7: [0, 0, 0, 200, 700, 3000, 40000, 80000],
  8: [0, 0, 0, 200, 400, 1100, 6700, 40000, 90000],
  9: [0, 0, 0, 200, 250, 500, 1500, 10000, 50000, 100000],
  10: [0, 0, 0, 160, 200, 400, 700, 2600, 10000, 50000, 100000],
};

export function kenoDraw(src: FloatSource): number[] {
  return fisherYates(src, KENO_NUMBERS, KENO_DRAWN).map((c) => c + 1);
}

export function playKeno(src: FloatSource, bet: { amount: number; picks: number[] }) {
  assertStake(bet.amount);
  const { picks } = bet;
  if (
    !Array.isArray(picks) ||
    picks.length < 1 ||
    picks.length > 10 ||
    new Set(picks).size !== picks.length ||
    !picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS)
  ) {
    throw new GameRuleError('INVALID_BET', 'pick 1–10 different numbers from 1–40');
  }
  const drawn = kenoDraw(src);
  const hits = picks.filter((n) => drawn.includes(n)).length;
  const m = KENO_PAYTABLE[picks.length]![hits]!;
  return {
    outcome: { drawn, hits, multiplier: m / 100 },
    stake: bet.amount,
    payout: mulDiv(bet.amount, m, 100),
  };
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

export function kenoHitProbability(picks: number, hits: number): number {
  return (
    (choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits)) / choose(KENO_NUMBERS, KENO_DRAWN)
  );
}

export function kenoRtp(picks: number): number {
  const table = KENO_PAYTABLE[picks]!;
  return table.reduce((a, m, h) => a + (kenoHitProbability(picks, h) * m) / 100, 0);
}
