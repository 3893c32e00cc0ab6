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

/**
 * GET /wps/relay/GCS_winnerBoard: LATEST is the jackpot winners board, BIGGEST the biggest wins.
 * The board sends each winner under `vo` (SPEC §7); the page reads the winners themselves.
 */
export const getWinners = (sort: 'LATEST' | 'BIGGEST', signal?: AbortSignal) =>
  api
    .get<{ list: Array<{ vo: Winner }> }>('/wps/relay/GCS_winnerBoard', {
      query: { gameCategory: 'ALL', limitNum: SPEC.winnerBoardLimit, sort },
      signal,
    })
    .then((v) => ({ list: v.list.map((item) => item.vo) }));

export function useWinners(sort: 'LATEST' | 'BIGGEST') {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: ['games', 'winners', sort, lang],
    queryFn: ({ signal }) => getWinners(sort, signal),
    staleTime: 60_000,
  });
}
