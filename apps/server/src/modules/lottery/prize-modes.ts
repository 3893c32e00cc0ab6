import type { LotteryPrizeMode } from '@wps/contract';
import type { LotteryGame } from './games.ts';

/** The prize mode a game's tickets use when the caller names none. */
export function defaultPrizeMode(game: LotteryGame): LotteryPrizeMode {
  if (game.vendor === 'TCG_SEA') return 'SEA';
  return game.gameType === 'ELOTT' ? 'ELOTT' : 'LOTT';
}

/** Whether a menu of `mode` lists the game: SEA lists the 4D games, the others the Vietnamese ones. */
export const inMode = (game: LotteryGame, mode: LotteryPrizeMode | undefined) =>
  !mode || (mode === 'SEA') === (game.vendor === 'TCG_SEA');
