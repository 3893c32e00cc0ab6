import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cx } from '../../../shared/lib/cx.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** SPEC §2 member centre pages, in the spec's order. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'registerCenter',
] as const;
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
};

export default function MemberPageView() {
  const { t } = useTranslation();
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
