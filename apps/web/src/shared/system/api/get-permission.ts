import type { Permission } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** GET /wps/system/permission: the start-up payload (SPEC §3): contacts, resources, module tree, rules. */
export const getPermission = (signal?: AbortSignal) =>
  api.get<Permission>('/wps/system/permission', { signal });

export const permissionQuery = queryOptions({
  queryKey: ['system', 'permission'],
  queryFn: ({ signal }) => getPermission(signal),
  staleTime: 5 * 60_000,
});

export const usePermission = () => useQuery(permissionQuery);
