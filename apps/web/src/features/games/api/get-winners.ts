import { SPEC } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';

export interface Winner {
  customerName: string;
  winAmount: string;
  iconUrl: string;
  gameName: string;
  gameId: number | null;
  vassalage: string;
  time: string;
}

/** GET /wps/relay/GCS_winnerBoard: LATEST is the jackpot winners board, BIGGEST the biggest wins. */
export const getWinners = (sort: 'LATEST' | 'BIGGEST', signal?: AbortSignal) =>
  api.get<{ list: Winner[] }>('/wps/relay/GCS_winnerBoard', {
    query: { gameCategory: 'ALL', limitNum: SPEC.winnerBoardLimit, sort },
    signal,
  });

export function useWinners(sort: 'LATEST' | 'BIGGEST') {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: ['games', 'winners', sort, lang],
    queryFn: ({ signal }) => getWinners(sort, signal),
    staleTime: 60_000,
  });
}
