import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useRewards } from '../api/get-rewards.ts';
import { ActivityBadge } from '../components/status-badge.tsx';
import { TicketsSection } from '../components/tickets-section.tsx';
import '../promotions.css';

/** Member centre › rewardCenter: the activities the member takes part in, and rewards to claim. */
export default function RewardCenterPage() {
  const { t } = useTranslation('promotions');
  const rewards = useRewards();
  if (rewards.isPending) return <Loader label={t('loading')} />;
  if (rewards.error) return <p className="wallet-error">{rewards.error.message}</p>;
  const { claimable, rewards: list } = rewards.data;
  return (
    <div className="stack">
      <TicketsSection />
      <p>
        {t('rewards.claimable', { count: claimable })} <Link to="/promotions">{t('rewards.browse')}</Link>
      </p>
      {list.length === 0 ? (
        <EmptyState title={t('rewards.empty')} />
      ) : (
        <ul className="promo-list" aria-label={t('rewards.list')}>
          {list.map((r) => (
            <li key={r.promotionId} className="card stack">
              <div className="promo-row">
                <Link to={`/promotions?id=${r.promotionId}`}>{r.title}</Link>
                <ActivityBadge status={r.status} />
              </div>
              {r.remark && <p className="small">{t('rewards.remark', { text: r.remark })}</p>}
              {r.reviewNote && <p className="small muted">{t('rewards.note', { text: r.reviewNote })}</p>}
              <p className="muted small">{r.updatedAt.slice(0, 10)}</p>
            </li>
          ))}
        </ul>
      )}
      <Link to="/member?page=bonusDetails">{t('rewards.toBonuses')}</Link>
    </div>
  );
}
