import { toDie } from './fairness.ts';
import { assertStake, GameRuleError } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Sic bo, three dice, die = floor(f × 6) + 1 for floats 0, 1, 2. Paytable (odds "to 1"; the gross
 * return is odds + 1):
 *   small (total 4–10) / big (11–17) 1:1, both lose on any triple
 *   total 4 or 17 60:1 · 5 or 16 30:1 · 6 or 15 17:1 · 7 or 14 12:1 · 8 or 13 8:1 · 9–12 6:1
 *   any triple 30:1 · specific triple 180:1 · specific double (at least two of a number) 10:1
 *   two-dice combination (both numbers appear) 5:1 · single number 1:1 / 2:1 / 3:1 for 1 / 2 / 3 dice
 */
export type SicBoBet =
  | { type: 'small' | 'big' | 'anyTriple'; amount: number }
  | { type: 'total'; total: number; amount: number }
  | { type: 'triple' | 'double' | 'single'; number: number; amount: number }
  | { type: 'combination'; numbers: [number, number]; amount: number };

export const SICBO_TOTAL_ODDS: Readonly<Record<number, number>> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};
export const SICBO_ODDS = { smallBig: 1, anyTriple: 30, triple: 180, double: 10, combination: 5 } as const;

const isFace = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

export function validateSicBoBet(bet: SicBoBet): void {
  assertStake(bet.amount);
  switch (bet.type) {
    case 'small':
    case 'big':
    case 'anyTriple':
      return;
    case 'total':
      if (SICBO_TOTAL_ODDS[bet.total] === undefined) throw new GameRuleError('INVALID_BET', 'total is 4–17');
      return;
    case 'triple':
    case 'double':
    case 'single':
      if (!isFace(bet.number)) throw new GameRuleError('INVALID_BET', 'number is 1–6');
      return;
    case 'combination':
      if (
        !Array.isArray(bet.numbers) ||
        bet.numbers.length !== 2 ||
        !bet.numbers.every(isFace) ||
        bet.numbers[0] === bet.numbers[1]
      ) {
        throw new GameRuleError('INVALID_BET', 'a combination is two different numbers 1–6');
      }
      return;
    default:
      throw new GameRuleError('INVALID_BET', 'unknown bet type');
  }
}

export function sicBoPayout(bet: SicBoBet, dice: readonly number[]): number {
  const total = dice[0]! + dice[1]! + dice[2]!;
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const count = (n: number) => dice.filter((d) => d === n).length;
  const gross = (odds: number) => bet.amount * (odds + 1);
  switch (bet.type) {
    case 'small':
      return !triple && total >= 4 && total <= 10 ? gross(1) : 0;
    case 'big':
      return !triple && total >= 11 && total <= 17 ? gross(1) : 0;
    case 'anyTriple':
      return triple ? gross(SICBO_ODDS.anyTriple) : 0;
    case 'total':
      return total === bet.total ? gross(SICBO_TOTAL_ODDS[bet.total]!) : 0;
    case 'triple':
      return count(bet.number) === 3 ? gross(SICBO_ODDS.triple) : 0;
    case 'double':
      return count(bet.number) >= 2 ? gross(SICBO_ODDS.double) : 0;
    case 'single': {
      const c = count(bet.number);
      return c > 0 ? gross(c) : 0;
    }
    case 'combination':
      return count(bet.numbers[0]) > 0 && count(bet.numbers[1]) > 0 ? gross(SICBO_ODDS.combination) : 0;
  }
}

export function playSicBo(src: FloatSource, bets: SicBoBet[]) {
  if (bets.length === 0) throw new GameRuleError('INVALID_BET', 'at least one bet');
  for (const b of bets) validateSicBoBet(b);
  const dice = [toDie(src.float(0)), toDie(src.float(1)), toDie(src.float(2))];
  const perBet = bets.map((b) => sicBoPayout(b, dice));
  return {
    outcome: { dice, total: dice[0]! + dice[1]! + dice[2]! },
    stake: bets.reduce((a, b) => a + b.amount, 0),
    payout: perBet.reduce((a, p) => a + p, 0),
    perBet,
  };
}

/** Exact RTP of a bet over the 216 equally likely rolls. */
export function sicBoBetRtp(bet: SicBoBet): number {
  let sum = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) sum += sicBoPayout({ ...bet, amount: 1 }, [a, b, c]);
  return sum / 216;
}
