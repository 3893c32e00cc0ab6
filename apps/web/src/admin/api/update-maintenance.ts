import { maintenanceUpdateSchema } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';
import { adminSystemQuery } from './get-system.ts';

export const maintenanceInput = maintenanceUpdateSchema;
export type MaintenanceInput = z.infer<typeof maintenanceUpdateSchema>;

/** PUT /wps/admin/system/maintenance {enabled, message}. */
export const updateMaintenance = (input: MaintenanceInput) =>
  api.put<{ enabled: boolean; message: string | null }>('/wps/admin/system/maintenance', input, {
    token: adminToken(),
  });

export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaintenance,
    // The answer is the new state: show it at once, then refetch the rest.
    onSuccess: (value) => {
      queryClient.setQueryData(adminSystemQuery.queryKey, (old) =>
        old ? { ...old, maintenance: value } : old,
      );
      return queryClient.invalidateQueries({ queryKey: adminSystemQuery.queryKey });
    },
  });
}
