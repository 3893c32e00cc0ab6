import type { ActivityStatus } from '@wps/contract';
import { useTranslation } from 'react-i18next';

/** SPEC §4 activity status as a small pill. */
export function ActivityBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('promotions');
  return <span className={`promo-status promo-status--${status}`}>{t(`status.${status}`)}</span>;
}
