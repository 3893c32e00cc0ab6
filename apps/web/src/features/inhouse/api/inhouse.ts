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
import { useInhouseAuth } from './trial.ts';

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
export function useSeeds(enabled = true) {
  const auth = useInhouseAuth();
  return useQuery({
    queryKey: [...KEY, 'seeds', auth.token ?? null],
    queryFn: ({ signal }) => api.get<Seeds>('/wps/inhouse/seeds', { signal, ...auth }),
    enabled,
  });
}

/** PUT /wps/inhouse/seeds: reveals the old server seed, starts a new pair. */
export function useRotateSeeds() {
  const qc = useQueryClient();
  const auth = useInhouseAuth();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) =>
      api.put<Rotation>('/wps/inhouse/seeds', clientSeed ? { clientSeed } : {}, auth),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, 'seeds'] }),
  });
}

/** POST /wps/inhouse/{game}/play; money moved, so the balance and seeds refetch. */
export function usePlay(game: InhouseGame) {
  const qc = useQueryClient();
  const auth = useInhouseAuth();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<RoundResult>(`/wps/inhouse/${game}/play`, { requestId: newRequestId(), ...body }, auth),
    onSettled: () =>
      Promise.all([invalidateMoney(qc), qc.invalidateQueries({ queryKey: [...KEY, 'seeds'] })]),
  });
}

/** POST /wps/inhouse/{blackjack|mines}/action */
export function useAction(game: 'blackjack' | 'mines') {
  const qc = useQueryClient();
  const auth = useInhouseAuth();
  return useMutation({
    mutationFn: (body: { roundId: string; action: unknown }) =>
      api.post<RoundResult>(`/wps/inhouse/${game}/action`, { requestId: newRequestId(), ...body }, auth),
    onSettled: () => invalidateMoney(qc),
  });
}

/** GET /wps/inhouse/{blackjack|mines}/current: game recall. */
export function useCurrentRound(game: 'blackjack' | 'mines') {
  const auth = useInhouseAuth();
  return useQuery({
    queryKey: [...KEY, 'current', game, auth.token ?? null],
    queryFn: ({ signal }) =>
      api.get<{ round: RoundResult | null }>(`/wps/inhouse/${game}/current`, { signal, ...auth }),
    staleTime: 0,
  });
}

/** GET /wps/inhouse/rounds/{id} (the member's own round, with its proof). */
export function useRoundDetail(roundId: string | null, enabled: boolean) {
  const auth = useInhouseAuth();
  return useQuery({
    queryKey: [...KEY, 'round', roundId, auth.token ?? null],
    queryFn: ({ signal }) =>
      api.get<InhouseRoundDetail>(`/wps/inhouse/rounds/${encodeURIComponent(roundId ?? '')}`, {
        signal,
        ...auth,
      }),
    enabled: enabled && Boolean(roundId),
    retry: false,
  });
}
