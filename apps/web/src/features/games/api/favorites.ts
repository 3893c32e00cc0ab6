import type { Game, Page } from '@wps/contract';
import { SPEC } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { toggledIds } from '../lib/throttle.ts';

/** Under `['member']`: signing out drops the member's favourites with the rest. */
export const FAVORITES_KEY = ['member', 'games', 'favorites'] as const;

/** GET /wps/relay/GCS_favoriteIds (token). */
export const getFavoriteIds = (signal?: AbortSignal) =>
  api.get<{ favGameIds: string[] }>('/wps/relay/GCS_favoriteIds', { signal });

/** GET /wps/relay/GCS_favorites (token; pageSize 999 as SPEC §7 says). */
export const getFavorites = (signal?: AbortSignal) =>
  api.get<Page<Game>>('/wps/relay/GCS_favorites', {
    query: { pageNo: 1, pageSize: SPEC.favoritesPageSize },
    signal,
  });

export function useFavoriteIds() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: [...FAVORITES_KEY, 'ids', token],
    queryFn: ({ signal }) => getFavoriteIds(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
    select: (v) => v.favGameIds,
  });
}

export function useFavoriteGames() {
  const token = useSessionStore((s) => s.token);
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: [...FAVORITES_KEY, 'list', token, lang],
    queryFn: ({ signal }) => getFavorites(signal),
    enabled: Boolean(token),
  });
}

/** POST or DELETE /wps/relay/GCS_favorite: both idempotent on the server. */
export const setFavorite = (nodeId: string, on: boolean) =>
  on
    ? api.post<{ nodeId: string; favorite: boolean }>('/wps/relay/GCS_favorite', { nodeId })
    : api.delete<{ nodeId: string; favorite: boolean }>('/wps/relay/GCS_favorite', { query: { nodeId } });

/**
 * SPEC §4 favourites, optimistic: the id list changes at once and rolls back if the server
 * refuses; afterwards every favourites view refetches.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const idsKey = [...FAVORITES_KEY, 'ids', token];
  return useMutation({
    mutationFn: ({ nodeId, on }: { nodeId: string; on: boolean }) => setFavorite(nodeId, on),
    onMutate: async ({ nodeId, on }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const before = queryClient.getQueryData<{ favGameIds: string[] }>(idsKey);
      queryClient.setQueryData<{ favGameIds: string[] }>(idsKey, {
        favGameIds: toggledIds(before?.favGameIds ?? [], nodeId, on),
      });
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      queryClient.setQueryData(idsKey, ctx?.before ?? { favGameIds: [] });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['games', 'list'] }),
      ]),
  });
}
