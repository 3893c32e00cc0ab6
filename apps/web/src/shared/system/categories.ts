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
