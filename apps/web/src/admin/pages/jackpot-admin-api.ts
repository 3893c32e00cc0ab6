import type {
  adminJackpotHistorySchema,
  adminJackpotPoolPatchSchema,
  adminJackpotPoolSchema,
  JackpotWin,
} from '@wps/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiRequest } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's jackpot calls (operator token, permission `games`). */
export type AdminJackpotPool = z.infer<typeof adminJackpotPoolSchema>;
export type AdminJackpotHistory = z.infer<typeof adminJackpotHistorySchema>;
export type AdminJackpotPatch = z.input<typeof adminJackpotPoolPatchSchema>;

const KEY = ['admin', 'jackpot'] as const;

export const useJackpotAdminPools = () =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'pools'],
      queryFn: ({ signal }) =>
        api.get<{ pools: AdminJackpotPool[] }>('/wps/admin/jackpot/pools', { signal, token: adminToken() }),
      refetchInterval: 10_000,
    }),
  );

export const useJackpotHistory = (poolId: number | null, pageNo: number) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'history', poolId, pageNo],
      queryFn: ({ signal }) =>
        api.get<AdminJackpotHistory>(`/wps/admin/jackpot/pools/${poolId}/history`, {
          signal,
          token: adminToken(),
          query: { pageNo, pageSize: 20 },
        }),
      enabled: poolId !== null,
      placeholderData: keepPreviousData,
    }),
  );

export const usePatchJackpot = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AdminJackpotPatch }) =>
      apiRequest<AdminJackpotPool>(`/wps/admin/jackpot/pools/${id}`, {
        method: 'PATCH',
        body: patch,
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};

export const useTriggerJackpot = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, account, cycle }: { id: number; account: string; cycle: number }) =>
      apiRequest<{ win: JackpotWin }>(`/wps/admin/jackpot/pools/${id}/trigger`, {
        method: 'POST',
        body: { account, cycle },
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};
