import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import { PromotionForm } from './promotion-form.tsx';
import { type AdminPromotion, usePromotionReport, usePromotionsAdmin } from './promotions-api.ts';

/** Promotions: every definition with what it cost (granted, converted, forfeited, still wagering). */
export default function PromotionsAdminPage() {
  const { t } = useTranslation('promotions-admin');
  const list = usePromotionsAdmin();
  const report = usePromotionReport();
  const [editing, setEditing] = useState<AdminPromotion | null | 'new'>(null);
  const figures = new Map((report.data ?? []).map((r) => [r.promotionId, r]));
  return (
    <div className="admin-page">
      <PageHeader title={t('promotions.title')} lead={t('promotions.lead')} />
      <Button onClick={() => setEditing('new')}>{t('promotions.create')}</Button>
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : list.error ? (
        <p className="wallet-error">{errorText(list.error)}</p>
      ) : (
        <Table<AdminPromotion>
          caption={t('promotions.title')}
          captionHidden
          rows={list.data}
          rowKey={(p) => p.id}
          empty={t('promotions.none')}
          columns={[
            { key: 'id', header: '#', numeric: true, render: (p) => p.id },
            { key: 'title', header: t('f.title'), render: (p) => p.title },
            { key: 'kind', header: t('f.kind'), render: (p) => t(`kind.${p.kind}`) },
            { key: 'enabled', header: t('f.enabled'), render: (p) => (p.enabled ? '✓' : '—') },
            {
              key: 'grants',
              header: t('report.grants'),
              numeric: true,
              render: (p) => figures.get(p.id)?.grants ?? 0,
            },
            {
              key: 'granted',
              header: t('report.granted'),
              numeric: true,
              render: (p) => <Amount value={figures.get(p.id)?.granted ?? '0.00'} />,
            },
            {
              key: 'converted',
              header: t('report.converted'),
              numeric: true,
              render: (p) => <Amount value={figures.get(p.id)?.converted ?? '0.00'} />,
            },
            {
              key: 'forfeited',
              header: t('report.forfeited'),
              numeric: true,
              render: (p) => <Amount value={figures.get(p.id)?.forfeited ?? '0.00'} />,
            },
            {
              key: 'active',
              header: t('report.active'),
              numeric: true,
              render: (p) => <Amount value={figures.get(p.id)?.active ?? '0.00'} />,
            },
            {
              key: 'edit',
              header: t('promotions.actions'),
              render: (p) => (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(p)}
                  aria-label={t('promotions.editOne', { title: p.title })}
                >
                  {t('promotions.edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <Modal
          open
          onClose={() => setEditing(null)}
          title={
            editing === 'new' ? t('promotions.create') : t('promotions.editOne', { title: editing.title })
          }
          closeLabel={t('close')}
          size="lg"
        >
          <PromotionForm promo={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </Modal>
      )}
    </div>
  );
}
