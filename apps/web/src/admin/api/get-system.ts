import type { domainRouteSchema, maintenanceUpdateSchema, RegisterFieldRule } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** GET /wps/admin/system: every operator-editable system control at once. */
export interface AdminSystem {
  maintenance: { enabled: boolean; message: z.infer<typeof maintenanceUpdateSchema>['message'] | null };
  blockedCountries: string[];
  flags: Record<string, boolean>;
  register: RegisterFieldRule[];
  domainRoute: z.infer<typeof domainRouteSchema>;
}

export const getAdminSystem = (signal?: AbortSignal) =>
  api.get<AdminSystem>('/wps/admin/system', { signal, token: adminToken() });

export const adminSystemQuery = queryOptions({
  queryKey: ['admin', 'system'],
  queryFn: ({ signal }) => getAdminSystem(signal),
});

export const useAdminSystem = () => useQuery(adminSystemQuery);
