import type { AffiliateApplication, AffiliateQueue, ReferralSettings } from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's affiliate application queue (agent manager) and refer-and-earn rule (promotions). */
const KEY = ['admin', 'referral'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });

export const useAffiliateQueue = (q: { pageNo: number; status: string }) =>
  useQuery({
    queryKey: [...KEY, 'affiliate', q],
    queryFn: ({ signal }) =>
      api.get<AffiliateQueue>('/wps/admin/affiliate/applications', {
        ...opts(signal),
        query: { pageNo: q.pageNo, pageSize: 20, ...(q.status ? { status: q.status } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

export function useReviewAffiliate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
      api.post<AffiliateApplication>(
        `/wps/admin/affiliate/applications/${id}/${approve ? 'approve' : 'reject'}`,
        approve ? {} : { reason },
        { token: adminToken() },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const useReferralSettings = () =>
  useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: ({ signal }) => api.get<ReferralSettings>('/wps/admin/referral/settings', opts(signal)),
  });

export function useSaveReferralSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: ReferralSettings) =>
      api.put<ReferralSettings>('/wps/admin/referral/settings', s, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
