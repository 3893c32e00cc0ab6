import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { cx } from '../../../shared/lib/cx.ts';
import { selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { getMemberStore } from '../../account/api/session-calls.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

import { MEMBER_PAGES } from '../member-pages.ts';
import type { MissionSummary } from '@wps/contract';
import { api } from '../../../shared/api/client.ts';

export { MEMBER_PAGES };
type MemberPage = (typeof MEMBER_PAGES)[number];
const isMemberPage = (v: string | null): v is MemberPage => MEMBER_PAGES.includes(v as MemberPage);

/** Pages whose feature has landed, each its own chunk; the rest show the honest empty state. */
const PAGE_BODIES: Partial<Record<MemberPage, ComponentType>> = {
  securityCenter: lazy(() => import('../../auth/routes/security-centre.tsx')),
  depositv2: lazy(() => import('../../wallet/routes/deposit.tsx')),
  withdraw: lazy(() => import('../../wallet/routes/withdraw.tsx')),
  transferFund: lazy(() => import('../../wallet/routes/transfer-fund.tsx')),
  transferUpline: lazy(() => import('../../wallet/routes/transfer-upline.tsx')),
  transactionHistory: lazy(() => import('../../wallet/routes/transaction-history.tsx')),
  personalProfit: lazy(() => import('../../wallet/routes/personal-profit.tsx')),
  personalHistoryCopy: lazy(() => import('../../games/routes/betting-record.tsx')),
  bonusDetails: lazy(() => import('../../promotions/routes/bonus-details.tsx')),
  rewardCenter: lazy(() => import('../../promotions/routes/reward-center.tsx')),
  messageV2: lazy(() => import('../../messages/routes/message-v2.tsx')),
  manualRebate: lazy(() => import('../../promotions/routes/manual-rebate.tsx')),
  referral: lazy(() => import('../../referral/routes/referral-page.tsx')),
  missionLeaderboard: lazy(() => import('../../missions/routes/mission-leaderboard.tsx')),
};

/** SPEC §2 badge counts on the member centre menu, from the public store's counters (SPEC §3). */
function useBadges(): Partial<Record<MemberPage, number>> {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore(selectIsTrial);
  const { data } = useQuery({
    queryKey: ['member', 'store', token],
    queryFn: ({ signal }) => getMemberStore(signal),
    // SPEC §4: trial members skip the unread-message load.
    enabled: Boolean(token) && !isTrial,
    staleTime: 60_000,
    retry: false,
  });
  // Same key as the missions page's query (features/missions/api), which it shares: the badge
  // and the page never disagree, and the page chunk stays out of this one.
  const missions = useQuery({
    queryKey: ['missions', 'summary', token],
    queryFn: ({ signal }) => api.get<MissionSummary>('/wps/mission/summary', { signal }),
    enabled: Boolean(token) && !isTrial,
    retry: false,
  }).data?.claimable;
  return {
    ...(data ? { messageV2: data.unreadMessageCount, rewardCenter: data.availablePromoCount } : {}),
    ...(missions ? { missionLeaderboard: missions } : {}),
  };
}

export default function MemberPageView() {
  const { t } = useTranslation();
  const badges = useBadges();
  const [params] = useSearchParams();
  const raw = params.get('page');
  const page: MemberPage = isMemberPage(raw) ? raw : 'securityCenter';
  const Body = PAGE_BODIES[page];
  return (
    <div className="page">
      <PageHeader title={t('pages.member.title')} lead={t('pages.member.lead')} />
      <div className="split">
        <nav className="sub-nav" aria-label={t('pages.member.menu')}>
          <ul>
            {MEMBER_PAGES.map((p) => (
              <li key={p}>
                <Link
                  to={`/member?page=${p}`}
                  className={cx('sub-nav__link', p === page && 'is-active')}
                  aria-current={p === page ? 'page' : undefined}
                >
                  {t(`pages.member.pages.${p}`)}
                  {(badges[p] ?? 0) > 0 && (
                    <span className="badge badge--count">
                      <span aria-hidden="true">{badges[p]}</span>
                      <span className="visually-hidden">{t('pages.member.badge', { count: badges[p] })}</span>
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="split__main" aria-labelledby="member-page-title">
          <h2 id="member-page-title" className="section-title">
            {t(`pages.member.pages.${page}`)}
          </h2>
          {Body ? (
            <Suspense fallback={<Loader label={t('loading')} />}>
              <Body />
            </Suspense>
          ) : (
            <NotAvailable what={t(`pages.member.pages.${page}`)} />
          )}
        </section>
      </div>
    </div>
  );
}
