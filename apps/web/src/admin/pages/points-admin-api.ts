import type {
  adminPointsProductSchema,
  adminRedemptionPageSchema,
  PointsProductInput,
  PointsSettings,
} from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's points mall calls (operator token). */
export type AdminPointsProduct = z.infer<typeof adminPointsProductSchema>;
export type AdminRedemptionPage = z.infer<typeof adminRedemptionPageSchema>;
export type AdminRedemption = AdminRedemptionPage['content'][number];

const KEY = ['admin', 'points'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });

export const usePointsProductsAdmin = () =>
  useQuery({
    queryKey: [...KEY, 'products'],
    queryFn: ({ signal }) => api.get<AdminPointsProduct[]>('/wps/admin/points/products', opts(signal)),
  });

export const useRedeemQueue = (q: { pageNo: number; status: string }) =>
  useQuery({
    queryKey: [...KEY, 'queue', q],
    queryFn: ({ signal }) =>
      api.get<AdminRedemptionPage>('/wps/admin/points/redemptions', {
        ...opts(signal),
        query: { ...q, pageSize: 20 },
      }),
    placeholderData: keepPreviousData,
  });

export function useSavePointsProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PointsProductInput) =>
      api.post<AdminPointsProduct>('/wps/admin/points/products', input, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useReviewRedemption() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: number; approve: boolean; note?: string }) =>
      api.post(
        `/wps/admin/points/redemptions/${id}/${approve ? 'approve' : 'reject'}`,
        note ? { note } : {},
        {
          token: adminToken(),
        },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const usePointsSettingsAdmin = () =>
  useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: ({ signal }) => api.get<PointsSettings>('/wps/admin/points/settings', opts(signal)),
  });

export function useSavePointsSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PointsSettings) =>
      api.put<null>('/wps/admin/points/settings', input, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
