import type { Game } from '@wps/contract';

/**
 * The jackpot amount a tile shows: the pool the API reports for the game, or nothing. SPEC's
 * tile number that ticked up 165.11 every 3 seconds from a figure drawn from the game id looked
 * like a jackpot and was none (issue 27); a figure is shown only when a real pool stands behind it.
 */
export function jackpotShown(game: Pick<Game, 'jackpotPool'>): string | null {
  return game.jackpotPool ?? null;
}
