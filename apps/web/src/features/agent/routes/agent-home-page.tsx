import { useEffect, useState } from 'react';
import { SPEC } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useSessionStore } from '../../../shared/session/store.ts';

/** SPEC §2 agent home menu. */
const AGENT_MENU = [
  'deposit',
  'withdraw',
  'announcement',
  'teamOverview',
  'registerAccount',
  'teamManagement',
  'teamBetting',
  'userLoss',
  'myIncome',
  'accountDetails',
  'dividend',
  'dailyWages',
  'hourlySalary',
  'realtimeSalary',
  'messages',
  'customerService',
] as const;

/** "+05:45" style offset of the visitor's clock (SPEC: the agent header shows it). */
export function timezoneOffsetLabel(offsetMinutesWest: number): string {
  const east = -offsetMinutesWest;
  const sign = east >= 0 ? '+' : '-';
  const abs = Math.abs(east);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), SPEC.clockRefreshMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="num">
      GMT{timezoneOffsetLabel(now.getTimezoneOffset())} {now.toLocaleTimeString('en-GB')}
    </span>
  );
}

/** Agent centre (agents only; the route guard sends others to /agent). */
export default function AgentHomePage() {
  const { t } = useTranslation();
  const member = useSessionStore((s) => s.member);
  return (
    <div className="page">
      <div className="agent-bar">
        <Clock />
        <span>{member?.nickname || member?.account}</span>
      </div>
      <PageHeader title={t('pages.agentHome.title')} lead={t('pages.agentHome.lead')} />
      <ul className="tile-grid">
        {AGENT_MENU.map((m) => (
          <li key={m} className="tile">
            {t(`pages.agentHome.menu.${m}`)}
          </li>
        ))}
      </ul>
      <NotAvailable headingLevel={2} what={t('pages.agentHome.title')} />
    </div>
  );
}
