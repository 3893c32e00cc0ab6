import type { LotteryBet } from '@wps/games';

/**
 * A bet as stored on the ticket: paisa as numbers. Hits and payout are present only on tickets
 * settled before settlement stopped writing them (ticket-view.ts computes them on read).
 */
export interface StoredBet extends LotteryBet {
  /** Face cost by the rules; the ticket charged cost − commission. */
  cost: number;
  /** Commission taken off at purchase (absent on tickets bought before commissions existed). */
  commission?: number;
  hits?: number;
  payout?: number;
}
