import type { Game, GameCategory, Page } from '@wps/contract';
import { SPEC } from '@wps/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { readSession } from '../../../shared/lib/storage.ts';
import { useSessionStore } from '../../../shared/session/store.ts';

export type GameFilter = 'NEW' | 'FAV' | 'ALL' | 'HOT' | 'RECENT';

export interface GamesQuery {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  filter: GameFilter;
  keyword?: string | undefined;
  pageSize?: number;
}

/**
 * GET /wps/relay/GCS_games (FAV and RECENT read the caller's own lists: token), with the spec's
 * clientType, platform and merchant (the merchant once the whitelabel payload has named it).
 */
export const getGames = (q: GamesQuery & { pageNo: number }, signal?: AbortSignal) =>
  api.get<Page<Game>>('/wps/relay/GCS_games', {
    query: {
      clientType: 'WEB',
      platform: SPEC.platform,
      merchant: readSession('merchant') ?? undefined,
      gameType: q.gameType,
      vassalage: q.vassalage || undefined,
      filter: q.filter,
      keyword: q.keyword || undefined,
      pageNo: q.pageNo,
      pageSize: q.pageSize ?? SPEC.gamesPageSize,
    },
    signal,
  });

const needsToken = (f: GameFilter) => f === 'FAV' || f === 'RECENT';

/** Pages of games; "load more" appends the next page (SPEC §4). */
export function useGamePages(q: GamesQuery) {
  const lang = useLanguageStore((s) => s.code);
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['games', 'list', q, lang, needsToken(q.filter) ? token : null],
    queryFn: ({ pageParam, signal }) => getGames({ ...q, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: !needsToken(q.filter) || Boolean(token),
  });
}

/**
 * One page of a vendor's games (game centres, home sections). `wanted` false holds the call back
 * (a home row not yet near the screen); the query stays pending until it is asked.
 */
export function useVendorGames(
  gameType: GameCategory | undefined,
  vassalage: string | undefined,
  pageSize = 20,
  wanted = true,
) {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: ['games', 'vendor', gameType, vassalage, pageSize, lang],
    queryFn: ({ signal }) => getGames({ gameType, vassalage, filter: 'ALL', pageNo: 1, pageSize }, signal),
    enabled: wanted && Boolean(vassalage),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
