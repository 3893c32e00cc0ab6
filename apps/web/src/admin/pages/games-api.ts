import type {
  adminGamePatchSchema,
  adminGameSchema,
  adminRoundDetailSchema,
  adminRoundSchema,
  adminVendorPatchSchema,
  adminVendorSchema,
  betTotalsSchema,
  Page,
  SeamlessVendor,
  seamlessVendorSecretSchema,
  seamlessVendorUpdateSchema,
} from '@wps/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { api, apiRequest } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/**
 * The console's games calls (operator token, permission `games`): the catalogue switches, the
 * vendors with their seamless settings, and the rounds search over the bets record.
 */
export type AdminGame = z.infer<typeof adminGameSchema>;
export type AdminVendor = z.infer<typeof adminVendorSchema>;
export type AdminRound = z.infer<typeof adminRoundSchema>;
export type AdminRoundDetail = z.infer<typeof adminRoundDetailSchema>;
export type BetTotals = z.infer<typeof betTotalsSchema>;
export type VendorSecret = z.infer<typeof seamlessVendorSecretSchema>;

const KEY = ['admin', 'games'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });
type Query = Record<string, string | number | undefined>;

export const useAdminGames = (q: Query) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'catalogue', q],
      queryFn: ({ signal }) => api.get<Page<AdminGame>>('/wps/admin/games', { ...opts(signal), query: q }),
      placeholderData: keepPreviousData,
    }),
  );

export const useAdminVendors = () =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'vendors'],
      queryFn: ({ signal }) => api.get<{ list: AdminVendor[] }>('/wps/admin/games/vendors', opts(signal)),
    }),
  );

export const useSeamlessVendors = () =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'seamless'],
      queryFn: ({ signal }) => api.get<SeamlessVendor[]>('/wps/admin/seamless/vendors', opts(signal)),
    }),
  );

export const useAdminRounds = (q: Query, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'rounds', q],
      queryFn: ({ signal }) =>
        api.get<Page<AdminRound> & { totals: BetTotals }>('/wps/admin/games/rounds', {
          ...opts(signal),
          query: q,
        }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );

export const useRoundDetail = (r: { roundId: string; memberId: number; vendor: string } | null) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'round', r],
      queryFn: ({ signal }) =>
        api.get<AdminRoundDetail>(`/wps/admin/games/rounds/${encodeURIComponent(r!.roundId)}`, {
          ...opts(signal),
          query: { memberId: r!.memberId, vendor: r!.vendor },
        }),
      enabled: r !== null,
    }),
  );

/** Every change refetches the games console's lists. */
function useGamesMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const usePatchGame = () =>
  useGamesMutation(({ gameId, patch }: { gameId: number; patch: z.input<typeof adminGamePatchSchema> }) =>
    apiRequest<AdminGame>(`/wps/admin/games/${gameId}`, {
      method: 'PATCH',
      body: patch,
      token: adminToken(),
    }),
  );

export const usePatchVendor = () =>
  useGamesMutation(({ code, patch }: { code: string; patch: z.input<typeof adminVendorPatchSchema> }) =>
    apiRequest<AdminVendor>(`/wps/admin/games/vendors/${code}`, {
      method: 'PATCH',
      body: patch,
      token: adminToken(),
    }),
  );

export const usePatchSeamless = () =>
  useGamesMutation(({ code, patch }: { code: string; patch: z.input<typeof seamlessVendorUpdateSchema> }) =>
    apiRequest<SeamlessVendor>(`/wps/admin/seamless/vendors/${code}`, {
      method: 'PATCH',
      body: patch,
      token: adminToken(),
    }),
  );

/** A new random secret: the answer is the only time it is shown. */
export const useRotateSecret = () =>
  useGamesMutation((code: string) =>
    api.post<VendorSecret>(`/wps/admin/seamless/vendors/${code}/secret`, {}, opts()),
  );

/**
 * A switch saved at once: it shows the operator's choice while the change is on its way, and the
 * server's value again once the lists are refetched (or the change was refused).
 */
export function useOptimisticFlag(server: boolean) {
  const [wanted, setWanted] = useState<boolean | null>(null);
  return {
    checked: wanted ?? server,
    start: (v: boolean) => setWanted(v),
    done: () => setWanted(null),
  };
}
