import type { WalletBalance } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The header balance's query key prefix (owned by `features/account/api/get-balance.ts`, which the
 * header reads). Every cashier mutation that moves money invalidates it; a unit test holds the two
 * keys equal so the header can never silently stop refreshing.
 */
export const BALANCE_QUERY_KEY = ['member', 'balance'] as const;

/** Everything the wallet pages cache lives under this prefix. */
export const WALLET_QUERY_KEY = ['member', 'wallet'] as const;

/** After money moved: the header balance and every wallet list refetch. */
export function invalidateMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  ]);
}

/**
 * GET /wps/v2/wallets/balance, sharing the header's cache entry (same key, same call): the pages
 * check "above balance" against the very number the header shows.
 */
export const getWalletBalance = (signal?: AbortSignal) =>
  api.get<WalletBalance>('/wps/v2/wallets/balance', { signal });

export const walletBalanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...BALANCE_QUERY_KEY, token],
    queryFn: ({ signal }) => getWalletBalance(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
  });

export const useWalletBalance = (token: string | null) => useQuery(walletBalanceQuery(token));
