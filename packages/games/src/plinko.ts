import { assertStake, GameRuleError, mulDiv } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Plinko: 8–16 rows, one float per row, the ball goes left when f < 0.5 and right otherwise; the
 * bucket is the number of rights (0 … rows). Multipliers are data, in hundredths of the stake
 * (gross return), symmetric; each table was designed as base + t × d^p (d = distance from the centre
 * / half the rows; low: base 0.5, p 2.5; medium: 0.4, 4; high: 0.2, 6), t solved for 99 % and then
 * rounded down to the hundredth, so every exact RTP (binomial, below) sits between 98.3 % and 98.9 %.
 */
export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];

export const PLINKO_PAYTABLES: Readonly<Record<PlinkoRisk, Readonly<Record<number, readonly number[]>>>> = {
  low: {
    8: [590, 313, 145, 66, 50, 66, 145, 313, 590],
    9: [677, 384, 194, 90, 52, 52, 90, 194, 384, 677],
    10: [763, 458, 248, 122, 62, 50, 62, 122, 248, 458, 763],
    11: [854, 537, 309, 162, 81, 52, 52, 81, 162, 309, 537, 854],
    12: [944, 617, 374, 208, 107, 60, 50, 60, 107, 208, 374, 617, 944],
    13: [1039, 701, 444, 260, 140, 75, 51, 51, 75, 140, 260, 444, 701, 1039],
    14: [1133, 786, 517, 317, 180, 97, 58, 50, 58, 97, 180, 317, 517, 786, 1133],
    15: [1231, 876, 594, 379, 225, 125, 71, 51, 51, 71, 125, 225, 379, 594, 876, 1231],
    16: [1329, 966, 673, 445, 276, 160, 89, 57, 50, 57, 89, 160, 276, 445, 673, 966, 1329],
  },
  medium: {
    8: [1413, 474, 125, 45, 40, 45, 125, 474, 1413],
    9: [1760, 669, 203, 61, 40, 40, 61, 203, 669, 1760],
    10: [2147, 903, 313, 93, 43, 40, 43, 93, 313, 903, 2147],
    11: [2573, 1175, 455, 148, 54, 40, 40, 54, 148, 455, 1175, 2573],
    12: [3038, 1486, 632, 227, 77, 42, 40, 42, 77, 227, 632, 1486, 3038],
    13: [3543, 1835, 844, 334, 116, 49, 40, 40, 49, 116, 334, 844, 1835, 3543],
    14: [4087, 2224, 1093, 471, 176, 66, 41, 40, 41, 66, 176, 471, 1093, 2224, 4087],
    15: [4670, 2652, 1379, 640, 259, 97, 47, 40, 40, 47, 97, 259, 640, 1379, 2652, 4670],
    16: [5293, 3119, 1702, 841, 368, 143, 60, 41, 40, 41, 60, 143, 368, 841, 1702, 3119, 5293],
  },
  high: {
    8: [3537, 645, 74, 20, 20, 20, 74, 645, 3537],
    9: [4874, 1094, 162, 26, 20, 20, 26, 162, 1094, 4874],
    10: [6516, 1723, 323, 46, 20, 20, 20, 46, 323, 1723, 6516],
    11: [8496, 2562, 582, 94, 23, 20, 20, 23, 94, 582, 2562, 8496],
    12: [10844, 3645, 970, 189, 34, 20, 20, 20, 34, 189, 970, 3645, 10844],
    13: [13593, 5001, 1514, 350, 63, 22, 20, 20, 22, 63, 350, 1514, 5001, 13593],
    14: [16773, 6664, 2245, 603, 123, 29, 20, 20, 20, 29, 123, 603, 2245, 6664, 16773],
    15: [20418, 8663, 3192, 971, 230, 47, 21, 20, 20, 21, 47, 230, 971, 3192, 8663, 20418],
    16: [24557, 11032, 4387, 1482, 403, 88, 25, 20, 20, 20, 25, 88, 403, 1482, 4387, 11032, 24557],
  },
};

export function playPlinko(src: FloatSource, bet: { amount: number; rows: number; risk: PlinkoRisk }) {
  assertStake(bet.amount);
  if (!Number.isInteger(bet.rows) || bet.rows < 8 || bet.rows > 16)
    throw new GameRuleError('INVALID_BET', 'rows is 8–16');
  const table = PLINKO_PAYTABLES[bet.risk]?.[bet.rows];
  if (!table) throw new GameRuleError('INVALID_BET', 'risk is low, medium or high');
  const path: ('L' | 'R')[] = [];
  for (let i = 0; i < bet.rows; i++) path.push(src.float(i) < 0.5 ? 'L' : 'R');
  const bucket = path.filter((p) => p === 'R').length;
  const m = table[bucket]!;
  return {
    outcome: { path, bucket, multiplier: m / 100 },
    stake: bet.amount,
    payout: mulDiv(bet.amount, m, 100),
  };
}

export function plinkoRtp(rows: number, risk: PlinkoRisk): number {
  const table = PLINKO_PAYTABLES[risk][rows]!;
  let c = 1; // C(rows, k), built up along k
  let sum = 0;
  for (let k = 0; k <= rows; k++) {
    sum += c * table[k]!;
    c = (c * (rows - k)) / (k + 1);
  }
  return sum / 100 / 2 ** rows;
}
