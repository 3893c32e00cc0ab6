import type { IconName } from '../../shared/ui/icons.tsx';
import type { CategoryId } from '../../shared/system/categories.ts';

export const CATEGORY_ICONS: Record<CategoryId, IconName> = {
  INHOUSE: 'house',
  RNG: 'slots',
  LIVE: 'live',
  FISH: 'fish',
  PVP: 'cards',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  COCKFIGHT: 'rooster',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  BGS: 'star',
};

/** Is `href` (path plus optional query) the current location? In-house and slots share /rng. */
export function isCurrent(href: string, location: { pathname: string; search: string }): boolean {
  const [path, query = ''] = href.split('?');
  if (path !== location.pathname) return false;
  const want = new URLSearchParams(query).get('vassalage') ?? '';
  const have = new URLSearchParams(location.search).get('vassalage') ?? '';
  return want.toUpperCase() === have.toUpperCase();
}
