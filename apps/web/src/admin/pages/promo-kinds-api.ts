import type { ContentImage, rebateRatesSchema } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's rebate-rate and promotion-image calls (operator token, permission 'promotions'). */
export type RebateRates = z.infer<typeof rebateRatesSchema>;

const KEY = ['admin', 'promotions', 'rebate-rates'] as const;

export const useRebateRates = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      api.get<RebateRates>('/wps/admin/promotions/rebate-rates', { signal, token: adminToken() }),
  });

export function useSaveRebateRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rates: RebateRates) =>
      api.put<RebateRates>('/wps/admin/promotions/rebate-rates', rates, { token: adminToken() }),
    onSuccess: (rates) => qc.setQueryData(KEY, rates),
  });
}

/** Uploads through the content pipeline (checked by its bytes, WebP/AVIF widths); returns its id. */
export const useUploadPromotionImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('image', file, file.name);
      return api.post<ContentImage>('/wps/admin/promotions/images', form, { token: adminToken() });
    },
  });
