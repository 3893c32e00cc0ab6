import type { Services } from '../../services.ts';
import { seedOperators } from './auth.ts';
import { seedAgents } from './agents.ts';
import { seedContent } from './content.ts';
import { seedGames } from './games.ts';
import { seedMembers } from './members.ts';
import { seedSystem } from './system.ts';
import { seedWallet } from './wallet.ts';
import { seedPoints, seedPromotions, seedRebate, seedTickets } from './promotions.ts';
import { seedMissions, seedVip } from './missions.ts';

/**
 * The demo data set (DESIGN §4): only with the embedded database, never in production.
 * Each module seeds its own part through its service; every step is idempotent, so running
 * `npm start` again changes nothing.
 */
export async function seedDemo(services: Services): Promise<boolean> {
  const steps = [
    seedSystem,
    seedMembers,
    seedOperators,
    seedWallet,
    seedGames,
    seedAgents,
    seedContent,
    seedPromotions,
    seedPoints,
    seedRebate,
    seedTickets,
    seedMissions,
    seedVip,
  ];
  let changed = false;
  for (const step of steps) changed = (await step(services)) || changed;
  return changed;
}
