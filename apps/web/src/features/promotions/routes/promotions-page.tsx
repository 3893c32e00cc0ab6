import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/cx.ts';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** SPEC §3 promotion categories, the filter row of the promotions page. */
const CATEGORIES = [
  'all',
  'newbie',
  'deposit',
  'sports',
  'live',
  'slots',
  'cards',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'appDownload',
  'games',
  'others',
] as const;

export default function PromotionsPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('all');
  return (
    <div className="page">
      <PageHeader title={t('pages.promotions.title')} lead={t('pages.promotions.lead')} />
      <fieldset className="chip-row">
        <legend className="visually-hidden">{t('pages.promotions.filter')}</legend>
        {CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            className={cx('chip', c === category && 'is-active')}
            aria-pressed={c === category}
            onClick={() => setCategory(c)}
          >
            {t(`pages.promotions.categories.${c}`)}
          </button>
        ))}
      </fieldset>
      <NotAvailable headingLevel={2} what={t('pages.promotions.title')} />
    </div>
  );
}
