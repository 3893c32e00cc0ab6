import type { AdminMission, MissionInput, VipLevelsInput, vipLevelListSchema } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's missions and VIP calls (operator token, permission 'promotions'). */
export type AdminVipLevel = z.infer<typeof vipLevelListSchema>[number];
export type { AdminMission };

const KEY = ['admin', 'missions'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });

export const useMissionsAdmin = () =>
  useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => api.get<AdminMission[]>('/wps/admin/missions', opts(signal)),
  });

export function useSaveMission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: MissionInput }) =>
      id === null
        ? api.post<AdminMission>('/wps/admin/missions', input, { token: adminToken() })
        : api.put<AdminMission>(`/wps/admin/missions/${id}`, input, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const useVipLevelsAdmin = () =>
  useQuery({
    queryKey: [...KEY, 'vip'],
    queryFn: ({ signal }) => api.get<AdminVipLevel[]>('/wps/admin/vip/levels', opts(signal)),
  });

export function useSaveVipLevels() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: VipLevelsInput) =>
      api.put<AdminVipLevel[]>('/wps/admin/vip/levels', input, { token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
