import { drawDigits, fairFloats } from './fairness.ts';
import { GameRuleError, mulDiv } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Lottery rules as data (issue 15): prize structures, bet types, costs and payouts. Pure, so the
 * server settles with it and the web verifier redraws a draw with the very same code.
 *
 * A draw's numbers come from the shared construction: floats of HMAC-SHA256(serverSeed,
 * `${drawId}:0:${cursor}`), one float per digit by floor(f × 10), prizes in the structure's order
 * (DB first), each prize's numbers in order. The draw id is the client seed: it is public and
 * fixed when the server seed's hash is published, so nobody can steer the result afterwards.
 */

export type LotteryStructureId = 'north' | 'south' | 'sea4d';

export interface PrizeSlot {
  key: string;
  count: number;
  digits: number;
}

export const LOTTERY_STRUCTURES: Record<LotteryStructureId, readonly PrizeSlot[]> = {
  // Miền Bắc: 27 results.
  north: [
    { key: 'DB', count: 1, digits: 5 },
    { key: 'G1', count: 1, digits: 5 },
    { key: 'G2', count: 2, digits: 5 },
    { key: 'G3', count: 6, digits: 5 },
    { key: 'G4', count: 4, digits: 4 },
    { key: 'G5', count: 6, digits: 4 },
    { key: 'G6', count: 3, digits: 3 },
    { key: 'G7', count: 4, digits: 2 },
  ],
  // Miền Trung and Miền Nam: 18 results, ĐB 6 digits.
  south: [
    { key: 'DB', count: 1, digits: 6 },
    { key: 'G1', count: 1, digits: 5 },
    { key: 'G2', count: 1, digits: 5 },
    { key: 'G3', count: 2, digits: 5 },
    { key: 'G4', count: 7, digits: 5 },
    { key: 'G5', count: 1, digits: 4 },
    { key: 'G6', count: 3, digits: 4 },
    { key: 'G7', count: 1, digits: 3 },
    { key: 'G8', count: 1, digits: 2 },
  ],
  // SEA 4D (Magnum style): 1st, 2nd, 3rd, 10 special, 10 consolation = 23 numbers.
  sea4d: [
    { key: 'P1', count: 1, digits: 4 },
    { key: 'P2', count: 1, digits: 4 },
    { key: 'P3', count: 1, digits: 4 },
    { key: 'SP', count: 10, digits: 4 },
    { key: 'CO', count: 10, digits: 4 },
  ],
};

export type LotteryResults = Record<string, string[]>;

export function resultCount(structure: LotteryStructureId): number {
  return LOTTERY_STRUCTURES[structure].reduce((n, s) => n + s.count, 0);
}

/** Results with at least `digits` digits (a 3-digit lô cannot hit a 2-digit prize). */
export function resultCountWithDigits(structure: LotteryStructureId, digits: number): number {
  return LOTTERY_STRUCTURES[structure].reduce((n, s) => n + (s.digits >= digits ? s.count : 0), 0);
}

/** The draw's results from any float source, prizes in structure order. */
export function drawLottery(src: FloatSource, structure: LotteryStructureId): LotteryResults {
  const out: LotteryResults = {};
  let cursor = 0;
  for (const slot of LOTTERY_STRUCTURES[structure]) {
    const numbers: string[] = [];
    for (let i = 0; i < slot.count; i++) {
      numbers.push(drawDigits(src, slot.digits, cursor));
      cursor += slot.digits;
    }
    out[slot.key] = numbers;
  }
  return out;
}

/** The draw of a revealed server seed: client seed = the draw id, nonce 0. */
export function drawLotteryFromSeed(
  serverSeed: string,
  drawId: string,
  structure: LotteryStructureId,
): LotteryResults {
  return drawLottery(fairFloats(serverSeed, drawId, 0), structure);
}

// ---------- bet types ----------

export const LOTTERY_BET_TYPES = [
  'lo2',
  'lo3',
  'de',
  'dau',
  'duoi',
  'cang3',
  'xien2',
  'xien3',
  'xien4',
  'truot4',
  'da',
  'big4d',
  'small4d',
  'd3',
  'd2',
] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

export type LotteryFamily = 'vn' | 'sea';
export const familyOf = (s: LotteryStructureId): LotteryFamily => (s === 'sea4d' ? 'sea' : 'vn');

interface BetTypeRule {
  family: LotteryFamily;
  /** Digits of each number. */
  digits: number;
  /** The numbers form ONE combination of exactly this size (xiên, lô trượt); else each number is its own bet. */
  combination?: number;
  /** Every pair of the numbers is its own bet (đá): between `min` and `max` numbers. */
  pairs?: { min: number; max: number };
}

export const BET_TYPE_RULES: Record<LotteryBetType, BetTypeRule> = {
  lo2: { family: 'vn', digits: 2 },
  lo3: { family: 'vn', digits: 3 },
  de: { family: 'vn', digits: 2 },
  dau: { family: 'vn', digits: 1 },
  duoi: { family: 'vn', digits: 1 },
  cang3: { family: 'vn', digits: 3 },
  xien2: { family: 'vn', digits: 2, combination: 2 },
  xien3: { family: 'vn', digits: 2, combination: 3 },
  xien4: { family: 'vn', digits: 2, combination: 4 },
  truot4: { family: 'vn', digits: 2, combination: 4 },
  /**
   * DA_RULE, đá (the common "đá vòng"): the player picks 2 to 10 two-digit numbers; every pair of
   * them is one bet of `amount` (cost = amount × pairs). A pair wins when BOTH of its numbers
   * appear among the draw's lô (the last two digits of any result: 27 North, 18 Central/South).
   * A pair pays amount × odds once, however many times its numbers appear (no "nháy" multiples).
   * So when k of the picked numbers appear, k × (k − 1) / 2 pairs win; hits = pairs won.
   */
  da: { family: 'vn', digits: 2, pairs: { min: 2, max: 10 } },
  big4d: { family: 'sea', digits: 4 },
  small4d: { family: 'sea', digits: 4 },
  d3: { family: 'sea', digits: 3 },
  d2: { family: 'sea', digits: 2 },
};

export const betTypesOf = (structure: LotteryStructureId): LotteryBetType[] =>
  LOTTERY_BET_TYPES.filter((t) => BET_TYPE_RULES[t].family === familyOf(structure));

/**
 * Odds as multipliers in hundredths (9000 = pays 90 × amount). A tiered type (4D, 3D, 2D) has one
 * entry per prize it can hit. Configured per prize mode (LOTT, ZY, ELOTT, SEA) AND draw structure.
 */
export type Odds = Partial<Record<LotteryBetType, number | Partial<Record<string, number>>>>;

export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** The structures a prize mode sells: SEA sells the 4D games, the others the Vietnamese draws. */
export const PRIZE_MODE_STRUCTURES: Record<PrizeMode, readonly LotteryStructureId[]> = {
  LOTT: ['north', 'south'],
  ZY: ['north', 'south'],
  ELOTT: ['north', 'south'],
  SEA: ['sea4d'],
};

/*
 * Issue 26: a price is per (prize mode, draw STRUCTURE, bet type). One number cannot serve both
 * Vietnamese draws: a combination (xiên, đá, lô trượt) wins with a probability that depends on
 * how many results the draw has (27 North, 18 Central/South), so xiên 2 at 17× returned 93 % on
 * the North and 44 % on the South, and lô trượt 4 at 2.2× returned 73 % and 105.5 % (the house
 * lost money on it). A lô, đề, đầu/đuôi or 3 càng returns odds ÷ 100 on either (lô costs one
 * unit per result). Every default below returns 90–98 % (lottery-rtp.ts, exact; the table is in
 * docs/fairness.md and in migration 0049, which ships the same numbers).
 */
/** Returns that do not depend on the draw's size: exactly 90 % on North and Central/South alike. */
const VN_SINGLES: Odds = { lo2: 9000, lo3: 90000, de: 9000, dau: 900, duoi: 900, cang3: 90000 };
/** North, 27 results: xiên 2 93.30 %, xiên 3 94.69 %, xiên 4 93.45 %, lô trượt 4 93.00 %. */
const VN_NORTH_COMBOS: Odds = { xien2: 1700, xien3: 7700, xien4: 35000, truot4: 280, da: 1700 };
/** Central/South, 18 results: xiên 2 93.99 %, xiên 3 93.92 %, xiên 4 94.39 %, lô trượt 4 93.52 %. */
const VN_SOUTH_COMBOS: Odds = { xien2: 3600, xien3: 24000, xien4: 170000, truot4: 195, da: 3600 };
/** SEA 4D, 23 four-digit numbers: 94 % on each type (Σ prizes × odds ÷ 10^digits). */
const SEA_4D: Odds = {
  big4d: { P1: 350000, P2: 150000, P3: 80000, SP: 26000, CO: 10000 },
  small4d: { P1: 500000, P2: 300000, P3: 140000 },
  d3: { P1: 63000, P2: 21000, P3: 10000 },
  d2: { P1: 9400 },
};
// A đá pair is a xiên 2 (both numbers among the lô), so it pays what xiên 2 pays on the structure.
const vnOdds = (singles: Odds): Partial<Record<LotteryStructureId, Odds>> => ({
  north: { ...singles, ...VN_NORTH_COMBOS },
  south: { ...singles, ...VN_SOUTH_COMBOS },
});

/**
 * The shipped odds per prize mode and structure (operators override them per row). ZY (the
 * "zhi ying" market) pays more on đề (95 %); its lô is at the 90 % floor like the others.
 */
export const DEFAULT_ODDS_BY_STRUCTURE: Record<PrizeMode, Partial<Record<LotteryStructureId, Odds>>> = {
  LOTT: vnOdds(VN_SINGLES),
  ZY: vnOdds({ ...VN_SINGLES, de: 9500 }),
  ELOTT: vnOdds(VN_SINGLES),
  SEA: { sea4d: SEA_4D },
};

/** The shipped odds of a prize mode on a structure; empty when the mode does not sell it. */
export function defaultOdds(mode: PrizeMode, structure: LotteryStructureId): Odds {
  return DEFAULT_ODDS_BY_STRUCTURE[mode]?.[structure] ?? {};
}

export interface LotteryBet {
  type: LotteryBetType;
  numbers: string[];
  /** Paisa per number (per combination for xiên and lô trượt). */
  amount: number;
}

export interface SettledBet {
  cost: number;
  hits: number;
  payout: number;
}

export const MAX_NUMBERS_PER_BET = 100;

/** Refuses a bet that does not fit its type or the game's structure (the player's mistake). */
export function validateBet(structure: LotteryStructureId, bet: LotteryBet): void {
  const rule = BET_TYPE_RULES[bet.type];
  if (!rule) throw new GameRuleError('INVALID_BET', `unknown bet type`);
  if (rule.family !== familyOf(structure))
    throw new GameRuleError('INVALID_BET', `${bet.type} is not offered on this game`);
  if (!Number.isSafeInteger(bet.amount) || bet.amount <= 0)
    throw new GameRuleError('INVALID_AMOUNT', 'amount must be a positive whole number of paisa');
  const re = new RegExp(`^[0-9]{${rule.digits}}$`);
  if (bet.numbers.length === 0 || bet.numbers.length > MAX_NUMBERS_PER_BET)
    throw new GameRuleError('INVALID_BET', `1 to ${MAX_NUMBERS_PER_BET} numbers`);
  for (const n of bet.numbers)
    if (!re.test(n)) throw new GameRuleError('INVALID_BET', `${bet.type} takes ${rule.digits}-digit numbers`);
  if (new Set(bet.numbers).size !== bet.numbers.length)
    throw new GameRuleError('INVALID_BET', 'a number appears twice');
  if (rule.combination && bet.numbers.length !== rule.combination)
    throw new GameRuleError('INVALID_BET', `${bet.type} takes exactly ${rule.combination} numbers`);
  if (rule.pairs && (bet.numbers.length < rule.pairs.min || bet.numbers.length > rule.pairs.max))
    throw new GameRuleError(
      'INVALID_BET',
      `${bet.type} takes ${rule.pairs.min} to ${rule.pairs.max} numbers`,
    );
}

/** How many pairs n numbers make: a đá on n numbers is n × (n − 1) / 2 bets. */
export const pairCount = (n: number): number => (n * (n - 1)) / 2;

/** What the bet costs: lô costs amount × results per number; a combination costs amount once. */
export function betCost(structure: LotteryStructureId, bet: LotteryBet): number {
  const rule = BET_TYPE_RULES[bet.type];
  if (rule.combination) return bet.amount;
  const n = bet.numbers.length;
  if (rule.pairs) return bet.amount * pairCount(n);
  if (bet.type === 'lo2') return bet.amount * resultCount(structure) * n;
  if (bet.type === 'lo3') return bet.amount * resultCountWithDigits(structure, 3) * n;
  return bet.amount * n;
}

const flatOdds = (odds: Odds, t: LotteryBetType): number => {
  const o = odds[t];
  return typeof o === 'number' ? o : 0;
};
const tierOdds = (odds: Odds, t: LotteryBetType, tier: string): number => {
  const o = odds[t];
  return typeof o === 'object' ? (o[tier] ?? 0) : 0;
};
const pay = (amount: number, oddsHundredths: number, times: number) =>
  mulDiv(amount, oddsHundredths * times, 100);

const tail = (s: string, n: number) => s.slice(-n);

/**
 * The per-ticket rule, written straight from the definitions by scanning the results: the
 * reference the indexed settlement (`DrawIndex`) is checked against.
 */
export function settleBet(
  structure: LotteryStructureId,
  results: LotteryResults,
  bet: LotteryBet,
  odds: Odds,
): SettledBet {
  const cost = betCost(structure, bet);
  const all = LOTTERY_STRUCTURES[structure].flatMap((s) => results[s.key] ?? []);
  const db = results.DB?.[0] ?? '';
  const lo = (n: string) => all.filter((r) => r.length >= n.length && tail(r, n.length) === n).length;
  let hits = 0;
  let payout = 0;
  switch (bet.type) {
    case 'lo2':
    case 'lo3':
      for (const n of bet.numbers) {
        const h = lo(n);
        hits += h;
        payout += pay(bet.amount, flatOdds(odds, bet.type), h);
      }
      break;
    case 'de':
    case 'cang3':
    case 'dau':
    case 'duoi': {
      const target =
        bet.type === 'de'
          ? tail(db, 2)
          : bet.type === 'cang3'
            ? tail(db, 3)
            : tail(db, 2)[bet.type === 'dau' ? 0 : 1];
      for (const n of bet.numbers)
        if (n === target) {
          hits += 1;
          payout += pay(bet.amount, flatOdds(odds, bet.type), 1);
        }
      break;
    }
    case 'xien2':
    case 'xien3':
    case 'xien4':
      hits = bet.numbers.filter((n) => lo(n) > 0).length;
      if (hits === bet.numbers.length) payout = pay(bet.amount, flatOdds(odds, bet.type), 1);
      break;
    case 'truot4':
      hits = bet.numbers.filter((n) => lo(n) > 0).length;
      if (hits === 0) payout = pay(bet.amount, flatOdds(odds, bet.type), 1);
      break;
    case 'da':
      // Written pair by pair, as the definition reads (DA_RULE at BET_TYPE_RULES.da).
      for (let i = 0; i < bet.numbers.length; i++)
        for (let j = i + 1; j < bet.numbers.length; j++)
          if (lo(bet.numbers[i]!) > 0 && lo(bet.numbers[j]!) > 0) {
            hits += 1;
            payout += pay(bet.amount, flatOdds(odds, bet.type), 1);
          }
      break;
    case 'big4d':
    case 'small4d':
    case 'd3':
    case 'd2': {
      const digits = BET_TYPE_RULES[bet.type].digits;
      for (const slot of LOTTERY_STRUCTURES[structure]) {
        const o = tierOdds(odds, bet.type, slot.key);
        if (o === 0) continue;
        for (const r of results[slot.key] ?? [])
          for (const n of bet.numbers)
            if (tail(r, digits) === n) {
              hits += 1;
              payout += pay(bet.amount, o, 1);
            }
      }
      break;
    }
  }
  return { cost, hits, payout };
}

/**
 * A draw's results indexed once (counts by last two and three digits, tier hits), so settling
 * a million tickets costs a map lookup per number instead of a scan of the results.
 */
export class DrawIndex {
  private readonly tails = new Map<string, number>();
  private readonly tiers = new Map<string, string[]>();
  private readonly db: string;

  constructor(
    readonly structure: LotteryStructureId,
    readonly results: LotteryResults,
  ) {
    this.db = results.DB?.[0] ?? '';
    for (const slot of LOTTERY_STRUCTURES[structure]) {
      for (const r of results[slot.key] ?? []) {
        for (let d = 1; d <= Math.min(4, r.length); d++) {
          const k = `${d}:${tail(r, d)}`;
          this.tails.set(k, (this.tails.get(k) ?? 0) + 1);
          const tk = `${slot.key}:${d}:${tail(r, d)}`;
          const list = this.tiers.get(tk) ?? [];
          list.push(r);
          this.tiers.set(tk, list);
        }
      }
    }
  }

  private loHits(n: string): number {
    return this.tails.get(`${n.length}:${n}`) ?? 0;
  }

  settle(bet: LotteryBet, odds: Odds): SettledBet {
    const cost = betCost(this.structure, bet);
    const t = bet.type;
    let hits = 0;
    let payout = 0;
    if (t === 'lo2' || t === 'lo3') {
      for (const n of bet.numbers) {
        const h = this.loHits(n);
        hits += h;
        payout += pay(bet.amount, flatOdds(odds, t), h);
      }
    } else if (t === 'de' || t === 'cang3' || t === 'dau' || t === 'duoi') {
      const last2 = tail(this.db, 2);
      const target = t === 'de' ? last2 : t === 'cang3' ? tail(this.db, 3) : last2[t === 'dau' ? 0 : 1];
      const h = bet.numbers.includes(target ?? '') ? 1 : 0;
      hits = h;
      payout = pay(bet.amount, flatOdds(odds, t), h);
    } else if (t === 'xien2' || t === 'xien3' || t === 'xien4' || t === 'truot4') {
      hits = bet.numbers.reduce((a, n) => a + (this.loHits(n) > 0 ? 1 : 0), 0);
      const wins = t === 'truot4' ? hits === 0 : hits === bet.numbers.length;
      payout = wins ? pay(bet.amount, flatOdds(odds, t), 1) : 0;
    } else if (t === 'da') {
      // k of the numbers appear → every pair of those k is a hit: k(k − 1)/2 pairs.
      const k = bet.numbers.reduce((a, n) => a + (this.loHits(n) > 0 ? 1 : 0), 0);
      hits = pairCount(k);
      // Each pair is its own bet, rounded down on its own, as the reference pays it.
      payout = hits * pay(bet.amount, flatOdds(odds, t), 1);
    } else {
      const digits = BET_TYPE_RULES[t].digits;
      for (const slot of LOTTERY_STRUCTURES[this.structure]) {
        const o = tierOdds(odds, t, slot.key);
        if (o === 0) continue;
        for (const n of bet.numbers) {
          const h = this.tiers.get(`${slot.key}:${digits}:${n}`)?.length ?? 0;
          hits += h;
          payout += pay(bet.amount, o, h);
        }
      }
    }
    return { cost, hits, payout };
  }
}

/** Whether a result shows as a hit of the bet (the web highlights these). */
export function isHitNumber(result: string, bet: Pick<LotteryBet, 'type' | 'numbers'>): boolean {
  const d = BET_TYPE_RULES[bet.type]?.digits ?? 2;
  return bet.numbers.includes(tail(result, d));
}
