/**
 * SPEC §4/§6 before a game starts: a guest is sent to the login popup ('Please login to the user
 * account'); a trial player may only start free-trial games (supportPlay 0) and is otherwise told a
 * real account is needed; everyone else goes ahead (the server checks the same again).
 */
export type LaunchGate = 'login' | 'realAccountNeeded' | 'go';

export function launchGate(
  session: { hasToken: boolean; isTrial: boolean },
  game: { supportPlay: number } | null,
): LaunchGate {
  if (!session.hasToken) return 'login';
  if (session.isTrial && game?.supportPlay !== 0) return 'realAccountNeeded';
  return 'go';
}

/**
 * A free-trial button shows on supportPlay 0 games (SPEC §2/§3): for a guest (it asks them to log
 * in), a trial account, and, when free play is switched on (FREEPLAY3), a signed-in player, whose
 * click plays as their own trial member with play money (issue 31, `trialLaunch`).
 */
export const showsFreeTrial = (
  game: { supportPlay: number },
  session: { hasToken: boolean; isTrial: boolean; freePlay?: boolean },
) => game.supportPlay === 0 && (!session.hasToken || session.isTrial || Boolean(session.freePlay));

/** A free-trial click of a signed-in real player asks the server for a trial launch (`trial=1`). */
export const trialLaunch = (session: { hasToken: boolean; isTrial: boolean }) =>
  session.hasToken && !session.isTrial;
