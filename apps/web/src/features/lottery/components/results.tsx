import { isHitNumber, type LotteryBet } from '@wps/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LotteryDraw, type LotteryTicket, useOpened } from '../api/lottery.ts';
import { formatNepalTime } from '../lib/time.ts';

/** One draw's prizes, the numbers my tickets hit highlighted, and the link to verify it. */
export function DrawResults({ draw, mine }: { draw: LotteryDraw; mine: LotteryTicket[] }) {
  const { t } = useTranslation('lottery');
  const bets = mine.filter((x) => x.drawId === draw.drawId).flatMap((x) => x.bets) as Pick<
    LotteryBet,
    'type' | 'numbers'
  >[];
  const hit = (n: string) => bets.some((b) => b.type !== 'truot4' && isHitNumber(n, b));
  return (
    <article className="lt-draw" data-testid="draw-result" data-draw={draw.drawId}>
      <header className="lt-draw__head">
        <strong>{formatNepalTime(draw.drawTime)}</strong>
        <span className="small muted lt-mono">{draw.drawId}</span>
      </header>
      {draw.results ? (
        <table className="lt-prizes">
          <tbody>
            {Object.entries(draw.results).map(([prize, numbers]) => (
              <tr key={prize}>
                <th scope="row">{t(`prize.${prize}`, { defaultValue: prize })}</th>
                <td>
                  {numbers
                    .map((n, i) => ({ n, slot: `${prize}-${i}` }))
                    .map(({ n, slot }) => (
                      <span key={slot} className={`lt-res${hit(n) ? ' is-hit' : ''}`} data-prize={prize}>
                        {n}
                      </span>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="small muted" data-testid="draw-pending">
          {draw.status === 'waiting' ? t('official.waiting') : t('results.pending')}
        </p>
      )}
      {draw.official && (
        <p className="small muted" data-testid="draw-source">
          {t('official.source', { source: t(`official.sourceName.${draw.official.source}`) })} ·{' '}
          {draw.official.approvedBy
            ? t('official.approvedBy', { name: draw.official.approvedBy })
            : t('official.approvedAuto')}
        </p>
      )}
      <p className="small">
        <Link to={`/verify?lotteryGame=${draw.gameCode}&drawId=${draw.drawId}`} data-testid="verify-draw">
          {t('results.verify')}
        </Link>
      </p>
    </article>
  );
}

/** The latest draws of the game, or every draw of a chosen day (results history). */
export function ResultsHistory({ gameCode, mine }: { gameCode: string; mine: LotteryTicket[] }) {
  const { t } = useTranslation('lottery');
  const [date, setDate] = useState('');
  const opened = useOpened(gameCode, date ? { date } : { pageSize: 5 });
  return (
    <section className="card lt-results" aria-label={t('results.title')}>
      <div className="lt-row">
        <h2 className="lt-h">{t('results.title')}</h2>
        <label className="lt-field lt-date">
          <span className="visually-hidden">{t('results.day')}</span>
          <input className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
      </div>
      {opened.data?.draws.length === 0 && <p className="small muted">{t('results.none')}</p>}
      {opened.data?.draws.map((d) => (
        <DrawResults key={d.drawId} draw={d} mine={mine} />
      ))}
    </section>
  );
}
