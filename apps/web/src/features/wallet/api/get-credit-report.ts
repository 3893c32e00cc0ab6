import type { CreditReport, CreditReportInterval } from '@wps/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

type Query = { from: string; to: string; interval: CreditReportInterval };

/** GET /wps/cashier/credit-report: credit and debit by type and by day, week or month. */
export const getCreditReport = (q: Query, signal?: AbortSignal) =>
  api.get<CreditReport>('/wps/cashier/credit-report', { query: q, signal });

export const useCreditReport = (q: Query) =>
  useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'credit-report', q],
    queryFn: ({ signal }) => getCreditReport(q, signal),
    placeholderData: keepPreviousData,
  });
