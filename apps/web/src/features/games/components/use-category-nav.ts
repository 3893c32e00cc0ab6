import type { GameCategory, WhitelabelModule } from '@wps/contract';
import type { MouseEvent } from 'react';
import { type NavCategory, navCategories } from '../../../shared/system/categories.ts';
import { useGameMenus } from '../api/get-game-menus.ts';
import { menuAction } from '../lib/rules.ts';
import { useLaunch } from './use-launch.ts';

export interface CategoryLink {
  id: NavCategory['id'];
  href: string;
  /** Set when the entry launches its single vendor instead of following the link. */
  onClick?: (e: MouseEvent) => void;
}

/**
 * The game categories of the main navigation and the side menu: those the operator enabled that
 * have at least one vendor, each following SPEC §2's header-menu rule (its page, its lottery, or
 * a direct launch of its only vendor).
 */
export function useCategoryLinks(modules: readonly WhitelabelModule[]): CategoryLink[] {
  const menus = useGameMenus();
  const launch = useLaunch();
  const lanes = menus.data?.lanes;
  return navCategories(modules, lanes).map((c) => {
    const category = c.id as GameCategory;
    const action = menuAction(
      category,
      lanes?.find((l) => l.title === category),
    );
    if (action.kind !== 'vendor') return { id: c.id, href: action.href };
    return {
      id: c.id,
      href: c.href,
      onClick: (e: MouseEvent) => {
        e.preventDefault();
        launch({ vendor: action.vendor.vassalage, gameType: action.category });
      },
    };
  });
}
