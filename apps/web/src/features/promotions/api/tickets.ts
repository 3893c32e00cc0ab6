import type { Ticket, TicketList } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { PROMOTIONS_QUERY_KEY } from './get-promotions.ts';

const KEY = [...PROMOTIONS_QUERY_KEY, 'tickets'] as const;

/** GET /wps/promotions/tickets: my reward tickets with their odds, results and proofs. */
export const useTickets = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<TicketList>('/wps/promotions/tickets', { signal }),
  });

/**
 * POST /wps/promotions/tickets/:id/open: the server draws and pays. The list and the balances are
 * refetched by the caller once the animation has shown the prize (not before: the header would
 * give the result away while the wheel still turns).
 */
export function useOpenTicket() {
  return useMutation({
    mutationFn: (id: number) => api.post<Ticket>(`/wps/promotions/tickets/${id}/open`, {}),
  });
}

export function useRefreshAfterDraw() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY }),
      qc.invalidateQueries({ queryKey: ['member'] }),
    ]);
}
