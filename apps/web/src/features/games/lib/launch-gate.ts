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

/** A free-trial button shows on supportPlay 0 games, for whoever is not playing with real money. */
export const showsFreeTrial = (
  game: { supportPlay: number },
  session: { hasToken: boolean; isTrial: boolean },
) => game.supportPlay === 0 && (!session.hasToken || session.isTrial);
