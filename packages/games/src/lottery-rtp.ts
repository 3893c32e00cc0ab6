import {
  BET_TYPE_RULES,
  betTypesOf,
  DEFAULT_ODDS_BY_STRUCTURE,
  LOTTERY_STRUCTURES,
  type LotteryBetType,
  type LotteryStructureId,
  type Odds,
  PRIZE_MODE_STRUCTURES,
  PRIZE_MODES,
  type PrizeMode,
  type PrizeSlot,
} from './lottery.ts';

/*
 * The exact return to player of every lottery bet type on every draw structure (issue 26).
 *
 * The model is the draw itself (drawLottery): every digit of every result is its own float,
 * floor(f × 10), so the digits are independent and uniform (the float has 2^32 steps, so a
 * digit's probability is within 2^-32 of 1/10; that moves no RTP by 10^-8), and the last d
 * digits of one result are uniform over 10^d, independently of every other result. So:
 *
 *   lô (2 or 3 digits)   E[hits] = n_d / 10^d per number; cost = amount × results → odds / 10^d × n_d / results
 *   đề, 3 càng, đầu/đuôi  the ĐB's last 2 / 3 digits or one digit: P = 1/100, 1/1000, 1/10
 *   xiên K               P(all K two-digit numbers among the n lô) = Σ_j (−1)^j C(K, j) ((100 − j)/100)^n
 *                        (inclusion–exclusion over "number j is missing": each result misses j
 *                        given numbers with probability (100 − j)/100, independently)
 *   lô trượt 4           P(none of the 4 among the n lô) = (96/100)^n
 *   đá                   every pair is its own bet of `amount` paying like a xiên 2: the xiên 2
 *                        probability, whatever the count of numbers picked (linearity)
 *   4D/3D/2D (tiered)    each tier slot holds `count` numbers of ≥ d digits: E[hits] = count / 10^d
 *                        per number and tier, cost = amount per number; every tier counts
 *
 * All of these are fractions with powers of ten (and the result count) in the denominator, so
 * they are computed exactly in bigint: the ≥ 100 % test at the console is an exact comparison.
 */

/** An exact non-negative fraction num / den (den > 0), in lowest terms. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};
export const fraction = (num: bigint, den: bigint = 1n): Fraction => {
  if (den === 0n) throw new Error('fraction: zero denominator');
  const g = gcd(num, den) || 1n;
  const s = den < 0n ? -1n : 1n;
  return { num: (s * num) / g, den: (s * den) / g };
};
const add = (a: Fraction, b: Fraction) => fraction(a.num * b.den + b.num * a.den, a.den * b.den);
const mul = (a: Fraction, b: Fraction) => fraction(a.num * b.num, a.den * b.den);
const ZERO: Fraction = { num: 0n, den: 1n };

/** −1, 0 or 1 as a < b, a = b, a > b. */
export const compareFractions = (a: Fraction, b: Fraction): number => {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
};
export const fractionToNumber = (f: Fraction): number => Number(f.num) / Number(f.den);

const choose = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/** P(all of k given two-digit numbers appear among n independent uniform two-digit tails). */
export function allAppear(k: number, n: number): Fraction {
  let num = 0n;
  for (let j = 0; j <= k; j++) num += (j % 2 ? -1n : 1n) * choose(k, j) * BigInt(100 - j) ** BigInt(n);
  return fraction(num, 100n ** BigInt(n));
}

/** P(none of k given two-digit numbers appears among n independent uniform two-digit tails). */
export const noneAppears = (k: number, n: number): Fraction =>
  fraction(BigInt(100 - k) ** BigInt(n), 100n ** BigInt(n));

/** The tier key of a flat (one-price) bet type in weight tables. */
export const FLAT_TIER = '';

type Structure = LotteryStructureId | readonly PrizeSlot[];
const slotsOf = (s: Structure): readonly PrizeSlot[] => (typeof s === 'string' ? LOTTERY_STRUCTURES[s] : s);

/**
 * What each prize tier adds to the RTP per 1× of its odds: E[payout units] ÷ cost units, for one
 * number (one combination for xiên and lô trượt, one pair for đá). A flat type has the one tier
 * FLAT_TIER. A structure may be given as its slots (tests check the formulas on small ones).
 */
export function lotteryRtpWeights(structure: Structure, betType: LotteryBetType): Record<string, Fraction> {
  const slots = slotsOf(structure);
  const rule = BET_TYPE_RULES[betType];
  const results = slots.reduce((n, s) => n + s.count, 0);
  const withDigits = (d: number) => slots.reduce((n, s) => n + (s.digits >= d ? s.count : 0), 0);
  const db = slots.find((s) => s.key === 'DB')?.digits ?? 0;
  const flat = (f: Fraction) => ({ [FLAT_TIER]: f });
  const lo = withDigits(2);
  switch (betType) {
    case 'lo2':
      return flat(results ? fraction(BigInt(lo), 100n * BigInt(results)) : ZERO);
    case 'lo3': {
      const n3 = withDigits(3);
      return flat(n3 ? fraction(1n, 1000n) : ZERO);
    }
    case 'de':
      return flat(db >= 2 ? fraction(1n, 100n) : ZERO);
    case 'cang3':
      return flat(db >= 3 ? fraction(1n, 1000n) : ZERO);
    case 'dau':
    case 'duoi':
      return flat(db >= 2 ? fraction(1n, 10n) : ZERO);
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return flat(allAppear(rule.combination!, lo));
    case 'truot4':
      return flat(noneAppears(rule.combination!, lo));
    case 'da':
      return flat(allAppear(2, lo));
    default: {
      // Tiered: each slot is a tier; a number matches a result's last `digits` digits.
      const out: Record<string, Fraction> = {};
      for (const s of slots)
        out[s.key] = s.digits >= rule.digits ? fraction(BigInt(s.count), 10n ** BigInt(rule.digits)) : ZERO;
      return out;
    }
  }
}

/** One bet type's odds as stored: hundredths, or hundredths per tier. */
export type BetTypeOdds = Odds[LotteryBetType];

/**
 * Each tier's share of the RTP at these odds (fractions of the stake), read the way settlement
 * reads odds (settleBet: a flat type pays a number, a tiered type pays its tiers; anything else 0).
 */
export function lotteryRtpByTier(
  structure: Structure,
  betType: LotteryBetType,
  odds: BetTypeOdds,
): Record<string, Fraction> {
  const weights = lotteryRtpWeights(structure, betType);
  const hundredths = (h: number | undefined) => fraction(BigInt(Math.max(0, Math.round(h ?? 0))), 100n);
  if (FLAT_TIER in weights)
    return { [FLAT_TIER]: typeof odds === 'number' ? mul(weights[FLAT_TIER]!, hundredths(odds)) : ZERO };
  const out: Record<string, Fraction> = {};
  if (typeof odds !== 'object') return out;
  for (const [tier, h] of Object.entries(odds)) out[tier] = mul(weights[tier] ?? ZERO, hundredths(h));
  return out;
}

/**
 * The exact RTP of a bet type at these odds: the expected payout per unit of cost (betCost), as
 * a fraction (1 = 100 %). Every prize tier counts.
 */
export function lotteryRtp(structure: Structure, betType: LotteryBetType, odds: BetTypeOdds): Fraction {
  return Object.values(lotteryRtpByTier(structure, betType, odds)).reduce(add, ZERO);
}

/** An RTP as percent with two decimals ("93.30"), to nearest; a value below 100 % never shows "100.00". */
export function rtpPercent(f: Fraction): string {
  const scaled = f.num * 10_000n;
  let q = scaled / f.den;
  if ((scaled % f.den) * 2n >= f.den) q += 1n;
  if (q >= 10_000n && f.num < f.den) q = 9_999n;
  return `${q / 100n}.${String(q % 100n).padStart(2, '0')}`;
}

/**
 * Odds an operator may set return LESS than this to the player, on every structure (PUT
 * /wps/admin/lottery/odds answers ODDS_ABOVE_RTP_LIMIT otherwise). 100 %: the house never pays
 * out more than it takes on a bet type.
 */
export const LOTTERY_RTP_LIMIT: Fraction = { num: 1n, den: 1n };

/** The band every shipped default lies in (a unit test holds them to it). */
export const DEFAULT_RTP_BAND: readonly [Fraction, Fraction] = [
  { num: 9n, den: 10n },
  { num: 49n, den: 50n },
];

/** Hundredths as a multiplier ("17", "2.8", "1.95"). */
const times = (h: number) => `${String(h / 100)}×`;

/**
 * The "Lottery RTP" tables of docs/fairness.md from the shipped odds (or any odds), exact: the Vietnamese
 * bet types with a column per (prize modes with equal prices, structure), then SEA 4D per tier.
 */
export function lotteryRtpTable(
  oddsOf: (mode: PrizeMode, structure: LotteryStructureId) => Odds = (m, s) =>
    DEFAULT_ODDS_BY_STRUCTURE[m][s] ?? {},
): string {
  const label: Record<LotteryStructureId, string> = {
    north: 'north (27)',
    south: 'south (18)',
    sea4d: 'sea4d (23)',
  };
  const lines: string[] = [];
  for (const family of [['north', 'south'], ['sea4d']] as const) {
    const modes = PRIZE_MODES.filter((m) => PRIZE_MODE_STRUCTURES[m].includes(family[0]));
    // Prize modes with the same prices on every structure of the family share a column.
    const groups: PrizeMode[][] = [];
    for (const m of modes) {
      const same = groups.find((g) =>
        family.every((s) => JSON.stringify(oddsOf(g[0]!, s)) === JSON.stringify(oddsOf(m, s))),
      );
      if (same) same.push(m);
      else groups.push([m]);
    }
    const columns = groups.flatMap((g) => family.map((s) => ({ modes: g, structure: s })));
    const cell = (c: (typeof columns)[number], t: LotteryBetType) => {
      const o = oddsOf(c.modes[0]!, c.structure)[t];
      const price =
        typeof o === 'object'
          ? Object.entries(o)
              .map(([k, v]) => `${k} ${times(v ?? 0)}`)
              .join(' ')
          : times(o ?? 0);
      return `${price} → ${rtpPercent(lotteryRtp(c.structure, t, o))} %`;
    };
    lines.push(
      `| bet type | ${columns.map((c) => `${c.modes.join('/')} ${label[c.structure]}`).join(' | ')} |`,
      `|---|${columns.map(() => '---:').join('|')}|`,
    );
    for (const t of betTypesOf(family[0]))
      lines.push(`| ${t} | ${columns.map((c) => cell(c, t)).join(' | ')} |`);
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}
