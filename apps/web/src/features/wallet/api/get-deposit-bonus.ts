import type { DepositBonusOffer } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

/**
 * GET /wps/cashier/deposit-bonus: the bonus the next deposit can earn (the deposit form offers
 * it). Under the wallet key, so a deposit (and its approval's refetch) asks again.
 */
export const getDepositBonus = (signal?: AbortSignal) =>
  api.get<DepositBonusOffer>('/wps/cashier/deposit-bonus', { signal });

export const depositBonusQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'deposit-bonus', token],
    queryFn: ({ signal }) => getDepositBonus(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
    retry: false,
  });

export const useDepositBonus = (token: string | null) => useQuery(depositBonusQuery(token));
