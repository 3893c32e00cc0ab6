import type {
  adminPromotionSchema,
  applicationSchema,
  broadcastSchema,
  Page,
  PromotionInput,
  promotionReportSchema,
} from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's promotions and messages calls (operator token). Mutations refetch what they change. */
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export type Application = z.infer<typeof applicationSchema>;
export type Broadcast = z.infer<typeof broadcastSchema>;
export type PromotionReport = z.infer<typeof promotionReportSchema>;

const KEY = ['admin', 'promotions'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });

export const usePromotionsAdmin = () =>
  useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => api.get<AdminPromotion[]>('/wps/admin/promotions', opts(signal)),
  });

export const usePromotionReport = () =>
  useQuery({
    queryKey: [...KEY, 'report'],
    queryFn: ({ signal }) => api.get<PromotionReport>('/wps/admin/promotions/report', opts(signal)),
  });

export function useSavePromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PromotionInput }) =>
      id
        ? api.put<AdminPromotion>(`/wps/admin/promotions/${id}`, input, { token: adminToken() })
        : api.post<AdminPromotion>('/wps/admin/promotions', input, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const useApplications = (q: { pageNo: number; status?: string }) =>
  useQuery({
    queryKey: [...KEY, 'applications', q],
    queryFn: ({ signal }) =>
      api.get<Page<Application>>('/wps/admin/promotions/applications', {
        ...opts(signal),
        query: { ...q, pageSize: 20 },
      }),
    placeholderData: keepPreviousData,
  });

export function useReviewApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: number; approve: boolean; note?: string }) =>
      api.post<{ id: number; status: string }>(
        `/wps/admin/promotions/applications/${id}/${approve ? 'approve' : 'reject'}`,
        note ? { note } : {},
        { token: adminToken() },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

const MKEY = ['admin', 'messages'] as const;
export const useBroadcasts = (pageNo: number) =>
  useQuery({
    queryKey: [...MKEY, pageNo],
    queryFn: ({ signal }) =>
      api.get<Page<Broadcast>>('/wps/admin/messages/broadcasts', {
        ...opts(signal),
        query: { pageNo, pageSize: 20 },
      }),
    placeholderData: keepPreviousData,
  });

export function useBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      audience: 'all' | 'players' | 'agents';
      title: string;
      body: string;
      titleNe?: string;
      bodyNe?: string;
    }) => api.post<{ id: number }>('/wps/admin/messages/broadcasts', input, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: MKEY }),
  });
}
