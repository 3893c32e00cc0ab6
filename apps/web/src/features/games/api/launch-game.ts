import type { Game } from '@wps/contract';
import { api } from '../../../shared/api/client.ts';

export interface LaunchResult {
  url: string;
  trial: boolean;
  expiresAt: string;
}

/** What a game popup needs to say when a launch answers GAME_MAINTENANCE (SPEC §8). */
export interface MaintenanceValue {
  suggestions: Game[];
}

/** Phones get the vendor's mobile layout. */
export const launchDevice = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches ? 'H5' : 'WEB';

/** GET /wps/game/launchGame (token): a one-time launch URL. */
export const launchGame = (gameId: number) =>
  api.get<LaunchResult>('/wps/game/launchGame', { query: { gameId, device: launchDevice() } });
