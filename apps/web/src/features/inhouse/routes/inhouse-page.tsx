import { GAMES_BY_ID, type GameId } from '@wps/games';
import { INHOUSE_GAMES, type InhouseGame } from '@wps/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useInhouseGames } from '../api/inhouse.ts';
import { InhouseTrialToken, useTrialSession } from '../api/trial.ts';
import { FairnessPanel } from '../components/fairness-panel.tsx';
import { ErrorLine, type GameProps, RichText } from '../components/shared.tsx';
import '../inhouse.css';

/** One lazy chunk per game: only the table being played is downloaded. */
const GAME_CHUNKS: Record<InhouseGame, ComponentType<GameProps>> = {
  roulette: lazy(() => import('../games/roulette.tsx')),
  blackjack: lazy(() => import('../games/blackjack.tsx')),
  dice: lazy(() => import('../games/dice.tsx')),
  mines: lazy(() => import('../games/mines.tsx')),
  plinko: lazy(() => import('../games/plinko.tsx')),
  keno: lazy(() => import('../games/keno.tsx')),
  baccarat: lazy(() => import('../games/baccarat.tsx')),
  'dragon-tiger': lazy(() => import('../games/dragon-tiger.tsx')),
  sicbo: lazy(() => import('../games/sicbo.tsx')),
  'video-slot': lazy(() => import('../games/slots.tsx')),
  'classic-slot': lazy(() => import('../games/slots.tsx')),
  crash: lazy(() => import('../games/crash.tsx')),
};

/**
 * /rng/inhouse/{game}: the game, its rules (en/ne), RTP and limits, and the fairness panel.
 * `?trial=1` from a signed-in player (the tile's free-trial button): the game and its fairness
 * panel play with the player's trial twin's session (api/trial.ts), marked as play money; until
 * that session is there nothing can be played, so a trial page never bets with the real session.
 */
export default function InhousePage(_: PageProps) {
  const { t, i18n } = useTranslation(['inhouse', 'games']);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const game = pathname.split('/').pop() as InhouseGame;
  const known = (INHOUSE_GAMES as readonly string[]).includes(game);
  const trialMode = known && params.get('trial') === '1' && hasToken && !isTrial;
  const trial = useTrialSession(game, trialMode);
  const games = useInhouseGames();
  if (!known) return null;
  const meta = GAMES_BY_ID[game as GameId];
  const info = games.data?.games.find((g) => g.game === game);
  const lang = i18n.language === 'ne' ? 'ne' : 'en';
  const Game = GAME_CHUNKS[game];
  return (
    <div className="page ih-page">
      <PageHeader
        title={meta.name[lang]}
        lead={t('rtpLine', { rtp: (meta.rtp * 100).toFixed(2), edge: (meta.houseEdge * 100).toFixed(2) })}
      />
      {info?.paused && <p className="text-danger">{t('paused')}</p>}
      {trialMode && (
        <p className="ih-trial-marker" data-testid="trial-marker">
          {t('games:trialMarker')}
        </p>
      )}
      {trialMode && trial.error && <ErrorLine error={trial.error} />}
      {trialMode && trial.isPending && <Loader label={t('loading')} />}
      {(!trialMode || trial.data) && (
        <InhouseTrialToken.Provider value={trialMode ? trial.data : undefined}>
          <Suspense fallback={<Loader label={t('loading')} />}>
            <Game game={game} info={info} />
          </Suspense>
          {/* Crash rounds are shared: their proof is the hash chain, shown in the game. */}
          {game !== 'crash' && <FairnessPanel />}
        </InhouseTrialToken.Provider>
      )}
      <details className="card ih-help">
        <summary>{t('howToPlay')}</summary>
        <RichText text={meta.rules[lang]} />
        {info && (
          <p className="small muted">
            {t('limitsFull', { min: info.minBet, max: info.maxBet, payout: info.maxPayout })}
          </p>
        )}
      </details>
    </div>
  );
}
