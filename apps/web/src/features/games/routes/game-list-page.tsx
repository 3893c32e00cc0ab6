import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { cx } from '../../../shared/lib/cx.ts';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

const CATEGORY_OF: Record<string, string> = { fish: 'FISH', rng: 'RNG', pvp: 'PVP', bgs: 'BGS' };
/** SPEC §3 game selection filters. */
const FILTERS = ['ALL', 'HOT', 'NEW', 'FAV', 'RECENT'] as const;
const VENDOR_RE = /^[A-Z0-9_]{1,32}$/;

/** Game list centre: optional `?vassalage=` picks a vendor; `/rng?vassalage=INHOUSE` is the in-house list. */
export default function GameListPage({ routeKey }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('ALL');
  const raw = (params.get('vassalage') ?? '').toUpperCase();
  const vendor = VENDOR_RE.test(raw) ? raw : '';
  const category = vendor === 'INHOUSE' ? 'INHOUSE' : (CATEGORY_OF[routeKey] ?? 'RNG');
  const name = t(`categories.${category}`);
  const title = vendor && vendor !== 'INHOUSE' ? `${name} · ${vendor}` : name;
  return (
    <div className="page">
      <PageHeader title={title} lead={t('pages.gameList.lead', { category: name })} />
      <fieldset className="chip-row">
        <legend className="visually-hidden">{t('pages.gameList.filter')}</legend>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={cx('chip', f === filter && 'is-active')}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {t(`pages.gameList.filters.${f}`)}
          </button>
        ))}
      </fieldset>
      <NotAvailable headingLevel={2} what={t('pages.gameList.games', { category: name })} />
    </div>
  );
}
