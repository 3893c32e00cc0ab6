import type { Game } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { launchGame } from '../../games/api/launch-game.ts';

/**
 * A signed-in player's free trial of one of our games (issue 31): the page plays with the session
 * of the player's trial twin (a type-4 member of their own, play money only), which the server
 * hands out with an in-house trial launch. Undefined: the signed-in session, as always. Kept in
 * memory only; the header, cashier and every other page keep the player's own session.
 */
export const InhouseTrialToken = createContext<string | undefined>(undefined);

/** The request options of an in-house call: the trial twin's token inside a free trial. */
export function useInhouseAuth(): { token?: string } {
  const token = useContext(InhouseTrialToken);
  return token === undefined ? {} : { token };
}

/** The twin's session for a free trial of in-house game `code`, asked for once per page visit. */
export function useTrialSession(code: string, enabled: boolean) {
  const realToken = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['inhouse', 'trial-session', code, realToken],
    queryFn: async ({ signal }) => {
      const list = await api.get<{ content: Game[] }>('/wps/relay/GCS_games', {
        signal,
        query: { vassalage: 'INHOUSE', gameType: 'INHOUSE', pageSize: 50 },
      });
      const game = list.content.find((g) => g.gameCode === code);
      // Not a game of ours, or no twin session: the page says it could not start (no real play).
      if (!game) throw new Error('in-house game not in the catalogue');
      const { trialToken } = await launchGame(game.gameId, true);
      if (!trialToken) throw new Error('no trial session');
      return trialToken;
    },
    enabled,
    // One twin session per visit: never refetched behind the player's back.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
