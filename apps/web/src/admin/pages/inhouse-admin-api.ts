import type {
  adminInhouseGgrSchema,
  adminInhouseRoundPageSchema,
  adminInhouseSettingsPatchSchema,
  InhouseGame,
  InhouseRoundDetail,
  inhouseGameInfoSchema,
} from '@wps/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiRequest } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/**
 * The console's in-house games calls (operator token, permission `games`): the limits and pause
 * switch of every game, the rounds with their fairness proof, and GGR per game.
 */
export type InhouseSettings = z.infer<typeof inhouseGameInfoSchema>;
export type InhouseRoundPage = z.infer<typeof adminInhouseRoundPageSchema>;
export type InhouseAdminRound = InhouseRoundPage['content'][number];
export type InhouseGgr = z.infer<typeof adminInhouseGgrSchema>;
export type InhouseSettingsPatch = z.input<typeof adminInhouseSettingsPatchSchema>;

const KEY = ['admin', 'inhouse'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });
type Query = Record<string, string | number | undefined>;

export const useInhouseSettings = () =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'settings'],
      queryFn: ({ signal }) =>
        api.get<{ games: InhouseSettings[] }>('/wps/admin/inhouse/settings', opts(signal)),
    }),
  );

export const useInhouseRounds = (q: Query) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'rounds', q],
      queryFn: ({ signal }) =>
        api.get<InhouseRoundPage>('/wps/admin/inhouse/rounds', { ...opts(signal), query: q }),
      placeholderData: keepPreviousData,
    }),
  );

export const useInhouseRoundDetail = (roundId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'round', roundId],
      queryFn: ({ signal }) =>
        api.get<InhouseRoundDetail>(
          `/wps/admin/inhouse/rounds/${encodeURIComponent(roundId!)}`,
          opts(signal),
        ),
      enabled: roundId !== null,
    }),
  );

export const useInhouseGgr = (q: { from: string; to: string }) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'ggr', q],
      queryFn: ({ signal }) => api.get<InhouseGgr>('/wps/admin/inhouse/ggr', { ...opts(signal), query: q }),
      placeholderData: keepPreviousData,
    }),
  );

/** A change of limits or of the pause switch (audited); the in-house lists are refetched. */
export const usePatchInhouse = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ game, patch }: { game: InhouseGame; patch: InhouseSettingsPatch }) =>
      apiRequest<InhouseSettings>(`/wps/admin/inhouse/settings/${game}`, {
        method: 'PATCH',
        body: patch,
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};
