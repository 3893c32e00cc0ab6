import type { Game, GameCategory } from '@wps/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { BALANCE_QUERY_KEY } from '../../account/api/get-balance.ts';
import { ApiError } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { getGames } from '../api/get-games.ts';
import { launchGame, type MaintenanceValue } from '../api/launch-game.ts';
import { GameTile } from './game-tile.tsx';
import '../games.css';

/** The game a popup was opened for: a game, or a vendor whose first game (its lobby) starts. */
async function resolveGame(props: Record<string, unknown>): Promise<Game> {
  if (props.game) return props.game as Game;
  const page = await getGames({
    gameType: props.gameType as GameCategory,
    vassalage: String(props.vendor ?? ''),
    filter: 'ALL',
    pageNo: 1,
    pageSize: 1,
  });
  const first = page.content[0];
  if (!first) throw new ApiError({ status: 404, code: 'NOT_FOUND', message: '' });
  return first;
}

/**
 * gameModal (SPEC §2 game popup): the vendor's launch URL in an iframe, full screen on phones and
 * a large modal on desktop. Closing it (button, Esc, backdrop) refreshes the header balance and
 * the lists a round changes. A game under maintenance (GAME_MAINTENANCE) offers its suggestions.
 */
export default function GamePopup({ props, close }: PopupBodyProps) {
  const { t } = useTranslation('games');
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [attempt] = useState(() => Date.now());
  // A signed-in player's free trial (use-launch.ts): every launch of this popup plays as the twin.
  const asTrial = props.trial === true;
  const launch = useQuery({
    queryKey: ['games', 'launch', attempt, token, asTrial],
    queryFn: async () => {
      const game = await resolveGame(props);
      return { game, ...(await launchGame(game.gameId, asTrial)) };
    },
    // A launch token is single-use: never refetched behind the player's back.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['member', 'games'] });
    },
    [queryClient],
  );

  // A browser that blocks the new window keeps the player here with SPEC §8's message. The window
  // opens inside the click (so it counts as the person's), then gets a fresh one-time URL.
  const openWindow = async (game: Game) => {
    const w = window.open('about:blank', '_blank');
    if (!w) {
      toast.error(t('popupBlocked'));
      return;
    }
    try {
      const { url } = await launchGame(game.gameId, asTrial);
      w.opener = null;
      w.location.href = url;
      close();
    } catch (err) {
      w.close();
      toast.error(err instanceof Error ? err.message : t('launchFailed'));
    }
  };

  if (launch.isPending) return <Loader label={t('launching')} />;

  if (launch.error) {
    const err = launch.error;
    const maintenance = err instanceof ApiError && err.code === 'GAME_MAINTENANCE';
    const suggestions = maintenance ? ((err.value as MaintenanceValue | null)?.suggestions ?? []) : [];
    return (
      <div className="game-popup game-popup--message" data-testid="game-popup">
        <p role="alert" className="game-popup__error">
          {maintenance ? t('maintenance') : err.message || t('launchFailed')}
        </p>
        {suggestions.length > 0 && (
          <section aria-labelledby="game-suggestions">
            <h3 id="game-suggestions" className="games-heading">
              {t('suggestions')}
            </h3>
            <ul className="game-grid">
              {suggestions.map((g) => (
                <li key={g.gameId}>
                  <GameTile game={g} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <Button variant="secondary" onClick={close}>
          {t('close')}
        </Button>
      </div>
    );
  }

  const { game, url, trial } = launch.data;
  return (
    <div className="game-popup" data-testid="game-popup">
      <div className="game-popup__bar">
        <strong className="game-popup__name">{game.displayName}</strong>
        {/* Play money, never the header's balance: say so on the game screen. */}
        {trial && (
          <span className="game-badge game-badge--trial" data-testid="trial-marker">
            {t('trialMarker')}
          </span>
        )}
        <Button size="sm" variant="ghost" onClick={() => void openWindow(game)}>
          {t('newWindow')}
        </Button>
        <Button size="sm" variant="secondary" onClick={close}>
          {t('closeGame')}
        </Button>
      </div>
      <iframe
        className="game-popup__frame"
        src={url}
        title={game.displayName}
        allow="autoplay; fullscreen"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
