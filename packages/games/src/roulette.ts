import { toRoulettePocket } from './fairness.ts';
import { assertStake, GameRuleError, mulDiv } from './money.ts';
import type { FloatSource } from './rng.ts';

/** European single-zero roulette; one float → pocket floor(f × 37). */
export const ROULETTE_BET_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

export interface RouletteBet {
  type: RouletteBetType;
  numbers?: number[];
  amount: number;
}

export const RED_POCKETS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

const key = (ns: number[]): string => [...ns].sort((a, b) => a - b).join(',');

// Every legal inside group, built once from the layout: 3 columns × 12 rows, row r holds 3r+1..3r+3.
function insideGroups(): Record<'split' | 'street' | 'corner' | 'line', Set<string>> {
  const split = new Set<string>();
  const street = new Set<string>();
  const corner = new Set<string>();
  const line = new Set<string>();
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.add(key([n, n + 1]));
    if (n <= 33) split.add(key([n, n + 3]));
    if (n % 3 !== 0 && n <= 32) corner.add(key([n, n + 1, n + 3, n + 4]));
  }
  for (const z of [1, 2, 3]) split.add(key([0, z]));
  for (let r = 0; r < 12; r++) street.add(key([3 * r + 1, 3 * r + 2, 3 * r + 3]));
  // The zero trios are streets on a European table (12:1).
  street.add(key([0, 1, 2]));
  street.add(key([0, 2, 3]));
  // "First four" is the corner of 0-1-2-3 (8:1).
  corner.add(key([0, 1, 2, 3]));
  for (let r = 0; r < 11; r++)
    line.add(key([3 * r + 1, 3 * r + 2, 3 * r + 3, 3 * r + 4, 3 * r + 5, 3 * r + 6]));
  return { split, street, corner, line };
}
const GROUPS = insideGroups();
const INSIDE_SIZE = { straight: 1, split: 2, street: 3, corner: 4, line: 6 } as const;

/** Throws GameRuleError('INVALID_BET') unless the bet is a legal roulette bet. */
export function validateRouletteBet(bet: RouletteBet): void {
  assertStake(bet.amount);
  if (!ROULETTE_BET_TYPES.includes(bet.type))
    throw new GameRuleError('INVALID_BET', `unknown bet type ${bet.type}`);
  const ns = bet.numbers ?? [];
  if (!ns.every((n) => Number.isInteger(n)))
    throw new GameRuleError('INVALID_BET', 'numbers must be integers');
  switch (bet.type) {
    case 'straight':
      if (ns.length !== 1 || ns[0]! < 0 || ns[0]! > 36)
        throw new GameRuleError('INVALID_BET', 'straight needs one pocket 0–36');
      return;
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      if (ns.length !== INSIDE_SIZE[bet.type] || !GROUPS[bet.type].has(key(ns))) {
        throw new GameRuleError('INVALID_BET', `numbers do not form a ${bet.type}`);
      }
      return;
    case 'dozen':
    case 'column':
      if (ns.length !== 1 || ![1, 2, 3].includes(ns[0]!))
        throw new GameRuleError('INVALID_BET', `${bet.type} needs [1|2|3]`);
      return;
    default:
      if (ns.length > 0) throw new GameRuleError('INVALID_BET', `${bet.type} takes no numbers`);
  }
}

/** Gross return of one bet for a pocket (stake included; 0 when lost). */
export function roulettePayout(bet: RouletteBet, pocket: number): number {
  const ns = bet.numbers ?? [];
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      return ns.includes(pocket) ? mulDiv(bet.amount, 36, ns.length) : 0;
    case 'dozen':
      return pocket > 0 && Math.ceil(pocket / 12) === ns[0] ? bet.amount * 3 : 0;
    case 'column':
      return pocket > 0 && ((pocket - 1) % 3) + 1 === ns[0] ? bet.amount * 3 : 0;
    case 'red':
      return RED_POCKETS.has(pocket) ? bet.amount * 2 : 0;
    case 'black':
      return pocket > 0 && !RED_POCKETS.has(pocket) ? bet.amount * 2 : 0;
    case 'odd':
      return pocket % 2 === 1 ? bet.amount * 2 : 0;
    case 'even':
      return pocket > 0 && pocket % 2 === 0 ? bet.amount * 2 : 0;
    case 'low':
      return pocket >= 1 && pocket <= 18 ? bet.amount * 2 : 0;
    case 'high':
      return pocket >= 19 ? bet.amount * 2 : 0;
  }
}

export interface RouletteResult {
  outcome: { pocket: number };
  stake: number;
  payout: number;
  perBet: number[];
}

export function playRoulette(src: FloatSource, bets: RouletteBet[]): RouletteResult {
  if (bets.length === 0) throw new GameRuleError('INVALID_BET', 'at least one bet');
  for (const b of bets) validateRouletteBet(b);
  const pocket = toRoulettePocket(src.float(0));
  const perBet = bets.map((b) => roulettePayout(b, pocket));
  return {
    outcome: { pocket },
    stake: bets.reduce((a, b) => a + b.amount, 0),
    payout: perBet.reduce((a, p) => a + p, 0),
    perBet,
  };
}

/** Exact RTP of one bet: the mean gross return over the 37 pockets per unit staked. */
export function rouletteBetRtp(bet: Omit<RouletteBet, 'amount'>): number {
  let total = 0;
  for (let p = 0; p < 37; p++) total += roulettePayout({ ...bet, amount: 36 * 37 }, p);
  return total / 37 / (36 * 37);
}
