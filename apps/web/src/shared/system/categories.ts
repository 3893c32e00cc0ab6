import type { WhitelabelModule } from '@wps/contract';

/** Game categories of the main navigation, in the spec's order, with their routes. */
export const CATEGORY_ROUTES = {
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
} as const;
export type CategoryId = keyof typeof CATEGORY_ROUTES;

export interface NavCategory {
  id: CategoryId;
  href: string;
}

const isCategory = (id: string): id is CategoryId => Object.hasOwn(CATEGORY_ROUTES, id);

function find(modules: readonly WhitelabelModule[], modId: string): WhitelabelModule | undefined {
  for (const m of modules) {
    if (m.modId === modId) return m;
    const inner = find(m.childrenNodes, modId);
    if (inner) return inner;
  }
  return undefined;
}

/** Whether a module is switched on: it and every ancestor enabled. Unknown modules count as off. */
export function isModuleEnabled(modules: readonly WhitelabelModule[], modId: string): boolean {
  const walk = (list: readonly WhitelabelModule[]): boolean | undefined => {
    for (const m of list) {
      if (m.modId === modId) return m.enabled;
      const inner = walk(m.childrenNodes);
      if (inner !== undefined) return m.enabled && inner;
    }
    return undefined;
  };
  return walk(modules) ?? false;
}

/**
 * The game categories the operator's module tree enables, in tree order. The categories live
 * under the GAMES module; a disabled GAMES hides them all.
 */
export function enabledCategories(modules: readonly WhitelabelModule[]): NavCategory[] {
  const games = find(modules, 'GAMES');
  if (!games?.enabled) return [];
  return games.childrenNodes
    .filter((m) => m.enabled && isCategory(m.modId))
    .map((m) => ({ id: m.modId as CategoryId, href: CATEGORY_ROUTES[m.modId as CategoryId] }));
}

/** A lane of GET /lgw/games/game_menus: a category and its vendors. */
export interface MenuLane {
  title: string;
  gameClassify: readonly unknown[];
}

/**
 * SPEC §2 main navigation: home, in-house, then each game category with at least one vendor
 * (from the games module's menus), unless the operator's module tree switches it off. A category
 * the tree does not name (ELOTT, BGS) shows as soon as it has a vendor. Until the menus arrive
 * the tree alone decides, so the navigation does not start empty.
 */
export function navCategories(
  modules: readonly WhitelabelModule[],
  lanes: readonly MenuLane[] | undefined,
): NavCategory[] {
  if (!lanes) return enabledCategories(modules);
  const games = find(modules, 'GAMES');
  if (modules.length > 0 && !games?.enabled) return [];
  const withVendors = new Set(lanes.filter((l) => l.gameClassify.length > 0).map((l) => l.title));
  return (Object.keys(CATEGORY_ROUTES) as CategoryId[])
    .filter((id) => {
      const mod = find(modules, id);
      if (mod && !isModuleEnabled(modules, id)) return false;
      return id === 'INHOUSE' ? mod !== undefined || withVendors.has(id) : withVendors.has(id);
    })
    .map((id) => ({ id, href: CATEGORY_ROUTES[id] }));
}
