import { type ContractKind, contractKindEnabled } from '@wps/contract';

/** "+05:45" style offset of the visitor's clock (SPEC §2: the agent header shows it). */
export function timezoneOffsetLabel(offsetMinutesWest: number): string {
  const east = -offsetMinutesWest;
  const sign = east >= 0 ? '+' : '-';
  const abs = Math.abs(east);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** SPEC §2 agent home menu, in the spec's order; `link` items leave the centre. */
export const AGENT_MENU = [
  { key: 'deposit', link: '/member?page=depositv2' },
  { key: 'withdraw', link: '/member?page=withdraw' },
  { key: 'announcement' },
  { key: 'teamOverview' },
  { key: 'registerAccount' },
  { key: 'teamManagement' },
  { key: 'contracts', contract: true },
  { key: 'teamBetting' },
  { key: 'userLoss' },
  { key: 'myIncome', contract: true },
  { key: 'accountDetails' },
  { key: 'dividend', kind: 'DIVIDEND' },
  { key: 'dailyWages', kind: 'DAILY' },
  { key: 'hourlySalary', kind: 'HOURLY' },
  { key: 'realtimeSalary', kind: 'REALTIME' },
  { key: 'messages', contract: true },
  { key: 'customerService', contacts: true },
] as const;
export type AgentSection = Exclude<(typeof AGENT_MENU)[number], { link: string }>['key'];

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

/** The kinds an agent may offer: those switched on (SPEC §6), in the form's order. */
export const offerableKinds = (flags: Readonly<Record<string, boolean>>): ContractKind[] =>
  (['REALTIME', 'DAILY', 'HOURLY', 'DIVIDEND'] as const).filter((k) => contractKindEnabled(flags, k));

export const isSection = (s: string | null): s is AgentSection =>
  AGENT_MENU.some((m) => m.key === s && !('link' in m));

/** A signed amount's tone: the team's loss is the platform's gain. */
export const tone = (amount: string) => (amount.startsWith('-') ? 'down' : amount === '0.00' ? '' : 'up');
