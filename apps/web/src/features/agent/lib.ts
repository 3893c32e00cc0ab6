import { type ContractKind, contractKindEnabled } from '@wps/contract';

/** "+05:45" style offset of the visitor's clock (SPEC §2: the agent header shows it). */
export function timezoneOffsetLabel(offsetMinutesWest: number): string {
  const east = -offsetMinutesWest;
  const sign = east >= 0 ? '+' : '-';
  const abs = Math.abs(east);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * SPEC §2 agent home menu, in the spec's order. `key` is the page key in the address
 * (`/agentHome?page=<key>`), the SPEC §2 agent-centre page key where the spec names one (pages it
 * does not name keep a plain key); `label` is the menu text's i18n key (agent catalogue unless prefixed).
 * `link` items leave the centre.
 */
export const AGENT_MENU = [
  { key: 'deposit', label: 'menu.deposit', link: '/member?page=depositv2' },
  { key: 'withdraw', label: 'menu.withdraw', link: '/member?page=withdraw' },
  { key: 'agentAnnouncement', label: 'menu.announcement' },
  { key: 'agentTeamOverview', label: 'menu.teamOverview' },
  { key: 'registerCenter', label: 'menu.registerAccount' },
  // Link management (SPEC "other screens implied"): named invite links with their counts.
  { key: 'linkManagement', label: 'agent-centre:menu.inviteLinks' },
  { key: 'downlineManagmentView', label: 'menu.teamManagement' },
  { key: 'contracts', label: 'menu.contracts', contract: true },
  { key: 'teamBetting', label: 'menu.teamBetting' },
  // The agent's own bets (SPEC §2 names it among the agent centre's pages).
  { key: 'personalHistoryCopy', label: 'agent-centre:menu.myBets' },
  { key: 'palStatementsAgentCopy', label: 'menu.userLoss' },
  { key: 'agentRevenueReport', label: 'menu.myIncome', contract: true },
  { key: 'agentDownlineTransactionDetailsCopy', label: 'menu.accountDetails' },
  { key: 'agentDividendRecordCopy2', label: 'menu.dividend', kind: 'DIVIDEND' },
  { key: 'agentDailyWages2', label: 'menu.dailyWages', kind: 'DAILY' },
  { key: 'agentHourSalary', label: 'menu.hourlySalary', kind: 'HOURLY' },
  { key: 'agentRealtimeSalary', label: 'menu.realtimeSalary', kind: 'REALTIME' },
  { key: 'messages', label: 'menu.messages', contract: true },
  { key: 'customerService', label: 'menu.customerService', contacts: true },
] as const;
export type AgentSection = Exclude<(typeof AGENT_MENU)[number], { link: string }>['key'];

/**
 * The page keys the agent centre used before it took SPEC §2's names: old links and bookmarks
 * still open their page, the address replaced by the new key.
 */
export const LEGACY_SECTION_KEYS: Readonly<Record<string, AgentSection>> = {
  announcement: 'agentAnnouncement',
  teamOverview: 'agentTeamOverview',
  registerAccount: 'registerCenter',
  teamManagement: 'downlineManagmentView',
  userLoss: 'palStatementsAgentCopy',
  myIncome: 'agentRevenueReport',
  accountDetails: 'agentDownlineTransactionDetailsCopy',
  dividend: 'agentDividendRecordCopy2',
  dailyWages: 'agentDailyWages2',
  hourlySalary: 'agentHourSalary',
  realtimeSalary: 'agentRealtimeSalary',
};

/** The current key an old one stands for, or null when `key` is not an old key. */
export const legacySection = (key: string | null): AgentSection | null =>
  key !== null && Object.hasOwn(LEGACY_SECTION_KEYS, key) ? (LEGACY_SECTION_KEYS[key] ?? null) : null;

/**
 * SPEC §6: contract entries show under AGENTPOLICY3, and each salary or dividend page only when
 * its kind is switched on (enableCt, salary, hourSalary, agentRealtimeSalary: the server refuses
 * it otherwise) and the agent holds a contract of that kind. Customer service shows only when
 * the operator configured a contact (menus lead only to what works).
 */
export function visibleMenu(opts: {
  agentPolicy: boolean;
  heldKinds: ReadonlySet<string>;
  hasContacts?: boolean;
  /** The site's feature flags (a missing one has its default: on). */
  flags?: Readonly<Record<string, boolean>>;
}) {
  const flags = opts.flags ?? {};
  return AGENT_MENU.filter((m) => {
    if ('contacts' in m) return opts.hasContacts === true;
    if ('contract' in m && m.contract) return opts.agentPolicy;
    if ('kind' in m)
      return opts.agentPolicy && contractKindEnabled(flags, m.kind) && opts.heldKinds.has(m.kind);
    return true;
  });
}

/**
 * Whether a page's feature is switched on (SPEC §6), whatever the agent holds: off, the server
 * refuses the page's calls (NOT_ENABLED), so the page is not rendered at all and says why. A
 * bookmark or an old link can still ask for it when the menu no longer shows it.
 */
export function sectionEnabled(
  section: AgentSection,
  agentPolicy: boolean,
  flags: Readonly<Record<string, boolean>>,
): boolean {
  const m = AGENT_MENU.find((x) => x.key === section);
  if (!m) return true;
  if ('contract' in m && m.contract) return agentPolicy;
  if ('kind' in m) return agentPolicy && contractKindEnabled(flags, m.kind);
  return true;
}

/** The kinds an agent may offer: those switched on (SPEC §6), in the form's order. */
export const offerableKinds = (flags: Readonly<Record<string, boolean>>): ContractKind[] =>
  (['REALTIME', 'DAILY', 'HOURLY', 'DIVIDEND'] as const).filter((k) => contractKindEnabled(flags, k));

export const isSection = (s: string | null): s is AgentSection =>
  AGENT_MENU.some((m) => m.key === s && !('link' in m));

/** A signed amount's tone: the team's loss is the platform's gain. */
export const tone = (amount: string) => (amount.startsWith('-') ? 'down' : amount === '0.00' ? '' : 'up');
