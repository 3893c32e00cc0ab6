import type { ProfitSummary } from '@wps/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

/** GET /wps/cashier/profit: profit and loss over a period (personalProfit). */
export const getProfit = (q: { from: string; to: string }, signal?: AbortSignal) =>
  api.get<ProfitSummary>('/wps/cashier/profit', { query: q, signal });

export const profitQuery = (q: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'profit', q],
    queryFn: ({ signal }) => getProfit(q, signal),
    placeholderData: keepPreviousData,
  });

export const useProfit = (q: { from: string; to: string }) => useQuery(profitQuery(q));
