import type { RebatePreview } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { PROMOTIONS_QUERY_KEY } from './get-promotions.ts';

/** GET /wps/promotions/rebate: what a manual rebate claim now pays (MANPLAYREB3). */
export const useRebatePreview = () =>
  useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'rebate'],
    queryFn: ({ signal }) => api.get<RebatePreview>('/wps/promotions/rebate', { signal }),
  });

/** POST /wps/promotions/rebate/claim: once per business day; the header balance follows. */
export function useClaimRebate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ amount: string; period: string }>('/wps/promotions/rebate/claim', {}),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: ['member'] }),
      ]),
  });
}
