import { SPEC } from '@wps/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useLogout } from '../../account/api/logout.ts';
import { useContracts } from '../api/agent-calls.ts';
import {
  type AgentSection,
  isSection,
  legacySection,
  sectionEnabled,
  timezoneOffsetLabel,
  visibleMenu,
} from '../lib.ts';
import ContractsSection from '../sections/contracts.tsx';
import LinksSection from '../sections/links.tsx';
import MyBetsSection from '../sections/my-bets.tsx';
import MessagesSection from '../sections/messages.tsx';
import OverviewSection from '../sections/overview.tsx';
import RegisterSection from '../sections/register.tsx';
import {
  IncomeSection,
  PayoutsSection,
  TeamBetsSection,
  TransactionsSection,
  UserLossSection,
} from '../sections/reports.tsx';
import { AnnouncementSection, CustomerServiceSection, useAgentContacts } from '../sections/support.tsx';
import TeamSection from '../sections/team.tsx';
import '../agent.css';

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), SPEC.clockRefreshMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="num" data-testid="agent-clock">
      GMT{timezoneOffsetLabel(now.getTimezoneOffset())} {now.toLocaleTimeString('en-GB')}
    </span>
  );
}

/** SPEC §2 agent header: timezone offset, a clock ticking each second, nickname, logout. */
function AgentHeader() {
  const { t } = useTranslation('agent');
  const member = useSessionStore((s) => s.member);
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <header className="agent-header">
      <Link to="/" className="agent-header__home">
        {t('title')}
      </Link>
      <Clock />
      <span className="agent-header__name">{member?.nickname || member?.account}</span>
      <Button
        size="sm"
        variant="ghost"
        disabled={logout.isPending}
        onClick={() => {
          if (!window.confirm(t('logoutConfirm'))) return;
          logout.mutate(undefined, {
            // Leave the centre first; the session ends once /agent shows (navigation-effects.tsx).
            onSettled: () => navigate('/agent', { replace: true, state: { endSession: true } }),
          });
        }}
      >
        {t('logout')}
      </Button>
    </header>
  );
}

/** The agent centre (agents only: the route guard sends others to /agent), in its own layout. */
export default function AgentHomePage() {
  const { t } = useTranslation(['agent', 'agent-centre']);
  const [params, setParams] = useSearchParams();
  const [detailsOf, setDetailsOf] = useState<number | null>(null);
  const requested = params.get('page');
  const renamed = legacySection(requested);
  const section: AgentSection = isSection(requested) ? requested : (renamed ?? 'agentTeamOverview');
  // An old page key (before SPEC §2's names) opens its page under the new key, replacing the entry.
  useEffect(() => {
    if (!renamed) return;
    setParams(
      (p) => {
        p.set('page', renamed);
        return p;
      },
      { replace: true },
    );
  }, [renamed, setParams]);
  const flags = usePermission().data?.info.whitelabel.flags;
  const agentPolicy = flags?.AGENTPOLICY3 !== false;
  const held = useContracts({ side: 'RECEIVED', status: 'ACTIVE' }, agentPolicy);
  const heldKinds = new Set((held.data?.content ?? []).map((c) => c.kind));
  const hasContacts = useAgentContacts().length > 0;
  const menu = visibleMenu({ agentPolicy, heldKinds, hasContacts, ...(flags ? { flags } : {}) });
  const go = (s: AgentSection) => setParams({ page: s });
  // Until the start-up payload names the flags, no page asks the server for anything it may refuse.
  const enabled = flags ? sectionEnabled(section, agentPolicy, flags) : null;
  const body = (() => {
    if (enabled === null) return <Loader label={t('loading')} />;
    if (!enabled)
      return (
        <EmptyState headingLevel={2} title={t('switchedOff.title')} description={t('switchedOff.text')} />
      );
    switch (section) {
      case 'agentAnnouncement':
        return <AnnouncementSection />;
      case 'customerService':
        return <CustomerServiceSection />;
      case 'registerCenter':
        return <RegisterSection />;
      case 'linkManagement':
        return <LinksSection />;
      case 'downlineManagmentView':
        return (
          <TeamSection
            onDetails={(id) => {
              setDetailsOf(id);
              go('agentDownlineTransactionDetailsCopy');
            }}
          />
        );
      case 'contracts':
        return <ContractsSection />;
      case 'teamBetting':
        return <TeamBetsSection />;
      case 'personalHistoryCopy':
        return <MyBetsSection />;
      case 'palStatementsAgentCopy':
        return <UserLossSection />;
      case 'agentRevenueReport':
        return <IncomeSection />;
      case 'agentDownlineTransactionDetailsCopy':
        return <TransactionsSection key={detailsOf ?? 0} memberId={detailsOf} />;
      case 'agentDividendRecordCopy2':
        return <PayoutsSection key="DIVIDEND" kind="DIVIDEND" />;
      case 'agentDailyWages2':
        return <PayoutsSection key="DAILY" kind="DAILY" />;
      case 'agentHourSalary':
        return <PayoutsSection key="HOURLY" kind="HOURLY" />;
      case 'messages':
        return <MessagesSection />;
      case 'agentRealtimeSalary':
        return <PayoutsSection key="REALTIME" kind="REALTIME" />;
      default:
        return <OverviewSection />;
    }
  })();
  return (
    <div className="agent-layout">
      <AgentHeader />
      <nav className="agent-menu" aria-label={t('menuLabel')}>
        <ul>
          {menu.map((m) => (
            <li key={m.key}>
              {'link' in m ? (
                <Link to={m.link}>{t(m.label)}</Link>
              ) : (
                <button
                  type="button"
                  aria-current={m.key === section ? 'page' : undefined}
                  onClick={() => go(m.key)}
                >
                  {t(m.label)}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <main className="agent-main" id="main">
        {body}
      </main>
    </div>
  );
}
