import type { GameMenus } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { readCached, writeCached } from '../../../shared/session/cache.ts';

/**
 * GET /lgw/games/game_menus: vendor lanes per category. Small and shared by the navigation, the
 * footer and every game page; keyed by language so a language change refetches the vendors (SPEC §4).
 * Kept in the session under `gameVendor` (SPEC §3), so a reload paints the navigation at once; the
 * server answers 304 to an unchanged ETag, so the refetch is cheap.
 */
export async function getGameMenus(signal?: AbortSignal): Promise<GameMenus> {
  const menus = await api.get<GameMenus>('/lgw/games/game_menus', {
    signal,
    query: { platform: 'html5-desktop' },
  });
  writeCached('gameVendor', menus);
  return menus;
}

export const gameMenusQuery = (lang: string) =>
  queryOptions<GameMenus>({
    queryKey: ['games', 'menus', lang],
    queryFn: ({ signal }) => getGameMenus(signal),
    placeholderData: (): GameMenus | undefined => readCached<GameMenus>('gameVendor'),
    staleTime: 5 * 60_000,
  });

export function useGameMenus() {
  const lang = useLanguageStore((s) => s.code);
  return useQuery(gameMenusQuery(lang));
}
