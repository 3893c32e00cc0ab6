import type { Game } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';

/** GET /wps/relay/GCS_hotGames; keyed by language: a language change refetches (SPEC §4). */
export const getHotGames = (signal?: AbortSignal) =>
  api.get<{ list: Game[] }>('/wps/relay/GCS_hotGames', {
    query: { isPlatform: 2, platform: 'flash,html5-desktop' },
    signal,
  });

export function useHotGames() {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: ['games', 'hot', lang],
    queryFn: ({ signal }) => getHotGames(signal),
    staleTime: 60_000,
  });
}
