import type {
  LotteryDraw,
  LotteryMenu,
  LotteryMenuGame,
  LotteryPlaceBody,
  LotteryPrizeMode,
  LotteryTicket,
} from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { invalidateMoney } from '../../wallet/api/get-balance.ts';

export type { LotteryDraw, LotteryMenuGame, LotteryTicket };
const KEY = ['lottery'] as const;

/** A fresh idempotency key per submitted slip. */
export const newRequestId = () => `l${crypto.getRandomValues(new Uint32Array(3)).join('-')}`;

const qs = (params: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** GET /lgw/vn/games/game_menu: games with their next draw (refetched when a countdown ends). */
export const useLotteryMenu = (prizeMode: LotteryPrizeMode | undefined, enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'menu', prizeMode ?? 'ALL'],
    queryFn: ({ signal }) =>
      api.get<LotteryMenu>(`/lgw/vn/games/game_menu${qs({ prizeMode, device: 'WEB' })}`, { signal }),
    staleTime: 5_000,
    enabled,
  });

/** GET /lgw/vn/numeros/opened/game: the latest draws of a game, or one draw, or a day's. */
export const useOpened = (
  gameCode: string | null,
  opts: { drawId?: string; date?: string; pageSize?: number } = {},
) =>
  useQuery({
    queryKey: [...KEY, 'opened', gameCode, opts],
    queryFn: ({ signal }) =>
      api.get<{ draws: LotteryDraw[] }>(
        `/lgw/vn/numeros/opened/game${qs({ gameCode: gameCode ?? '', ...opts })}`,
        { signal },
      ),
    enabled: Boolean(gameCode),
    // The latest results follow the draws; a chosen day's list is history and stays put.
    refetchInterval: opts.date || opts.drawId ? false : 5_000,
  });

/** GET /wps/lottery/tickets: my tickets of a game, newest first. */
export const useTickets = (gameCode: string | null) =>
  useQuery({
    queryKey: [...KEY, 'tickets', gameCode],
    queryFn: ({ signal }) =>
      api.get<{ content: LotteryTicket[]; total: number }>(
        `/wps/lottery/tickets${qs({ gameCode: gameCode ?? undefined, pageSize: 20 })}`,
        { signal },
      ),
    enabled: Boolean(gameCode),
    // While a ticket waits for its draw, look again every few seconds for its settlement.
    refetchInterval: (q) => (q.state.data?.content.some((x) => x.status === 'open') ? 3_000 : false),
  });

/** POST /wps/lottery/bets; money moved, so the balance and my tickets refetch. */
export function usePlaceSlip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<LotteryPlaceBody, 'requestId'>) =>
      api.post<{ ticketId: string; cost: string; balance: string }>('/wps/lottery/bets', {
        requestId: newRequestId(),
        ...body,
      }),
    onSettled: () =>
      Promise.all([invalidateMoney(qc), qc.invalidateQueries({ queryKey: [...KEY, 'tickets'] })]),
  });
}

/** POST /wps/lottery/tickets/cancel */
export function useCancelTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) =>
      api.post<{ ticketId: string; balance: string }>('/wps/lottery/tickets/cancel', { ticketId }),
    onSettled: () =>
      Promise.all([invalidateMoney(qc), qc.invalidateQueries({ queryKey: [...KEY, 'tickets'] })]),
  });
}

/** After a draw time passes: new menu (next draw), results and tickets (settled). */
export function useRefreshAfterDraw() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: KEY }), invalidateMoney(qc)]);
}
