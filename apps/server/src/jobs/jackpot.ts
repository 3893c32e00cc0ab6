import type { JackpotService } from '../modules/jackpot/service.ts';
import type { JobDefinition } from './scheduler.ts';

/** The jackpot pools follow the bets record through their consumer mark (exactly once per bet). */
export function jackpotJob(jackpot: JackpotService): JobDefinition {
  return {
    name: 'jackpot-contributions',
    periodMs: 15_000,
    run: async () => ({ bets: await jackpot.catchUp() }),
  };
}
