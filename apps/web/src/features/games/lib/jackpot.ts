import type { Game, JackpotPool } from '@wps/contract';

/**
 * The jackpot amount a tile shows: the real pool that covers the game (GET /wps/jackpot), or
 * nothing. SPEC's tile number that ticked up 165.11 every 3 seconds from a figure drawn from the
 * game id looked like a jackpot and was none (issue 27); a figure is shown only when a real pool
 * stands behind it, and it is the pool's balance as the API last sent it.
 */
export function jackpotShown(
  game: Pick<Game, 'jackpotPool'> & Partial<Pick<Game, 'gameCode' | 'vassalage'>>,
  pools: ReadonlyArray<Pick<JackpotPool, 'amount' | 'games' | 'vendor'>> = [],
): string | null {
  if (game.jackpotPool) return game.jackpotPool;
  const pool = pools.find(
    (p) => p.vendor === game.vassalage && game.gameCode !== undefined && p.games.includes(game.gameCode),
  );
  return pool?.amount ?? null;
}
