import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { BalanceBreakdown } from '../../wallet/components/balance-breakdown.tsx';
import { Money } from '../../wallet/components/money.tsx';
import { formatMoney } from '../../wallet/lib/money.ts';
import '../../wallet/wallet.css';
import { useBonuses } from '../api/get-bonuses.ts';
import '../promotions.css';

/** Member centre › bonusDetails: each bonus, its wagering progress, and what becomes of it. */
export default function BonusDetailsPage() {
  const { t } = useTranslation('promotions');
  const bonuses = useBonuses();
  if (bonuses.isPending) return <Loader label={t('loading')} />;
  if (bonuses.error) return <p className="wallet-error">{bonuses.error.message}</p>;
  const { grants } = bonuses.data;
  return (
    <div className="stack">
      {/* Issue 27: cash and bonus apart; each bonus's wagering is listed below. */}
      <BalanceBreakdown wagering={false} />
      <p className="muted small">{t('bonus.explain')}</p>
      {grants.length === 0 ? (
        <EmptyState
          title={t('bonus.empty')}
          action={<Link to="/promotions">{t('bonus.seePromotions')}</Link>}
        />
      ) : (
        <ul className="promo-list" aria-label={t('bonus.list')}>
          {grants.map((g) => (
            <li key={g.id} className="card stack" data-testid={`bonus-${g.id}`}>
              <div className="promo-row">
                <strong>{g.promotionTitle}</strong>
                <span
                  className={`promo-status promo-status--${g.status === 'active' ? 'process' : g.status === 'converted' ? 'issued' : 'closed'}`}
                >
                  {t(`bonus.status.${g.status}`)}
                </span>
              </div>
              <div className="promo-row">
                <span>{t('bonus.amount')}</span>
                <Money value={g.amount} />
              </div>
              <label className="stack">
                <span className="promo-row">
                  <span>{t('bonus.wagering')}</span>
                  <span className="num" data-testid="wagering-progress">
                    {t('bonus.progress', {
                      wagered: formatMoney(g.wagered),
                      required: formatMoney(g.wageringRequired),
                      pct: g.progress,
                    })}
                  </span>
                </span>
                <progress className="promo-progress" max={100} value={g.progress} />
              </label>
              <p className="muted small">
                {g.status === 'active'
                  ? t('bonus.expires', { date: g.expiresAt.slice(0, 10) })
                  : t('bonus.settled', { date: (g.settledAt ?? g.createdAt).slice(0, 10) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
