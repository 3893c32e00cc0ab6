import type { AdminLotteryResultDraw, AdminLotteryResults, LotteryDrawState } from '@wps/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/**
 * The console's official lottery results calls (issue 28; permission `lottery.results`): the
 * station-named draws past their time with the operator's entry and the feed's result, entering a
 * result, approving another operator's, and throwing a wrong result out (proposed, then approved).
 */
export type ResultDraw = AdminLotteryResultDraw;

const KEY = ['admin', 'lottery-results'] as const;

export const useLotteryResults = (state: LotteryDrawState | '') =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, state],
      queryFn: ({ signal }) =>
        api.get<AdminLotteryResults>('/wps/admin/lottery/results', {
          signal,
          token: adminToken(),
          query: state ? { state } : {},
        }),
      refetchInterval: 15_000,
    }),
  );

export const useEnterResult = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { drawId: string; results: Record<string, string[]> }) =>
      apiRequest<ResultDraw>('/wps/admin/lottery/results', { method: 'POST', body, token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};

export const useApproveResult = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (drawId: string) =>
      apiRequest<ResultDraw>('/wps/admin/lottery/results/approve', {
        method: 'POST',
        body: { drawId },
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};

export type ResultSource = 'operator' | 'feed';

/** Proposes throwing out one source's result (a second operator approves). */
export const useProposeDiscard = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { drawId: string; source: ResultSource; reason: string }) =>
      apiRequest<ResultDraw>('/wps/admin/lottery/results/discard', {
        method: 'POST',
        body,
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};

/** Approves another operator's proposal to throw a result out. */
export const useApproveDiscard = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { drawId: string; source: ResultSource }) =>
      apiRequest<ResultDraw>('/wps/admin/lottery/results/discard/approve', {
        method: 'POST',
        body,
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};

/** One prize's numbers as typed: separated by spaces, commas or dashes. */
export const splitNumbers = (v: string) => v.split(/[\s,;-]+/).filter(Boolean);
