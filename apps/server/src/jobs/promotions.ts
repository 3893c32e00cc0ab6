import type { PointsService } from '../modules/points/service.ts';
import type { BonusEngine } from '../modules/promotions/bonus-engine.ts';
import type { ReferralService } from '../modules/referral/service.ts';
import type { JobDefinition } from './scheduler.ts';

/**
 * Bonus wagering follows the bets record through its consumer mark (exactly once whoever runs
 * it), and bonuses past their deadline are forfeited. Each minute's run does both; both are
 * idempotent, so a repeated or overlapping run changes nothing.
 */
export function bonusJob(engine: BonusEngine): JobDefinition {
  return {
    name: 'promotions-bonus-wagering',
    periodMs: 60_000,
    run: async ({ periodEnd }) => ({
      bets: await engine.catchUp(),
      forfeited: await engine.expire(periodEnd),
    }),
  };
}

/** Points follow the bets record through their own consumer mark (exactly once). */
export function pointsJob(points: PointsService): JobDefinition {
  return {
    name: 'points-accrual',
    periodMs: 60_000,
    run: async () => ({ bets: await points.catchUp() }),
  };
}

/** Referral rewards follow the bets record through their own consumer mark; each evaluation pays once. */
export function referralJob(referral: ReferralService): JobDefinition {
  return {
    name: 'referral-rewards',
    periodMs: 60_000,
    run: async () => ({ bets: await referral.catchUp() }),
  };
}
