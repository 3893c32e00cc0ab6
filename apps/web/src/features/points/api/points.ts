import type {
  Page,
  PointsConversion,
  PointsEntry,
  PointsProduct,
  PointsSummary,
  Redemption,
} from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { invalidateMoney } from '../../wallet/api/get-balance.ts';

const KEY = ['points'] as const;

/** GET /wps/points/balance: balance, valid bet per point, rules. */
export const usePointsSummary = (token: string | null) =>
  useQuery({
    queryKey: [...KEY, 'summary', token],
    queryFn: ({ signal }) => api.get<PointsSummary>('/wps/points/balance', { signal }),
    enabled: Boolean(token),
  });

/** GET /wps/points/products: the reward list (visitors may look). */
export const usePointsProducts = (enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'products'],
    queryFn: ({ signal }) => api.get<PointsProduct[]>('/wps/points/products', { signal }),
    enabled,
  });

/** GET /wps/points/redemptions: redeem history. */
export const useRedemptions = (pageNo: number, token: string | null) =>
  useQuery({
    queryKey: [...KEY, 'history', pageNo, token],
    queryFn: ({ signal }) =>
      api.get<Page<Redemption>>('/wps/points/redemptions', { query: { pageNo, pageSize: 10 }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

/** POST /wps/points/redeem (payment password checked by the server). */
export function useRedeem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: number; paymentPassword: string; address?: string }) =>
      api.post<Redemption>('/wps/points/redeem', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /wps/points/transactions: points earned and spent, newest first. */
export const usePointsTransactions = (pageNo: number, token: string | null) =>
  useQuery({
    queryKey: [...KEY, 'transactions', pageNo, token],
    queryFn: ({ signal }) =>
      api.get<Page<PointsEntry>>('/wps/points/transactions', { query: { pageNo, pageSize: 10 }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

/**
 * POST /wps/points/convert (payment password checked by the server). The request id is the
 * dialog's: a second press or a retry after a dropped answer converts once.
 */
export function useConvertPoints() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { points: number; paymentPassword: string; requestId: string }) =>
      api.post<PointsConversion>('/wps/points/convert', input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      // The cash balance in the header and the wallet pages moved too.
      void invalidateMoney(qc);
    },
  });
}
