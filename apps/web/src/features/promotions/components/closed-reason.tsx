import type { Promotion } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format.ts';
import { formatMoney } from '../../wallet/lib/money.ts';

/** Why a promotion is closed for this member (issue 27: "Closed" alone gave no reason). */
export function ClosedReason({ promo }: { promo: Promotion }) {
  const { t, i18n } = useTranslation('promotions');
  if (promo.status !== 'closed' || !promo.closedReason) return null;
  const r = promo.closedReason;
  const text =
    r === 'ended'
      ? promo.endsAt
        ? t('closedReason.endedOn', { date: formatDate(promo.endsAt, i18n.language) })
        : t('closedReason.ended')
      : r === 'depositMade'
        ? (promo.depositNth ?? 1) <= 1
          ? t('closedReason.firstDepositMade')
          : t('closedReason.nthDepositMade', { nth: promo.depositNth })
        : r === 'notQualified'
          ? promo.minDeposit && promo.minDeposit !== '0.00'
            ? t('closedReason.notQualifiedMin', { min: formatMoney(promo.minDeposit) })
            : t('closedReason.notQualified')
          : t(`closedReason.${r}`);
  return (
    <p className="small muted promo-closed-reason" data-testid="closed-reason">
      {text}
    </p>
  );
}
