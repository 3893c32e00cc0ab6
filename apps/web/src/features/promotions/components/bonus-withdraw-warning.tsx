import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getBonuses } from '../api/get-bonuses.ts';
import { PROMOTIONS_QUERY_KEY } from '../api/get-promotions.ts';

/** On the withdraw page: a withdrawal while a bonus is still wagering forfeits that bonus. */
export function BonusWithdrawWarning() {
  const { t } = useTranslation('promotions');
  const bonuses = useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'bonuses'],
    queryFn: ({ signal }) => getBonuses(signal),
    retry: false,
  });
  const open = bonuses.data?.grants.filter((g) => g.status === 'active') ?? [];
  if (open.length === 0) return null;
  return (
    <p className="wallet-note" role="note" data-testid="bonus-withdraw-warning">
      {t('bonus.withdrawWarning', { amount: bonuses.data?.bonusBalance })}{' '}
      <Link to="/member?page=bonusDetails">{t('rewards.toBonuses')}</Link>
    </p>
  );
}
