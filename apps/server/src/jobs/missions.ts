import type { MissionsService } from '../modules/missions/service.ts';
import type { JobDefinition } from './scheduler.ts';

/** Missions, the leaderboard and VIP turnover follow the bets record through their consumer mark (exactly once). */
export function missionsJob(missions: MissionsService): JobDefinition {
  return {
    name: 'missions-progress',
    periodMs: 60_000,
    run: async () => ({ bets: await missions.catchUp() }),
  };
}
