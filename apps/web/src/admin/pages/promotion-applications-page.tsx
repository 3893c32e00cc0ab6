import { useTranslation } from 'react-i18next';
import { ProofButton } from './cashier-ui.tsx';
import { type Application, useApplications, useReviewApplication } from './promotions-api.ts';
import { ReviewQueue } from './review-queue.tsx';

const STATUSES = ['applying', 'claim', 'joined', 'rejected', 'process', 'issued'] as const;

/** Activity applications (SPEC §5): remark and images; approve (a reward to claim) or reject with a note. */
export default function PromotionApplicationsPage() {
  const { t } = useTranslation('promotions-admin');
  const { t: tp } = useTranslation('promotions');
  const review = useReviewApplication();
  return (
    <ReviewQueue<Application>
      ns="promotions-admin"
      texts={{
        title: t('applications.title'),
        lead: t('applications.lead'),
        status: t('applications.status'),
        none: t('applications.none'),
        created: t('applications.created'),
        actions: t('applications.actions'),
        approve: t('applications.approve'),
        reject: t('applications.reject'),
        noteLabel: t('applications.note'),
        approveOne: (a) => t('applications.approveOne', { id: a.id }),
        rejectOne: (a) => t('applications.rejectOne', { id: a.id }),
        approved: (a) => t('applications.approved', { id: a.id }),
        rejected: (a) => t('applications.rejected', { id: a.id }),
      }}
      statuses={STATUSES.map((s) => ({ value: s, label: tp(`status.${s}`) }))}
      waitingStatus="applying"
      useQueue={useApplications}
      review={{
        pending: review.isPending,
        approve: (a) => review.mutateAsync({ id: a.id, approve: true }),
        reject: (a, note) => review.mutateAsync({ id: a.id, approve: false, note }),
      }}
      columns={[
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
                  <ProofButton key={url} url={url} label={t('applications.image', { n: i + 1, id: a.id })} />
                )),
        },
      ]}
      settled={(a) => a.reviewNote ?? tp(`status.${a.status}`)}
      noteMaxLength={200}
    />
  );
}
