import { DrawIndex, type LotteryResults, type Odds } from '@wps/games';
import type { StoredBet } from './draws.ts';
import type { LotteryGame } from './games.ts';

/**
 * What a ticket pays by the rules: the sum of its bets' payouts against the draw's index, at the
 * odds stored on the ticket. Settlement pays this, and `betOutcomes` shows its parts: one rule
 * for both, so the per-bet figures a player reads always add up to what was paid.
 */
export function ticketPayout(index: DrawIndex, bets: readonly StoredBet[], odds: Odds): bigint {
  let payout = 0n;
  for (const b of bets) payout += BigInt(index.settle(b, odds).payout);
  return payout;
}

/**
 * Each bet's hits and payout on a settled ticket. Settlement writes only the ticket's state and
 * total (settle.ts), so they are computed here from the same inputs it used: the bet, the
 * ticket's odds and the draw's results, all immutable once the draw is drawn. Tickets settled
 * before that carry their figures in `bets`, which are kept as written.
 */
export function betOutcomes(
  index: DrawIndex,
  bets: readonly StoredBet[],
  odds: Odds,
): Array<{ hits: number; payout: number }> {
  return bets.map((b) => {
    if (b.hits !== undefined && b.payout !== undefined) return { hits: b.hits, payout: b.payout };
    const r = index.settle(b, odds);
    // `+ 0` turns the rules' -0 (đá with no pair: 0 × −1 / 2) into 0, as the JSON written at
    // settlement used to store it.
    return { hits: r.hits + 0, payout: r.payout + 0 };
  });
}

/**
 * One DrawIndex per draw for a page of tickets (a page usually holds a few draws' tickets), built
 * on first use. Null when the game is unknown or the draw has no results yet.
 */
export function drawIndexes(gamesByCode: ReadonlyMap<string, LotteryGame>) {
  const built = new Map<string, DrawIndex | null>();
  return (gameCode: string, drawId: string, results: unknown): DrawIndex | null => {
    let index = built.get(drawId);
    if (index === undefined) {
      const game = gamesByCode.get(gameCode);
      index = game && results ? new DrawIndex(game.structure, results as LotteryResults) : null;
      built.set(drawId, index);
    }
    return index;
  };
}
