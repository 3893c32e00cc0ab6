import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText, NoteDialog, ProofButton } from './cashier-ui.tsx';
import { type Application, useApplications, useReviewApplication } from './promotions-api.ts';

const STATUSES = ['applying', 'claim', 'joined', 'rejected', 'process', 'issued'] as const;

/** Activity applications (SPEC §5): remark and images; approve (a reward to claim) or reject with a note. */
export default function PromotionApplicationsPage() {
  const { t } = useTranslation('promotions-admin');
  const { t: tp } = useTranslation('promotions');
  const [status, setStatus] = useState<string>('applying');
  const [page, setPage] = useState(1);
  const list = useApplications({ pageNo: page, status });
  const review = useReviewApplication();
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const approve = (a: Application) =>
    review.mutate(
      { id: a.id, approve: true },
      {
        onSuccess: () => toast.success(t('applications.approved', { id: a.id })),
        onError: (e) => toast.error(errorText(e)),
      },
    );
  return (
    <div className="admin-page">
      <PageHeader title={t('applications.title')} lead={t('applications.lead')} />
      <SelectField
        label={t('applications.status')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
      >
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {tp(`status.${s}`)}
          </option>
        ))}
      </SelectField>
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : list.error ? (
        <p className="wallet-error">{errorText(list.error)}</p>
      ) : (
        <>
          <Table<Application>
            caption={t('applications.title')}
            captionHidden
            rows={list.data.content}
            rowKey={(a) => a.id}
            empty={t('applications.none')}
            columns={[
              { key: 'id', header: '#', numeric: true, render: (a) => a.id },
              { key: 'account', header: t('applications.account'), render: (a) => a.account },
              { key: 'promotion', header: t('applications.promotion'), render: (a) => a.promotionTitle },
              { key: 'remark', header: t('applications.remark'), render: (a) => a.remark ?? '—' },
              {
                key: 'images',
                header: t('applications.images'),
                render: (a) =>
                  a.images.length === 0
                    ? '—'
                    : a.images.map((url, i) => (
                        <ProofButton
                          key={url}
                          url={url}
                          label={t('applications.image', { n: i + 1, id: a.id })}
                        />
                      )),
              },
              {
                key: 'created',
                header: t('applications.created'),
                render: (a) => a.createdAt.slice(0, 16).replace('T', ' '),
              },
              {
                key: 'actions',
                header: t('applications.actions'),
                render: (a) =>
                  a.status === 'applying' ? (
                    <span className="chip-row">
                      <Button
                        size="sm"
                        disabled={review.isPending}
                        onClick={() => approve(a)}
                        aria-label={t('applications.approveOne', { id: a.id })}
                      >
                        {t('applications.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={review.isPending}
                        onClick={() => setRejecting(a)}
                        aria-label={t('applications.rejectOne', { id: a.id })}
                      >
                        {t('applications.reject')}
                      </Button>
                    </span>
                  ) : (
                    (a.reviewNote ?? tp(`status.${a.status}`))
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
          title={t('applications.rejectOne', { id: rejecting.id })}
          label={t('applications.note')}
          submitLabel={t('applications.reject')}
          danger
          maxLength={200}
          pending={review.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(note) =>
            review.mutateAsync({ id: rejecting.id, approve: false, note }).then(
              () => {
                toast.success(t('applications.rejected', { id: rejecting.id }));
                setRejecting(null);
              },
              (e) => toast.error(errorText(e)),
            )
          }
        />
      )}
    </div>
  );
}
