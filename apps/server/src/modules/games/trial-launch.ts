import { AppError } from '../../http/errors.ts';
import type { Member, MembersService } from '../members/service.ts';
import type { GameRow } from './catalogue.ts';

/** Twins a network address may have made in an hour (as many as free-play logins, auth/service.ts). */
export const TRIAL_TWINS_PER_IP_PER_HOUR = 20;
/** Free-trial launches a member may make in ten minutes (each in-house one opens a twin session). */
export const TRIAL_LAUNCHES_PER_MEMBER = 60;

/** What a signed-in player's free trial needs from modules built after games (services.ts). */
export interface TrialLaunchDeps {
  /** SPEC's free-play switch (FREEPLAY3): off, no free trial for anyone. */
  enabled: () => Promise<boolean>;
  /** Throws RATE_LIMITED past `limit` hits of `key` in `windowMs` (auth's limiter). */
  rateLimit: (key: string, limit: number, windowMs: number) => Promise<void>;
  /**
   * A session of the twin for our own games. In-house games are pages of this site that play
   * with the caller's session, so a free-trial in-house game plays with the twin's own session:
   * a trial-role session of a type-4 member, which every in-house path already pays in play money
   * and which the cashier, withdrawal and profile routes already refuse (they require player or
   * agent). The real member's session is never reinterpreted as the twin's: nothing on the
   * server switches identity by a flag, so no call with the real session can reach play money
   * or, worse, a "trial" call reach the real wallet.
   */
  openSession: (twinId: number) => Promise<string>;
}

/**
 * The member a signed-in player's free trial plays as: refused when free play is off or the game
 * has no free trial (SPEC §3: supportPlay 0), else the player's twin, made on first use.
 */
export async function trialPlayer(
  members: MembersService,
  deps: TrialLaunchDeps,
  memberId: number,
  game: GameRow,
  ip: string | null,
): Promise<Member> {
  if (!(await deps.enabled()) || game.supportPlay !== 0) throw new AppError('NOT_ENABLED');
  await deps.rateLimit(`trial-launch:member:${memberId}`, TRIAL_LAUNCHES_PER_MEMBER, 600_000);
  return members.trialTwins.ensure(memberId, {
    ip,
    beforeCreate: () => deps.rateLimit(`trial-twin:ip:${ip ?? '-'}`, TRIAL_TWINS_PER_IP_PER_HOUR, 3_600_000),
  });
}
