import type { Game } from '@wps/contract';
import { SPEC } from '@wps/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { useSessionStore } from '../../../shared/session/store.ts';

interface RecentPage {
  list: Game[];
  pageNum: number;
  totalPages: number;
  total: number;
}

/** GET /wps/relay/GCS_recentGames (token): games the member launched or played, newest first. */
export const getRecentGames = (page: number, signal?: AbortSignal) =>
  api.get<RecentPage>('/wps/relay/GCS_recentGames', {
    query: { page, pageSize: SPEC.recentPageSize },
    signal,
  });

export function useRecentGames(enabled = true) {
  const token = useSessionStore((s) => s.token);
  const lang = useLanguageStore((s) => s.code);
  return useInfiniteQuery({
    queryKey: ['member', 'games', 'recent', token, lang],
    queryFn: ({ pageParam, signal }) => getRecentGames(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: enabled && Boolean(token),
  });
}
