import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { cx } from '../../../shared/lib/cx.ts';
import { selectIsAgent, selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { isModuleEnabled } from '../../../shared/system/categories.ts';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Icon } from '../../../shared/ui/icons.tsx';
import { getMemberStore } from '../../account/api/session-calls.ts';
import { showInfo } from '../../auth/components/auth-effects.tsx';
import { useMemberInfo } from '../../account/api/get-member-info.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

import { MEMBER_PAGES } from '../member-pages.ts';
import {
  defaultPage,
  groupOf,
  isMemberPage,
  type MemberAccess,
  type MemberGroup,
  type MemberPage,
  memberMenu,
  nextBestPage,
  revealScrollLeft,
  unavailableReason,
} from '../member-menu.ts';
import type { MissionSummary } from '@wps/contract';
import { api } from '../../../shared/api/client.ts';
import '../../../shared/ui/count-badge.css';
import '../member-layout.css';
import '../member.css';

export { MEMBER_PAGES };

/** Every page's body, each its own chunk. */
const PAGE_BODIES: Record<MemberPage, ComponentType> = {
  securityCenter: lazy(() => import('../../auth/routes/security-centre.tsx')),
  depositv2: lazy(() => import('../../wallet/routes/deposit.tsx')),
  withdraw: lazy(() => import('../../wallet/routes/withdraw.tsx')),
  transferFund: lazy(() => import('../../wallet/routes/transfer-fund.tsx')),
  transferUpline: lazy(() => import('../../wallet/routes/transfer-upline.tsx')),
  transactionHistory: lazy(() => import('../../wallet/routes/transaction-history.tsx')),
  creditReport: lazy(() => import('../../wallet/routes/credit-report.tsx')),
  personalProfit: lazy(() => import('../../wallet/routes/personal-profit.tsx')),
  personalHistoryCopy: lazy(() => import('../../games/routes/betting-record.tsx')),
  bonusDetails: lazy(() => import('../../promotions/routes/bonus-details.tsx')),
  rewardCenter: lazy(() => import('../../promotions/routes/reward-center.tsx')),
  messageV2: lazy(() => import('../../messages/routes/message-v2.tsx')),
  manualRebate: lazy(() => import('../../promotions/routes/manual-rebate.tsx')),
  referral: lazy(() => import('../../referral/routes/referral-page.tsx')),
  missionLeaderboard: lazy(() => import('../../missions/routes/mission-leaderboard.tsx')),
  registerCenter: lazy(() => import('../../agent/routes/register-center.tsx')),
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

/**
 * What this player can use: the member type and upline (member info), the flags and the module
 * tree (the start-up permission payload). Until member info answers, an ordinary player's menu.
 */
function useMemberAccess(): MemberAccess {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore(selectIsTrial);
  const isAgent = useSessionStore(selectIsAgent);
  const info = useMemberInfo(token).data;
  const whitelabel = usePermission().data?.info.whitelabel;
  return useMemo(() => {
    const modules = whitelabel?.modules ?? [];
    return {
      isTrial: info ? info.isTrial : isTrial,
      isAgent: info ? info.isAgent : isAgent,
      hasUpline: info?.parentId != null,
      flags: whitelabel?.flags ?? {},
      // An empty tree (not loaded, or none configured) leaves every module on, as the shell does.
      modules:
        modules.length === 0
          ? {}
          : Object.fromEntries(['PROMO', 'REFERRAL'].map((id) => [id, isModuleEnabled(modules, id)])),
    };
  }, [info, isTrial, isAgent, whitelabel]);
}

function Count({ n }: { n: number | undefined }) {
  const { t } = useTranslation();
  if (!n || n <= 0) return null;
  return (
    <span className="badge badge--count">
      <span aria-hidden="true">{n}</span>
      <span className="visually-hidden">{t('pages.member.badge', { count: n })}</span>
    </span>
  );
}

/**
 * The menu: on a phone the four groups as one row and the current group's pages as a strip under
 * it (its current page kept in view); from 900 px every group with its pages in the side column.
 */
function MemberNav({
  page,
  access,
  badges,
}: {
  page: MemberPage;
  access: MemberAccess;
  badges: Partial<Record<MemberPage, number>>;
}) {
  const { t } = useTranslation();
  const menu = memberMenu(access);
  const current: MemberGroup = groupOf(page);
  const navRef = useRef<HTMLElement>(null);

  // The current page's tab in view in its strip, without moving the page itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the page or its menu changes.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const link = nav?.querySelector<HTMLElement>('.member-nav__group.is-current [aria-current="page"]');
    const strip = link?.closest<HTMLElement>('.member-nav__pages');
    if (!link || !strip || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = revealScrollLeft(
      {
        left: link.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft,
        width: link.offsetWidth,
      },
      strip,
    );
  }, [page, menu.length]);

  const groupBadge = (pages: MemberPage[]) => pages.reduce((n, p) => n + (badges[p] ?? 0), 0);
  return (
    <nav className="member-nav" aria-label={t('pages.member.menu')} ref={navRef}>
      <ul className="member-nav__groups">
        {menu.map(({ group, pages }) => (
          <li key={group}>
            <Link
              to={`/member?page=${group === current && pages.includes(page) ? page : pages[0]}`}
              className={cx('member-nav__group-link', group === current && 'is-active')}
              aria-current={group === current ? 'true' : undefined}
              data-group={group}
            >
              <Icon name={GROUP_ICONS[group]} size={18} />
              <span>{t(`pages.member.groups.${group}`)}</span>
              <Count n={groupBadge(pages)} />
            </Link>
          </li>
        ))}
      </ul>
      {menu.map(({ group, pages }) => (
        <div key={group} className={cx('member-nav__group', group === current && 'is-current')}>
          <span className="member-nav__heading" id={`member-nav-${group}`}>
            {t(`pages.member.groups.${group}`)}
          </span>
          <ul className="member-nav__pages" aria-labelledby={`member-nav-${group}`}>
            {pages.map((p) => (
              <li key={p}>
                <Link
                  to={`/member?page=${p}`}
                  className={cx('sub-nav__link', p === page && 'is-active')}
                  aria-current={p === page ? 'page' : undefined}
                >
                  {t(`pages.member.pages.${p}`)}
                  <Count n={badges[p]} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

const GROUP_ICONS: Record<MemberGroup, Parameters<typeof Icon>[0]['name']> = {
  wallet: 'wallet',
  play: 'cards',
  rewards: 'gift',
  account: 'user',
};

/** A page this player cannot use, reached by its address: why, and where to go instead. */
function Unavailable({ page, access }: { page: MemberPage; access: MemberAccess }) {
  const { t } = useTranslation();
  const reason = unavailableReason(page, access) ?? 'featureOff';
  const next = nextBestPage(page, access);
  return (
    <EmptyState
      icon={<Icon name="shield" size={32} />}
      title={t(`pages.member.unavailable.${reason}.title`)}
      description={t(`pages.member.unavailable.${reason}.text`)}
      action={
        <Link
          className={buttonClass('secondary')}
          to={`/member?page=${next}`}
          data-testid="member-unavailable-next"
        >
          {t('pages.member.unavailable.goTo', { page: t(`pages.member.pages.${next}`) })}
        </Link>
      }
    />
  );
}

export default function MemberPageView() {
  const { t } = useTranslation();
  const badges = useBadges();
  const access = useMemberAccess();
  const [params] = useSearchParams();
  const raw = params.get('page');
  const page: MemberPage = isMemberPage(raw) ? raw : defaultPage(access);
  const reason = unavailableReason(page, access);
  const usable = reason === null;
  // SPEC §4: a trial account opening the member centre is told a real account is needed (the
  // message with its confirm button, as for games and the cashier); its own rounds stay open.
  useEffect(() => {
    if (reason === 'trial') showInfo(t('account.trialNeedsReal'));
  }, [reason, t]);
  const Body = PAGE_BODIES[page];
  return (
    <div className="page member-centre">
      <PageHeader title={t('pages.member.title')} lead={t('pages.member.lead')} />
      <div className="split">
        <MemberNav page={page} access={access} badges={badges} />
        <section className="split__main" aria-labelledby="member-page-title">
          <h2 id="member-page-title" className="section-title">
            {t(`pages.member.pages.${page}`)}
          </h2>
          {usable ? (
            <Suspense fallback={<Loader label={t('loading')} />}>
              <Body />
            </Suspense>
          ) : (
            <Unavailable page={page} access={access} />
          )}
        </section>
      </div>
    </div>
  );
}
