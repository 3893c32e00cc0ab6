import type {
  InhouseGame,
  InhouseRoundDetail,
  InhouseRoundResult,
  inhouseGamesSchema,
  rotateSeedsSchema,
  seedsSchema,
} from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { invalidateMoney } from '../../wallet/api/get-balance.ts';

export type Seeds = z.infer<typeof seedsSchema>;
export type Rotation = z.infer<typeof rotateSeedsSchema>;
export type GameInfo = z.infer<typeof inhouseGamesSchema>['games'][number];
export type RoundResult = InhouseRoundResult;

const KEY = ['inhouse'] as const;

/** A fresh idempotency key per click: a retry of the same click reuses it. */
export const newRequestId = () => `w${crypto.getRandomValues(new Uint32Array(3)).join('-')}`;

/** GET /wps/inhouse/games: RTP, limits and pause of every game (public). */
export const useInhouseGames = () =>
  useQuery({
    queryKey: [...KEY, 'games'],
    queryFn: ({ signal }) => api.get<{ games: GameInfo[] }>('/wps/inhouse/games', { signal }),
    staleTime: 60_000,
  });

/** GET /wps/inhouse/seeds */
export const useSeeds = (enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'seeds'],
    queryFn: ({ signal }) => api.get<Seeds>('/wps/inhouse/seeds', { signal }),
    enabled,
  });

/** PUT /wps/inhouse/seeds: reveals the old server seed, starts a new pair. */
export function useRotateSeeds() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) =>
      api.put<Rotation>('/wps/inhouse/seeds', clientSeed ? { clientSeed } : {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, 'seeds'] }),
  });
}

/** POST /wps/inhouse/{game}/play; money moved, so the balance and seeds refetch. */
export function usePlay(game: InhouseGame) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<RoundResult>(`/wps/inhouse/${game}/play`, { requestId: newRequestId(), ...body }),
    onSettled: () =>
      Promise.all([invalidateMoney(qc), qc.invalidateQueries({ queryKey: [...KEY, 'seeds'] })]),
  });
}

/** POST /wps/inhouse/{blackjack|mines}/action */
export function useAction(game: 'blackjack' | 'mines') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { roundId: string; action: unknown }) =>
      api.post<RoundResult>(`/wps/inhouse/${game}/action`, { requestId: newRequestId(), ...body }),
    onSettled: () => invalidateMoney(qc),
  });
}

/** GET /wps/inhouse/{blackjack|mines}/current: game recall. */
export const useCurrentRound = (game: 'blackjack' | 'mines') =>
  useQuery({
    queryKey: [...KEY, 'current', game],
    queryFn: ({ signal }) =>
      api.get<{ round: RoundResult | null }>(`/wps/inhouse/${game}/current`, { signal }),
    staleTime: 0,
  });

/** GET /wps/inhouse/rounds/{id} (the member's own round, with its proof). */
export const useRoundDetail = (roundId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'round', roundId],
    queryFn: ({ signal }) =>
      api.get<InhouseRoundDetail>(`/wps/inhouse/rounds/${encodeURIComponent(roundId ?? '')}`, { signal }),
    enabled: enabled && Boolean(roundId),
    retry: false,
  });
