import { PROMOTION_CATEGORIES, type Promotion } from '@wps/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { cx } from '../../../shared/lib/cx.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { usePromotions } from '../api/get-promotions.ts';
import { PromoPicture } from '../components/promo-picture.tsx';
import { PromotionDetail } from '../components/promotion-detail.tsx';
import { ClosedReason } from '../components/closed-reason.tsx';
import { ActivityBadge } from '../components/status-badge.tsx';
import '../promotions.css';

// Its own chunk: the promotions list paints first; the board's space is reserved meanwhile.
const RankingBoard = lazy(() => import('../../referral/components/ranking-board.tsx'));

/** SPEC §3 promotion categories, the filter row of the promotions page. */
const CATEGORIES = ['all', ...PROMOTION_CATEGORIES] as const;
type Category = (typeof CATEGORIES)[number];

export default function PromotionsPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promotions');
  const token = useSessionStore((s) => s.token);
  const language = useLanguageStore((s) => s.code);
  const [params, setParams] = useSearchParams();
  const [category, setCategory] = useState<Category>('all');
  const list = usePromotions({ ...(category === 'all' ? {} : { category }), language }, token);
  const openId = Number(params.get('id')) || null;
  const open: Promotion | undefined = openId ? list.data?.find((p) => p.id === openId) : undefined;
  const show = (id: number | null) =>
    setParams(
      (p) => {
        if (id) p.set('id', String(id));
        else p.delete('id');
        return p;
      },
      { replace: true },
    );

  return (
    <div className="page">
      <PageHeader title={t('pages.promotions.title')} lead={t('pages.promotions.lead')} />
      <fieldset className="chip-row promo-filter">
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
      <div className="promo-list">
        {list.isPending ? (
          <Loader label={t('loading')} />
        ) : list.error ? (
          <p className="wallet-error">{list.error.message}</p>
        ) : list.data.length === 0 ? (
          <EmptyState title={tp('empty')} headingLevel={2} />
        ) : (
          <ul className="promo-grid" aria-label={t('pages.promotions.title')}>
            {list.data.map((p) => (
              <li key={p.id} className="card promo-card">
                <PromoPicture promo={p} sizes="(max-width: 640px) 100vw, 320px" />
                <h2 className="promo-card__title">{p.title}</h2>
                {p.labels.length > 0 && (
                  <ul className="promo-labels" aria-label={tp('labels')}>
                    {p.labels.map((l) => (
                      <li key={l} className="promo-label">
                        {tp(`label.${l}`)}
                      </li>
                    ))}
                  </ul>
                )}
                {p.summary && <p className="muted small">{p.summary}</p>}
                <ClosedReason promo={p} />
                <div className="promo-card__foot">
                  {p.status ? <ActivityBadge status={p.status} /> : <span />}
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => show(p.id)}
                    aria-label={tp('details', { title: p.title })}
                  >
                    {tp('detailsShort')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {(category === 'all' || category === 'ranking') && (
        <Suspense fallback={<div className="card ranking" aria-hidden="true" />}>
          <RankingBoard />
        </Suspense>
      )}
      {open && <PromotionDetail promo={open} onClose={() => show(null)} />}
    </div>
  );
}
