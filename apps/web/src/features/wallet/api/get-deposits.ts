import type { Deposit, Page } from '@wps/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

export const PENDING_POLL_MS = 5_000;

export interface DepositListQuery {
  pageNo: number;
  pageSize?: number;
  status?: Deposit['status'];
}

/** GET /wps/cashier/deposits: the member's deposit requests, newest first. */
export const getDeposits = (q: DepositListQuery, signal?: AbortSignal) =>
  api.get<Page<Deposit>>('/wps/cashier/deposits', { query: { ...q }, signal });

export const depositsQuery = (q: DepositListQuery) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'deposits', q],
    queryFn: ({ signal }) => getDeposits(q, signal),
    placeholderData: keepPreviousData,
    // While a request waits for the operator, look again every few seconds: the page shows the
    // decision (and, through the balance, the money) without a reload.
    refetchInterval: (query) =>
      query.state.data?.content.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false,
  });

export const useDeposits = (q: DepositListQuery) => useQuery(depositsQuery(q));
