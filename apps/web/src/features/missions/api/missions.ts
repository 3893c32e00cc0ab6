import type { Leaderboard, MissionPeriod, MissionSummary } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';

export const MISSIONS_QUERY_KEY = ['missions'] as const;

/** GET /wps/mission/summary (SPEC §7 mission summary): this period's missions, claimable count, VIP. */
export const useMissionSummary = (enabled = true) => {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: [...MISSIONS_QUERY_KEY, 'summary', token],
    queryFn: ({ signal }) => api.get<MissionSummary>('/wps/mission/summary', { signal }),
    enabled: enabled && Boolean(token),
  });
};

/** GET /wps/mission/leaderboard (SPEC §7 mission leaderboard): top valid bets of the day or week. */
export const useLeaderboard = (period: MissionPeriod) =>
  useQuery({
    queryKey: [...MISSIONS_QUERY_KEY, 'leaderboard', period],
    queryFn: ({ signal }) => api.get<Leaderboard>('/wps/mission/leaderboard', { signal, query: { period } }),
  });

/** POST /wps/mission/claim: pays the reward once; the header balance and badges follow. */
export function useClaimMission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (missionId: number) =>
      api.post<{ missionId: number; reward: string }>('/wps/mission/claim', { missionId }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: MISSIONS_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: ['member'] }),
      ]),
  });
}
