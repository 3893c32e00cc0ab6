import type { TFunction } from 'i18next';
import type { PointsProduct } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { Money } from '../../wallet/components/money.tsx';
import { usePointsProducts, usePointsSummary, usePointsTransactions, useRedemptions } from '../api/points.ts';
import { ConvertDialog } from '../components/convert-dialog.tsx';
import { RedeemDialog } from '../components/redeem-dialog.tsx';
import '../../promotions/promotions.css';

const STATUS_TONE = { process: 'process', approved: 'issued', rejected: 'rejected' } as const;

/** The mall's two lists page alike, with the inbox's pager texts. */
const pagerLabels = (t: TFunction<'promotions'>) => ({
  nav: t('inbox.pager'),
  previous: t('inbox.previous'),
  next: t('inbox.next'),
  page: (n: number) => t('inbox.page', { n }),
});

function History({ token }: { token: string | null }) {
  const { t, i18n } = useTranslation('promotions');
  const [page, setPage] = useState(1);
  const list = useRedemptions(page, token);
  if (!token) return <p className="muted">{t('mall.loginForHistory')}</p>;
  if (list.isPending) return <Loader label={t('loading')} />;
  if (list.error) return <p className="wallet-error">{list.error.message}</p>;
  if (list.data.content.length === 0) return <EmptyState title={t('mall.noHistory')} />;
  return (
    <>
      <ul className="promo-list" aria-label={t('mall.history')}>
        {list.data.content.map((r) => (
          <li key={r.id} className="card stack">
            <div className="promo-row">
              <strong>{r.productName}</strong>
              <span className={`promo-status promo-status--${STATUS_TONE[r.status]}`}>
                {t(`mall.status.${r.status}`)}
              </span>
            </div>
            <div className="promo-row small">
              <span className="num">{t('mall.points', { count: r.points })}</span>
              <span className="muted">{formatDateTime(r.createdAt, i18n.language)}</span>
            </div>
            {r.reviewNote && <p className="small muted">{r.reviewNote}</p>}
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={list.data.totalPages} onChange={setPage} labels={pagerLabels(t)} />
    </>
  );
}

/** Points earned and spent (SPEC §7 member transaction detail), newest first. */
function Transactions({ token }: { token: string | null }) {
  const { t, i18n } = useTranslation('promotions');
  const [page, setPage] = useState(1);
  const list = usePointsTransactions(page, token);
  if (!token) return <p className="muted">{t('mall.loginForTransactions')}</p>;
  if (list.isPending) return <Loader label={t('loading')} />;
  if (list.error) return <p className="wallet-error">{list.error.message}</p>;
  if (list.data.content.length === 0) return <EmptyState title={t('mall.noTransactions')} />;
  return (
    <>
      <ul className="promo-list" aria-label={t('mall.transactions')}>
        {list.data.content.map((e) => (
          <li key={e.id} className="card stack" data-testid="points-entry">
            <div className="promo-row">
              <strong>{t(`mall.reason.${e.reason}`, { defaultValue: e.reason })}</strong>
              <span className="num">{e.delta > 0 ? `+${e.delta}` : e.delta}</span>
            </div>
            <div className="promo-row small">
              <span className="muted">{formatDateTime(e.createdAt, i18n.language)}</span>
              <span className="num muted">{t('mall.balanceAfter', { count: e.balanceAfter })}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={list.data.totalPages} onChange={setPage} labels={pagerLabels(t)} />
    </>
  );
}

/** /pointMall (PTSYS3): balance, products to redeem, redeem history and rules. */
export default function PointMallPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promotions');
  const { t: tk } = useTranslation('tickets');
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore(selectIsTrial);
  const openPopup = usePopupStore((s) => s.open);
  // PTSYS3 off: the server refuses every points call (NOT_ENABLED), so the page asks for none
  // and says why; while the start-up payload is on its way it asks for nothing yet.
  const flags = usePermission().data?.info.whitelabel.flags;
  const on = flags ? flags.PTSYS3 !== false : null;
  const summary = usePointsSummary(on && !isTrial ? token : null);
  const products = usePointsProducts(on === true);
  const [tab, setTab] = useState<'mall' | 'history' | 'transactions' | 'rules'>('mall');
  const [redeeming, setRedeeming] = useState<PointsProduct | null>(null);
  const [converting, setConverting] = useState(false);
  const balance = summary.data?.balance ?? 0;
  const mall = products.isPending ? (
    <Loader label={t('loading')} />
  ) : products.error ? (
    <p className="wallet-error">{products.error.message}</p>
  ) : products.data.length === 0 ? (
    <EmptyState title={tp('mall.noProducts')} />
  ) : (
    <ul className="promo-grid" aria-label={tp('mall.products')}>
      {products.data.map((p) => (
        <li key={p.id} className="card promo-card">
          <h2 className="promo-card__title">{p.name}</h2>
          {p.description && <p className="muted small">{p.description}</p>}
          {p.cashValue && (
            <p className="small">
              {tp('mall.cashValue')} <Money value={p.cashValue} />
            </p>
          )}
          {p.ticketKind && p.ticketCount && (
            <p className="small">
              {tp('mall.tickets', { count: p.ticketCount, kind: tk(`kind.${p.ticketKind}`) })}
            </p>
          )}
          {p.stock !== null && <p className="small muted">{tp('mall.stock', { count: p.stock })}</p>}
          <div className="promo-card__foot">
            <span className="num">{tp('mall.points', { count: p.points })}</span>
            <Button
              size="sm"
              disabled={Boolean(token) && (balance < p.points || p.stock === 0)}
              aria-label={tp('mall.redeemTitle', { name: p.name })}
              onClick={() => (token ? setRedeeming(p) : openPopup('loginModal', { returnTo: '/pointMall' }))}
            >
              {tp('mall.redeem')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
  const rules = (
    <div className="card stack">
      <p className="promo-body">{summary.data?.rules || tp('mall.defaultRules')}</p>
      {summary.data && <p>{tp('mall.ratio', { amount: summary.data.betPerPoint })}</p>}
      {summary.data?.convertPerPoint && (
        <p>
          {tp('mall.convertRate', {
            amount: summary.data.convertPerPoint,
            min: summary.data.convertMinPoints,
          })}
        </p>
      )}
    </div>
  );
  if (on === false)
    return (
      <div className="page">
        <PageHeader title={t('pages.pointMall.title')} />
        <EmptyState headingLevel={2} title={tp('mall.offTitle')} description={tp('mall.offText')} />
      </div>
    );
  return (
    <div className="page">
      <PageHeader title={t('pages.pointMall.title')} lead={t('pages.pointMall.lead')} />
      {token && summary.data && (
        <div className="promo-row">
          <p>
            {tp('mall.balance')}{' '}
            <strong className="num" data-testid="points-balance">
              {summary.data.balance}
            </strong>
          </p>
          {summary.data.convertPerPoint && (
            <Button
              size="sm"
              variant="secondary"
              disabled={summary.data.balance < summary.data.convertMinPoints}
              onClick={() => setConverting(true)}
            >
              {tp('mall.convert')}
            </Button>
          )}
        </div>
      )}
      <Tabs<'mall' | 'history' | 'transactions' | 'rules'>
        label={t('pages.pointMall.title')}
        value={tab}
        onChange={setTab}
        items={[
          { id: 'mall', label: tp('mall.products'), content: mall },
          { id: 'history', label: tp('mall.history'), content: <History token={isTrial ? null : token} /> },
          {
            id: 'transactions',
            label: tp('mall.transactions'),
            content: <Transactions token={isTrial ? null : token} />,
          },
          { id: 'rules', label: tp('mall.rules'), content: rules },
        ]}
      />
      {redeeming && <RedeemDialog product={redeeming} onClose={() => setRedeeming(null)} />}
      {converting && summary.data && (
        <ConvertDialog summary={summary.data} onClose={() => setConverting(false)} />
      )}
    </div>
  );
}
