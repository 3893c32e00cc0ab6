/*
 * Money in the engines: integer minor units (paisa) as JS numbers, always safe integers.
 * Numbers rather than bigint so a game state is plain JSON (blackjack and mines resume from it) and
 * the RTP bench runs fast; the server converts to/from the ledger's bigint at the boundary.
 * Every payout is rounded DOWN to the paisa.
 */
export class GameRuleError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GameRuleError';
  }
}

export function assertStake(amount: number, what = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new GameRuleError('INVALID_AMOUNT', `${what} must be a positive whole number of paisa`);
  }
}

/** floor(stake × num / den) without overflow for any safe stake. */
export function mulDiv(stake: number, num: number, den: number): number {
  const p = stake * num;
  if (Number.isSafeInteger(p)) return Math.floor(p / den);
  return Number((BigInt(stake) * BigInt(num)) / BigInt(den));
}
