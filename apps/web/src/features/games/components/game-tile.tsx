import type { Game } from '@wps/contract';
import { SPEC } from '@wps/contract';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { groupMoney } from '../../../app/layouts/balance-format.ts';
import { cx } from '../../../shared/lib/cx.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { useImageSrc } from '../../../shared/system/image-cdn.ts';
import { toast } from '../../../shared/ui/toast.tsx';
import { useFavoriteIds, useToggleFavorite } from '../api/favorites.ts';
import { showsFreeTrial, trialLaunch } from '../lib/launch-gate.ts';
import { createThrottle } from '../lib/throttle.ts';
import { useJackpotPools } from '../../jackpot/api.ts';
import { jackpotShown } from '../lib/jackpot.ts';
import { useLaunch } from './use-launch.ts';

/** The artwork is square; width and height reserve its box before it loads (no layout shift). */
const ART_SIZE = 240;

/**
 * A game's progressive jackpot: the pool's current amount as the API sends it (GET /wps/jackpot,
 * polled), and only for a game a real pool covers. Never a number made up on the client.
 */
function JackpotPool({ amount }: { amount: string }) {
  const { t } = useTranslation('games');
  return (
    <p className="game-tile__jackpot" data-testid="tile-jackpot">
      <span className="game-tile__jackpot-label">{t('jackpot')}</span>{' '}
      <span className="game-tile__jackpot-amount">{groupMoney(amount)}</span>
    </p>
  );
}

function FavoriteToggle({ game }: { game: Game }) {
  const { t } = useTranslation('games');
  const hasToken = useSessionStore(selectHasToken);
  const open = usePopupStore((s) => s.open);
  const ids = useFavoriteIds();
  const toggle = useToggleFavorite();
  const throttle = useRef(createThrottle(SPEC.favoriteToggleThrottleMs));
  const on = Boolean(ids.data?.includes(game.nodeId));
  const onClick = () => {
    if (!hasToken) {
      open('loginModal', { message: t('pleaseLogin') });
      return;
    }
    if (!throttle.current()) return;
    toggle.mutate({ nodeId: game.nodeId, on: !on }, { onError: (err) => toast.error(err.message) });
  };
  return (
    <button
      type="button"
      className={cx('game-tile__fav', on && 'is-on')}
      aria-pressed={on}
      aria-label={t(on ? 'unfavorite' : 'favorite', { name: game.displayName })}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.2 5 6.6 5c2 0 3.4 1.1 4.2 2.4h2.4C14 6.1 15.4 5 17.4 5c3.4 0 5.4 3.6 4.1 6.8C19.5 16.4 12 21 12 21z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}

/**
 * SPEC §2 game tile: artwork (lagerIcon), name, type, favourite toggle, Play Now for non-RNG
 * games and a free-trial button on supportPlay 0 games. Clicking the artwork launches the game
 * too. SPEC's ticking "jackpot-style" number is left out: it was no jackpot (issue 27); a game
 * a real pool covers shows the pool's amount (issue 31).
 */
export const GameTile = memo(function GameTile({
  game,
  above = 'no',
}: {
  game: Game;
  /**
   * Where a grid knows the tile is on the first screen: its art loads at once, not lazily after
   * layout; the grid's first tile, the page's largest paint on a phone, is asked for first (`lcp`).
   */
  above?: 'no' | 'fold' | 'lcp';
}) {
  const { t } = useTranslation('games');
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const launch = useLaunch();
  const imageSrc = useImageSrc();
  // SPEC §6 whitelabel flags (the shell's start-up permission call): FREEPLAY3, free play on.
  const freePlay = usePermission().data?.info.whitelabel.flags.FREEPLAY3 === true;
  const play = () => launch({ game });
  const trial = showsFreeTrial(game, { hasToken, isTrial, freePlay });
  // A signed-in player's free trial plays as their trial twin; a guest or trial account plays as usual.
  const playTrial = () => launch({ game, trial: trialLaunch({ hasToken, isTrial }) });
  const pools = useJackpotPools();
  const jackpot = jackpotShown(game, pools.data?.pools);
  return (
    <article className={cx('game-tile', game.maintenance && 'is-maintenance')} data-testid="game-tile">
      <button
        type="button"
        className="game-tile__art"
        onClick={play}
        aria-label={t('playGame', { name: game.displayName })}
      >
        <img
          src={imageSrc(game.lagerIcon || game.iconUrl)}
          alt=""
          width={ART_SIZE}
          height={ART_SIZE}
          loading={above === 'no' ? 'lazy' : 'eager'}
          {...(above === 'lcp' ? { fetchPriority: 'high' as const } : {})}
          decoding="async"
        />
      </button>
      {/* Outside the button: its accessible name is "Play …", and a label must contain what it shows. */}
      {game.isHot === 1 && <span className="game-badge game-badge--hot game-tile__badge">{t('hot')}</span>}
      {game.isHot !== 1 && game.isNew === 1 && (
        <span className="game-badge game-badge--new game-tile__badge">{t('new')}</span>
      )}
      <FavoriteToggle game={game} />
      <div className="game-tile__body">
        <h3 className="game-tile__name" title={game.displayName}>
          {game.displayName}
        </h3>
        <p className="game-tile__type">
          {t(`common:categories.${game.gameType}`, { defaultValue: game.gameType })} · {game.vassalage}
        </p>
        {jackpot !== null && <JackpotPool amount={jackpot} />}
        {game.maintenance && <p className="game-tile__maint">{t('underMaintenance')}</p>}
        {(game.gameType !== 'RNG' || trial) && (
          <div className="game-tile__actions">
            {game.gameType !== 'RNG' && (
              <button type="button" className="game-tile__play" onClick={play}>
                {t('playNow')}
              </button>
            )}
            {trial && (
              <button type="button" className="game-tile__trial" onClick={playTrial}>
                {t('freeTrial')}
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
});

/** Placeholder tiles of the same size while a page of games loads. */
export function SkeletonTiles({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <li key={i} aria-hidden="true">
          <div className="game-tile game-tile--skeleton">
            <div className="game-tile__art" />
            <div className="game-tile__body">
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-line--short" />
            </div>
          </div>
        </li>
      ))}
    </>
  );
}
