import type { Page, Withdrawal } from '@wps/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';
import { PENDING_POLL_MS } from './get-deposits.ts';

export interface WithdrawalListQuery {
  pageNo: number;
  pageSize?: number;
  status?: Withdrawal['status'];
}

/** GET /wps/cashier/withdrawals: the member's withdrawals with their receipt state (SPEC §4). */
export const getWithdrawals = (q: WithdrawalListQuery, signal?: AbortSignal) =>
  api.get<Page<Withdrawal>>('/wps/cashier/withdrawals', { query: { ...q }, signal });

export const withdrawalsQuery = (q: WithdrawalListQuery) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'withdrawals', q],
    queryFn: ({ signal }) => getWithdrawals(q, signal),
    placeholderData: keepPreviousData,
    // Pending requests are looked at again every few seconds, so "paid" and the receipt question
    // appear without a reload.
    refetchInterval: (query) =>
      query.state.data?.content.some((w) => w.status === 'pending') ? PENDING_POLL_MS : false,
  });

export const useWithdrawals = (q: WithdrawalListQuery) => useQuery(withdrawalsQuery(q));
