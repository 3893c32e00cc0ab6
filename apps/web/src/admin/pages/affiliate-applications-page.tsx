import { AFFILIATE_STATUSES, type AffiliateApplication } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { useAffiliateQueue, useReviewAffiliate } from './referral-api.ts';
import { ReviewQueue } from './review-queue.tsx';

/** Affiliate applications (agent manager): approve (the member becomes an agent) or reject with a reason. */
export default function AffiliateApplicationsPage() {
  const { t } = useTranslation('referral-admin');
  const review = useReviewAffiliate();
  return (
    <ReviewQueue<AffiliateApplication>
      ns="referral-admin"
      texts={{
        title: t('affiliate.title'),
        lead: t('affiliate.lead'),
        status: t('affiliate.status'),
        none: t('affiliate.none'),
        created: t('affiliate.created'),
        actions: t('affiliate.actions'),
        approve: t('affiliate.approve'),
        reject: t('affiliate.reject'),
        noteLabel: t('affiliate.reason'),
        noteRequired: t('affiliate.reasonRequired'),
        approveOne: (a) => t('affiliate.approveOne', { account: a.account }),
        rejectOne: (a) => t('affiliate.rejectOne', { account: a.account }),
        approved: (a) => t('affiliate.approved', { account: a.account }),
        rejected: (a) => t('affiliate.rejected', { account: a.account }),
      }}
      statuses={[
        { value: '', label: t('affiliate.all') },
        ...AFFILIATE_STATUSES.map((s) => ({ value: s, label: t(`affiliate.statuses.${s}`) })),
      ]}
      waitingStatus="pending"
      useQueue={useAffiliateQueue}
      review={{
        pending: review.isPending,
        approve: (a) => review.mutateAsync({ id: a.id, approve: true }),
        reject: (a, reason) => review.mutateAsync({ id: a.id, approve: false, reason }),
      }}
      columns={[
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
      ]}
      settled={(a) => (
        <span data-testid={`affiliate-status-${a.id}`}>
          {t(`affiliate.statuses.${a.status}`)}
          {a.reason ? `: ${a.reason}` : ''}
        </span>
      )}
      noteMaxLength={500}
    />
  );
}
