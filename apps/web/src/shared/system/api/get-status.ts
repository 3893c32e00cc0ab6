import type { SystemStatusValue } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** GET /wps/system/status: the whole-app state (SPEC §2) and the visitor's IP. */
export const getSystemStatus = (signal?: AbortSignal) =>
  api.get<SystemStatusValue>('/wps/system/status', { signal });

export const systemStatusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => getSystemStatus(signal),
  // An operator lifting maintenance should reach waiting players without a manual reload.
  refetchInterval: 60_000,
  staleTime: 30_000,
});

export const useSystemStatus = () => useQuery(systemStatusQuery);
