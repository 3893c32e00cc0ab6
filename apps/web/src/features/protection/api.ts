import type { Exclusion, ExclusionRequest, Limits, ProtectionStatus, SetLimitRequest } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

const LIMITS_KEY = ['member', 'limits'] as const;
const STATUS_KEY = ['member', 'protection'] as const;

/** GET /wps/member/limits: limits in force and changes waiting out the 24 h cooling-off. */
export const useLimits = (enabled = true) =>
  useQuery({ queryKey: LIMITS_KEY, queryFn: () => api.get<Limits>('/wps/member/limits'), enabled });

/** PUT /wps/member/limits: a lower or new limit applies at once, a higher one or a removal after 24 h. */
export function useSetLimit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SetLimitRequest) => api.put<Limits>('/wps/member/limits', body),
    onSuccess: (data) => qc.setQueryData(LIMITS_KEY, data),
  });
}

/** POST /wps/member/exclusion: time-out or self-exclusion; the server ends every session. */
export const exclude = (body: ExclusionRequest) => api.post<Exclusion>('/wps/member/exclusion', body);

/** GET /wps/member/protection: the reality check's figures since sign-in. */
export const useProtectionStatus = (enabled: boolean, refetchInterval?: number) =>
  useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api.get<ProtectionStatus>('/wps/member/protection'),
    enabled,
    ...(refetchInterval ? { refetchInterval } : {}),
  });

export function useSetRealityInterval() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (intervalMinutes: number) =>
      api.put<null>('/wps/member/protection/reality-check', { intervalMinutes }),
    onSuccess: () => qc.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
