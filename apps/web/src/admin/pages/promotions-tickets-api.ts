import type { PrizeTable, PrizeTableInput, TicketKind, TicketReport } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's reward-ticket calls (operator token, permission 'promotions'). */
const KEY = ['admin', 'tickets'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });

export const usePrizeTables = () =>
  useQuery({
    queryKey: [...KEY, 'tables'],
    queryFn: ({ signal }) => api.get<PrizeTable[]>('/wps/admin/promotions/tickets/tables', opts(signal)),
  });

export function useSavePrizeTable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, input }: { kind: TicketKind; input: PrizeTableInput }) =>
      api.put<PrizeTable>(`/wps/admin/promotions/tickets/tables/${kind}`, input, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useGrantTickets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { account: string; kind: TicketKind; count: number; note?: string }) =>
      api.post<{ issued: number; ticketIds: number[] }>('/wps/admin/promotions/tickets/grant', input, {
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const useTicketReport = (q: { pageNo: number; account: string; kind: string }) =>
  useQuery({
    queryKey: [...KEY, 'report', q],
    queryFn: ({ signal }) =>
      api.get<TicketReport>('/wps/admin/promotions/tickets/report', {
        ...opts(signal),
        query: {
          pageNo: q.pageNo,
          pageSize: 20,
          ...(q.account ? { account: q.account } : {}),
          ...(q.kind ? { kind: q.kind } : {}),
        },
      }),
  });
