import type { AccountRecord, Page, RecordType } from '@wps/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

export interface RecordsQuery {
  type?: RecordType;
  from?: string;
  to?: string;
  pageNo: number;
  pageSize?: number;
}

/** GET /wps/cashier/records: the account record (transactionHistory). */
export const getRecords = (q: RecordsQuery, signal?: AbortSignal) =>
  api.get<Page<AccountRecord>>('/wps/cashier/records', { query: { ...q }, signal });

export const recordsQuery = (q: RecordsQuery) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'records', q],
    queryFn: ({ signal }) => getRecords(q, signal),
    placeholderData: keepPreviousData,
  });

export const useRecords = (q: RecordsQuery) => useQuery(recordsQuery(q));
