import { toDiceHundredths } from './fairness.ts';
import { assertStake, GameRuleError, mulDiv } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Dice: roll = floor(f × 10001) / 100 ∈ {0.00 … 100.00}. Everything is in hundredths (integers),
 * so "roll > target" is never a float comparison.
 * Win chance (%) is the one players see: 100 − target for over, target for under.
 * Multiplier = 99 / chance rounded DOWN to 4 decimals: kept as an integer in 1/10000
 * (floor(990000 × 100 / chanceHundredths)); payout = floor(stake × m / 10000).
 * Exact RTP for a target: (winning rolls / 10001) × m / 10000 ≤ 0.99 × 10000/10001 ≈ 98.99 %.
 */
export type DiceDirection = 'over' | 'under';
export interface DiceBet {
  amount: number;
  /** 0.01–99.99, at most two decimals. */
  target: number;
  direction: DiceDirection;
}

export function targetToHundredths(target: number): number {
  const t = Math.round(target * 100);
  if (!Number.isFinite(target) || Math.abs(t - target * 100) > 1e-6 || t < 1 || t > 9999) {
    throw new GameRuleError('INVALID_TARGET', 'target must be 0.01–99.99 with at most two decimals');
  }
  return t;
}

export function diceChanceHundredths(t: number, direction: DiceDirection): number {
  return direction === 'over' ? 10000 - t : t;
}

/** Multiplier in 1/10000 units (20000 = 2.0000×). */
export function diceMultiplier(t: number, direction: DiceDirection): number {
  return Math.floor(99_000_000 / diceChanceHundredths(t, direction));
}

export function playDice(src: FloatSource, bet: DiceBet) {
  assertStake(bet.amount);
  if (bet.direction !== 'over' && bet.direction !== 'under')
    throw new GameRuleError('INVALID_BET', 'direction is over or under');
  const t = targetToHundredths(bet.target);
  const roll = toDiceHundredths(src.float(0));
  const win = bet.direction === 'over' ? roll > t : roll < t;
  const m = diceMultiplier(t, bet.direction);
  return {
    outcome: { roll: roll / 100, win, multiplier: m / 10000 },
    stake: bet.amount,
    payout: win ? mulDiv(bet.amount, m, 10000) : 0,
  };
}

/** Exact RTP for a target and direction (before rounding of the payout to paisa). */
export function diceRtp(target: number, direction: DiceDirection): number {
  const t = targetToHundredths(target);
  const winning = direction === 'over' ? 10000 - t : t; // rolls t+1..10000 or 0..t-1
  return ((winning / 10001) * diceMultiplier(t, direction)) / 10000;
}
