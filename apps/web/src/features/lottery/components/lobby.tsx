import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Countdown } from '../../../shared/ui/countdown.tsx';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { type LotteryMenuGame, useRefreshAfterDraw } from '../api/lottery.ts';
import { formatNepalTime } from '../lib/time.ts';

/** Every game of the page with its next draw and a countdown to the cut-off. */
export function Lobby({ games, hrefOf }: { games: LotteryMenuGame[]; hrefOf(gameCode: string): string }) {
  const { t } = useTranslation('lottery');
  const refresh = useRefreshAfterDraw();
  return (
    <ul className="lt-lobby" aria-label={t('lobby.title')}>
      {games.map((g) => (
        <li key={g.gameCode} className="card lt-game" data-testid={`lottery-game-${g.gameCode}`}>
          <div className="lt-game__head">
            <strong>{g.name}</strong>
            <span className="lt-chip">{t(`region.${g.region}`)}</span>
          </div>
          {g.nextDraw ? (
            <p className="small">
              {t('lobby.nextDraw', { time: formatNepalTime(g.nextDraw.drawTime) })}
              {g.nextDraw.stations.length > 0 && <> · {g.nextDraw.stations.join(', ')}</>}
              <br />
              <Countdown
                endsAt={Date.parse(g.nextDraw.cutoffAt)}
                onDone={refresh}
                format={(s) => t('lobby.closesIn', { time: clock(s) })}
              />
            </p>
          ) : (
            <p className="small muted">{t('lobby.noDraw')}</p>
          )}
          <Link
            className={buttonClass('primary', 'sm')}
            to={hrefOf(g.gameCode)}
            data-testid={`play-${g.gameCode}`}
          >
            {t('lobby.play')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Seconds as m:ss (or h:mm:ss). */
export function clock(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
