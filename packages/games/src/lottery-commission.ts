import type { LotteryBetType, PrizeMode } from './lottery.ts';
import { mulDiv } from './money.ts';

/*
 * Lottery commission (hoa hồng), configurable per prize mode and bet type.
 *
 * The choice: commission is taken off the cost when the ticket is bought, the Vietnamese lô đề
 * practice ("giá đánh": a lô 2 số point that covers 27 results is sold for e.g. 21.7 instead of
 * 27, i.e. 19.6 % commission) which the LOTT and ZY markets follow. Each bet's face cost is what
 * the rules say (amount × results for lô, amount × pairs for đá…); its commission is
 * floor(cost × rate); the ticket charges Σ(cost − commission). So the player's money moves once,
 * in the ticket's own ledger transaction (keyed by the ticket: exactly once), a cancellation
 * refunds exactly what was paid, turnover and the betting record count what was really staked,
 * and settlement needs nothing more than it already does. Payouts are on the face amount.
 */

/** Commission per bet type in basis points of the cost (100 = 1 %). Absent = none. */
export type Commissions = Partial<Record<LotteryBetType, number>>;

/** The most commission an operator may give: half the cost (a ticket always costs something). */
export const MAX_COMMISSION_BPS = 5000;

/** The demo sells at face value in every prize mode; operators set commissions in the console. */
export const DEFAULT_COMMISSIONS: Record<PrizeMode, Commissions> = { LOTT: {}, ZY: {}, ELOTT: {}, SEA: {} };

/** A bet's commission (paisa) on its face cost, rounded down: the house never gives a part paisa. */
export function betCommission(cost: number, bps: number | undefined): number {
  if (!bps || bps <= 0) return 0;
  return mulDiv(cost, Math.min(bps, MAX_COMMISSION_BPS), 10_000);
}

/** Odds an operator may set, in hundredths: above zero, at most 1,000,000×. */
export const MAX_ODDS_HUNDREDTHS = 100_000_000;
