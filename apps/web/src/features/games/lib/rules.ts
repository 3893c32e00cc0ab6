import { type GameCategory, type GameMenus, SPEC } from '@wps/contract';

/**
 * The games' navigation rules of SPEC §2 and §4 as plain functions (no React, no fetching): the
 * main navigation, the side menu and the header game menu all decide with these.
 */
export type Lane = GameMenus['lanes'][number];
export type VendorCard = Lane['gameClassify'][number];

/** Route of each category's page (in-house is the RNG list of the INHOUSE vendor). */
export const CATEGORY_PAGES: Readonly<Record<GameCategory, string>> = {
  INHOUSE: '/rng?vassalage=INHOUSE',
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  LOTT: '/lott',
  ELOTT: '/elott',
  BGS: '/bgs',
};

/** Types whose menu entry always opens their page (SPEC §2: HOME, PROMO, PVP, FISH, RNG). */
const ALWAYS_PAGE = new Set<string>(['HOME', 'PROMO', 'PVP', 'FISH', 'RNG', 'INHOUSE', 'BGS']);

/** SPEC §2 lottery routing by vendor: TCG_LOTTO_VN → /vnLottery, TCG_SEA → /seaLottery, else /lottery. */
export function lotteryRoute(vendor: string, gameCode?: string): string {
  const base = vendor === 'TCG_LOTTO_VN' ? '/vnLottery' : vendor === 'TCG_SEA' ? '/seaLottery' : '/lottery';
  // /seaLottery takes no game code (SPEC §2: only /vnLottery and /lottery do).
  return gameCode && base !== '/seaLottery' ? `${base}?gameCode=${encodeURIComponent(gameCode)}` : base;
}

export const isLottery = (category: string) => category === 'LOTT' || category === 'ELOTT';

/**
 * SPEC §4: the prize mode is ELOTT when the vendor data has an ELOTT card of TCG_LOTTO_VN or LOTT,
 * else LOTT (the Vietnamese lottery's odds table the site plays under).
 */
export function prizeModeOf(lanes: readonly Lane[]): 'ELOTT' | 'LOTT' {
  const elott = lanes.find((l) => l.title === 'ELOTT');
  return elott?.gameClassify.some((c) => c.vassalage === 'TCG_LOTTO_VN' || c.vassalage === 'LOTT')
    ? 'ELOTT'
    : 'LOTT';
}

export type MenuAction =
  | { kind: 'page'; href: string }
  /** Navigate into the lottery pages (they start the game themselves). */
  | { kind: 'lottery'; href: string }
  /** Launch this single vendor's game directly. */
  | { kind: 'vendor'; vendor: VendorCard; category: GameCategory };

/**
 * SPEC §2 header game menu: a type opens its page when it is HOME, PROMO, PVP, FISH or RNG, or has
 * more than one vendor; with a single vendor it launches that vendor directly. LOTT and ELOTT
 * start the game directly (through the lottery routing of their first vendor).
 */
export function menuAction(category: GameCategory, lane: Lane | undefined): MenuAction {
  const vendors = lane?.gameClassify ?? [];
  const first = vendors[0];
  if (isLottery(category) && first) return { kind: 'lottery', href: lotteryRoute(first.vassalage) };
  if (ALWAYS_PAGE.has(category) || vendors.length !== 1 || !first)
    return { kind: 'page', href: CATEGORY_PAGES[category] };
  return { kind: 'vendor', vendor: first, category };
}

/** SPEC §2: a vendor list of more than 10 entries uses the large layout. */
export const LARGE_MENU_ABOVE = 10;
export const isLargeMenu = (count: number) => count > LARGE_MENU_ABOVE;

/**
 * SPEC §2 main navigation: each game category with at least one vendor. Categories come in the
 * operator's module order; until the catalogue has answered, the module list stands as it is.
 */
export function categoriesWithVendors<T extends { id: string }>(
  categories: readonly T[],
  lanes: readonly Lane[] | undefined,
): T[] {
  if (!lanes) return [...categories];
  const counts = new Map(lanes.map((l) => [l.title as string, l.gameClassify.length]));
  return categories.filter((c) => (counts.get(c.id) ?? 0) > 0);
}

/** Home: the vendors each category section shows (SPEC §9: cut to 12). */
export const homeVendors = (lane: Lane | undefined): VendorCard[] =>
  (lane?.gameClassify ?? []).slice(0, SPEC.homeVendorListLimit);

/** SPEC §9: the home page fetches the games of the first 3 RNG, 1 LIVE and 1 FISH vendors. */
export function homeGameFetches(lanes: readonly Lane[]): Array<{ category: GameCategory; vendor: string }> {
  const out: Array<{ category: GameCategory; vendor: string }> = [];
  for (const [category, n] of Object.entries(SPEC.homeVendorFetch) as Array<[GameCategory, number]>) {
    const lane = lanes.find((l) => l.title === category);
    for (const v of (lane?.gameClassify ?? []).slice(0, n)) out.push({ category, vendor: v.vassalage });
  }
  return out;
}

/** SPEC §9 carousel: arrows only when a list has more than 12 items. */
export const carouselArrows = (count: number) => count > SPEC.carousel.arrowsAbove;

/** SPEC §9: the biggest-wins section shows the first 9. */
export const biggestWinsShown = <T>(list: readonly T[]): T[] => list.slice(0, SPEC.biggestWinsShown);

/** SPEC §2: the esports section only when esports has games. */
export const esportsRelevant = (lanes: readonly Lane[]) =>
  lanes.some((l) => l.title === 'ESPORTS' && l.gameClassify.some((v) => v.gameCount > 0));
