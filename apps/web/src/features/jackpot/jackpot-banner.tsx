import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupMoney } from '../../app/layouts/balance-format.ts';
import { useJackpotPools } from './api.ts';
import './jackpot.css';

/**
 * The home page's jackpot strip: each enabled pool's name and what it holds now (the ledger's
 * balance, pushed when it moves), with the way to its games. Nothing at all when no pool is on.
 */
export function JackpotBanner() {
  const { t } = useTranslation('jackpot');
  const pools = useJackpotPools().data?.pools ?? [];
  if (pools.length === 0) return null;
  return (
    <section className="jackpot-banner" aria-labelledby="jackpot-banner-title">
      <h2 id="jackpot-banner-title" className="jackpot-banner__title">
        {t('title')}
      </h2>
      <ul className="jackpot-banner__pools">
        {pools.map((p) => (
          <li key={p.id} className="jackpot-banner__pool" data-testid="jackpot-pool">
            <span className="jackpot-banner__name">{p.name}</span>
            <strong className="jackpot-banner__amount" data-testid="jackpot-amount">
              {groupMoney(p.amount)}
            </strong>
            <span className="jackpot-banner__note">{t('note', { count: p.games.length })}</span>
            <Link className="jackpot-banner__play" to={`/rng?vassalage=${encodeURIComponent(p.vendor)}`}>
              {t('play')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
