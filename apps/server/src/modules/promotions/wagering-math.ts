import type { Contributions } from './schema.ts';

/**
 * Percent of a stake that counts: the game's own entry (`TYPE:GAME`, e.g. `INHOUSE:DICE`, so the
 * in-house games, all of type INHOUSE, can differ), else its type's, else OTHER, else in full.
 */
export function contributionPercent(
  contributions: Contributions,
  gameType: string,
  gameCode?: string | null,
): number {
  const own = gameCode ? contributions[`${gameType}:${gameCode.toUpperCase()}`] : undefined;
  const pct = own ?? contributions[gameType] ?? contributions.OTHER ?? 100;
  return Math.max(0, Math.min(100, Math.trunc(pct)));
}

/**
 * What a valid stake adds to wagering: its contribution, rounded down to the paisa. A negative
 * stake (a rolled-back bet's correcting row) takes its contribution back.
 */
export function contributionOf(
  contributions: Contributions,
  gameType: string,
  validStake: bigint,
  gameCode?: string | null,
): bigint {
  const pct = BigInt(contributionPercent(contributions, gameType, gameCode));
  const scaled = validStake * pct;
  // Round toward zero either way, so a bet and its rollback cancel exactly.
  return scaled / 100n;
}

/** The requirement of a bonus: multiplier × bonus. */
export const wageringRequirement = (amount: bigint, multiplier: number): bigint =>
  amount * BigInt(Math.max(0, Math.trunc(multiplier)));

/** Wagered after one more bet: never below zero. Met once it reaches the requirement. */
export function advance(
  wagered: bigint,
  required: bigint,
  contribution: bigint,
): { wagered: bigint; met: boolean } {
  const next = wagered + contribution < 0n ? 0n : wagered + contribution;
  return { wagered: next, met: next >= required };
}

/** The deposit bonus: percent of the deposit, at most the cap (paisa, rounded down). */
export function depositBonus(deposit: bigint, percent: number, cap: bigint): bigint {
  const raw = (deposit * BigInt(percent)) / 100n;
  return raw > cap ? cap : raw;
}

/** 0–100 for the progress bar. */
export function progressOf(wagered: bigint, required: bigint): number {
  if (required <= 0n) return 100;
  const p = (wagered * 100n) / required;
  return Number(p > 100n ? 100n : p);
}

/**
 * Cashback on a period's net loss (valid stake − payout): percent of it, at most the cap, nothing
 * on a net win, a break-even or a loss below `minLoss` (paisa, rounded down). Never more than the loss.
 */
export function cashbackOf(
  stake: bigint,
  payout: bigint,
  rule: { percent: number; cap: bigint; minLoss: bigint },
): bigint {
  // The money lost (real play only): stake, not valid stake, which counts a loss and a win alike.
  const loss = stake - payout;
  if (loss <= 0n || loss < rule.minLoss || rule.percent <= 0) return 0n;
  const pct = BigInt(Math.min(100, Math.trunc(rule.percent)));
  const raw = (loss * pct) / 100n;
  return raw > rule.cap ? rule.cap : raw;
}
