import type { Game } from '@wps/contract';
import { api } from '../../../shared/api/client.ts';

export interface LaunchResult {
  url: string;
  trial: boolean;
  expiresAt: string;
  /** An in-house free trial: the trial twin's session, which the game page plays with. */
  trialToken?: string;
}

/** What a game popup needs to say when a launch answers GAME_MAINTENANCE (SPEC §8). */
export interface MaintenanceValue {
  suggestions: Game[];
}

/** Phones get the vendor's mobile layout. */
export const launchDevice = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches ? 'H5' : 'WEB';

/**
 * GET /wps/game/launchGame (token): a one-time launch URL. `trial`: a signed-in player's free
 * trial, played as their trial twin (play money; supportPlay 0 games, free play switched on).
 */
export const launchGame = (gameId: number, trial = false) =>
  api.get<LaunchResult>('/wps/game/launchGame', {
    query: { gameId, device: launchDevice(), ...(trial ? { trial: '1' } : {}) },
  });
