import { RANKING_PERIODS, RANKING_SIZE, type RankingPeriod, SPEC } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupMoney } from '../../../app/layouts/balance-format.ts';
import { cx } from '../../../shared/lib/cx.ts';
import { useRanking } from '../api/referral-api.ts';
import '../referral.css';

/**
 * Ranking and winners (SPEC §2 implied screen; the "ranking" promotion category): top turnover
 * of the period and the latest big wins, names masked. The block reserves the height of full
 * lists before the data arrives, so the page below never jumps (CLS).
 */
export default function RankingBoard() {
  const { t } = useTranslation('referral');
  const [period, setPeriod] = useState<RankingPeriod>('week');
  const board = useRanking(period);
  const rows = board.data?.list ?? [];
  const wins = board.data?.bigWins ?? [];
  return (
    <section className="card stack ranking" aria-labelledby="ranking-title" data-testid="ranking-board">
      <h2 id="ranking-title" className="referral__h2">
        {t('ranking.title')}
      </h2>
      <fieldset className="ranking__tabs chip-row">
        <legend className="visually-hidden">{t('ranking.period')}</legend>
        {RANKING_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={cx('chip', p === period && 'is-active')}
            aria-pressed={p === period}
            onClick={() => setPeriod(p)}
          >
            {t(`ranking.periods.${p}`)}
          </button>
        ))}
      </fieldset>
      <div className="ranking__cols">
        <div>
          <h3 className="small">{t('ranking.top', { n: RANKING_SIZE })}</h3>
          {board.error ? (
            <p className="wallet-error">{board.error.message}</p>
          ) : board.isPending ? (
            <p className="muted small">{t('loading')}</p>
          ) : rows.length === 0 ? (
            <p className="muted small">{t('ranking.empty')}</p>
          ) : (
            <ol className="ranking__list" aria-label={t('ranking.top', { n: RANKING_SIZE })}>
              {rows.map((r) => (
                <li key={r.rank}>
                  <span className="ranking__rank">{r.rank}</span>
                  <span>{r.account}</span>
                  <span className="num">{groupMoney(r.turnover)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div>
          <h3 className="small">{t('ranking.bigWins', { n: SPEC.biggestWinsShown })}</h3>
          {board.isPending || board.error ? null : wins.length === 0 ? (
            <p className="muted small">{t('ranking.noWins')}</p>
          ) : (
            <ul className="ranking__list" aria-label={t('ranking.bigWinsList')}>
              {wins.map((w) => (
                <li key={`${w.time}-${w.account}-${w.amount}`}>
                  <span aria-hidden="true">★</span>
                  <span>{t('ranking.won', { account: w.account, game: w.game })}</span>
                  <span className="num">{groupMoney(w.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
