import type { WalletBalance } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/client.ts';

/**
 * GET /wps/v2/wallets/balance (token): the header balance (SPEC §2). Anything that moves money
 * invalidates `BALANCE_QUERY_KEY`; logout drops it with the rest of `['member']`.
 */
export const BALANCE_QUERY_KEY = ['member', 'balance'] as const;

export const getBalance = (signal?: AbortSignal) =>
  api.get<WalletBalance>('/wps/v2/wallets/balance', { signal });

export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...BALANCE_QUERY_KEY, token],
    queryFn: ({ signal }) => getBalance(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    // A missing wallet service (404) or a refused session will not fix itself by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });

export const useBalance = (token: string | null) => useQuery(balanceQuery(token));
