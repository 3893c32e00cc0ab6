import { MEMBER_PAGES } from './member-pages.ts';

export type MemberPage = (typeof MEMBER_PAGES)[number];

/**
 * The member centre's pages in four groups, in the order a player looks for them: money in and
 * out, what was played, what can be won, and the account itself. Every SPEC page key is in one.
 */
export const MEMBER_GROUPS = {
  wallet: ['depositv2', 'withdraw', 'transactionHistory', 'creditReport', 'transferFund', 'transferUpline'],
  play: ['personalHistoryCopy', 'personalProfit'],
  rewards: ['rewardCenter', 'bonusDetails', 'missionLeaderboard', 'manualRebate', 'referral'],
  account: ['securityCenter', 'messageV2', 'registerCenter'],
} as const satisfies Record<string, readonly MemberPage[]>;

export type MemberGroup = keyof typeof MEMBER_GROUPS;
export const MEMBER_GROUP_ORDER = Object.keys(MEMBER_GROUPS) as MemberGroup[];

export function groupOf(page: MemberPage): MemberGroup {
  return (
    MEMBER_GROUP_ORDER.find((g) => (MEMBER_GROUPS[g] as readonly MemberPage[]).includes(page)) ?? 'account'
  );
}

/**
 * What the member centre knows of this player: the member type (GET /wps/member/info), its
 * upline, the whitelabel flags and the operator's module tree (GET /wps/system/permission).
 */
export interface MemberAccess {
  isTrial: boolean;
  isAgent: boolean;
  /** The member has an upline (`parentId`): someone to transfer to. */
  hasUpline: boolean;
  /** SPEC §6 flags: MANPLAYREB3 switches the manual rebate on. */
  flags: Readonly<Record<string, boolean | undefined>>;
  /** Module switches by id (PROMO, REFERRAL); a module not listed, or an empty tree, counts as on. */
  modules: Readonly<Record<string, boolean | undefined>>;
}

/** Why a page is not this player's: it is still reachable by its address, and says so. */
export type Unavailable = 'trial' | 'agentsOnly' | 'noUpline' | 'featureOff';

/** Pages a trial (play-money) account can use: its own rounds and their result. */
const TRIAL_PAGES: ReadonlySet<MemberPage> = new Set(['personalHistoryCopy', 'personalProfit']);

/** Null when this player can use the page; otherwise why not. */
export function unavailableReason(page: MemberPage, a: MemberAccess): Unavailable | null {
  if (a.isTrial && !TRIAL_PAGES.has(page)) return 'trial';
  const moduleOn = (id: string) => a.modules[id] !== false;
  switch (page) {
    case 'transferFund':
    case 'registerCenter':
      return a.isAgent ? null : 'agentsOnly';
    case 'transferUpline':
      return a.hasUpline ? null : 'noUpline';
    case 'manualRebate':
      return a.flags.MANPLAYREB3 === true ? null : 'featureOff';
    case 'rewardCenter':
      return moduleOn('PROMO') ? null : 'featureOff';
    case 'referral':
      return moduleOn('REFERRAL') ? null : 'featureOff';
    default:
      return null;
  }
}

export interface MenuGroup {
  group: MemberGroup;
  pages: MemberPage[];
}

/** The groups and pages this player can use, in menu order; a group left with no page is left out. */
export function memberMenu(a: MemberAccess): MenuGroup[] {
  return MEMBER_GROUP_ORDER.map((group) => ({
    group,
    pages: (MEMBER_GROUPS[group] as readonly MemberPage[]).filter((p) => unavailableReason(p, a) === null),
  })).filter((g) => g.pages.length > 0);
}

/** The page `/member` opens without one: the security centre, or a trial's betting record. */
export function defaultPage(a: MemberAccess): MemberPage {
  return unavailableReason('securityCenter', a) === null ? 'securityCenter' : 'personalHistoryCopy';
}

/**
 * Where an unavailable page sends the player on: the first page of its own group this player can
 * use, else the member centre's default.
 */
export function nextBestPage(page: MemberPage, a: MemberAccess): MemberPage {
  const own = memberMenu(a).find((g) => g.group === groupOf(page));
  return own?.pages[0] ?? defaultPage(a);
}

export const isMemberPage = (v: string | null): v is MemberPage => MEMBER_PAGES.includes(v as MemberPage);

/**
 * The scroll position of a sideways strip that brings one item wholly into view, moving as little
 * as possible (an item already in view stays put), never past either end.
 */
export function revealScrollLeft(
  item: { left: number; width: number },
  strip: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  margin = 24,
): number {
  const max = Math.max(0, strip.scrollWidth - strip.clientWidth);
  let next = strip.scrollLeft;
  if (item.left - margin < strip.scrollLeft) next = item.left - margin;
  else if (item.left + item.width + margin > strip.scrollLeft + strip.clientWidth)
    next = item.left + item.width + margin - strip.clientWidth;
  return Math.min(max, Math.max(0, Math.round(next)));
}
