import { AFFILIATE_STATUSES, type AffiliateApplication } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText, NoteDialog } from './cashier-ui.tsx';
import { useAffiliateQueue, useReviewAffiliate } from './referral-api.ts';

/** Affiliate applications (agent manager): approve (the member becomes an agent) or reject with a reason. */
export default function AffiliateApplicationsPage() {
  const { t } = useTranslation('referral-admin');
  const [status, setStatus] = useState<string>('pending');
  const [page, setPage] = useState(1);
  const list = useAffiliateQueue({ pageNo: page, status });
  const review = useReviewAffiliate();
  const [rejecting, setRejecting] = useState<AffiliateApplication | null>(null);
  const approve = (a: AffiliateApplication) =>
    review.mutate(
      { id: a.id, approve: true },
      {
        onSuccess: () => toast.success(t('affiliate.approved', { account: a.account })),
        onError: (e) => toast.error(errorText(e)),
      },
    );
  return (
    <div className="admin-page">
      <PageHeader title={t('affiliate.title')} lead={t('affiliate.lead')} />
      <SelectField
        label={t('affiliate.status')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
      >
        <option value="">{t('affiliate.all')}</option>
        {AFFILIATE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`affiliate.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : list.error ? (
        <p className="wallet-error">{errorText(list.error)}</p>
      ) : (
        <>
          <Table<AffiliateApplication>
            caption={t('affiliate.title')}
            captionHidden
            rows={list.data.content}
            rowKey={(a) => a.id}
            empty={t('affiliate.none')}
            columns={[
              { key: 'id', header: '#', numeric: true, render: (a) => a.id },
              { key: 'account', header: t('affiliate.account'), render: (a) => a.account },
              { key: 'contact', header: t('affiliate.contact'), render: (a) => a.contact },
              { key: 'channel', header: t('affiliate.channel'), render: (a) => a.channel },
              {
                key: 'players',
                header: t('affiliate.players'),
                numeric: true,
                render: (a) => a.expectedPlayers,
              },
              { key: 'remark', header: t('affiliate.remark'), render: (a) => a.remark || '—' },
              {
                key: 'created',
                header: t('affiliate.created'),
                render: (a) => a.createdAt.slice(0, 16).replace('T', ' '),
              },
              {
                key: 'actions',
                header: t('affiliate.actions'),
                render: (a) =>
                  a.status === 'pending' ? (
                    <span className="chip-row">
                      <Button
                        size="sm"
                        disabled={review.isPending}
                        onClick={() => approve(a)}
                        aria-label={t('affiliate.approveOne', { account: a.account })}
                      >
                        {t('affiliate.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={review.isPending}
                        onClick={() => setRejecting(a)}
                        aria-label={t('affiliate.rejectOne', { account: a.account })}
                      >
                        {t('affiliate.reject')}
                      </Button>
                    </span>
                  ) : (
                    <span data-testid={`affiliate-status-${a.id}`}>
                      {t(`affiliate.statuses.${a.status}`)}
                      {a.reason ? `: ${a.reason}` : ''}
                    </span>
                  ),
              },
            ]}
          />
          <Pagination
            page={page}
            totalPages={list.data.totalPages}
            onChange={setPage}
            labels={{
              nav: t('pager.nav'),
              previous: t('pager.previous'),
              next: t('pager.next'),
              page: (n) => t('pager.page', { n }),
            }}
          />
        </>
      )}
      {rejecting && (
        <NoteDialog
          title={t('affiliate.rejectOne', { account: rejecting.account })}
          label={t('affiliate.reason')}
          submitLabel={t('affiliate.reject')}
          requiredText={t('affiliate.reasonRequired')}
          danger
          maxLength={500}
          pending={review.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(reason) =>
            review.mutateAsync({ id: rejecting.id, approve: false, reason }).then(() => {
              toast.success(t('affiliate.rejected', { account: rejecting.account }));
            })
          }
        />
      )}
    </div>
  );
}
