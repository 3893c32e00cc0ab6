import { JACKPOT_POLL_MS, type JackpotPool, type JackpotWin } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/**
 * GET /wps/jackpot, polled: the pools' amounts are the ledger's balances at the last poll, shown
 * as they come (no client-side ticking between polls: a figure on screen is one the books held).
 */
export function useJackpotPools() {
  return useQuery({
    queryKey: ['jackpot', 'pools'],
    queryFn: ({ signal }) => api.get<{ pools: JackpotPool[] }>('/wps/jackpot', { signal }),
    refetchInterval: JACKPOT_POLL_MS,
    staleTime: JACKPOT_POLL_MS / 2,
  });
}

/** Recent wins with their draw inputs (the verifier's jackpot tab). */
export function useJackpotWins() {
  return useQuery({
    queryKey: ['jackpot', 'wins'],
    queryFn: ({ signal }) => api.get<{ wins: JackpotWin[] }>('/wps/jackpot/wins', { signal }),
    staleTime: 30_000,
  });
}
