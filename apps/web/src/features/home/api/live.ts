import type { LiveHost } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** SPEC §7 Live: GET model list (hosts from the operator's configuration; none is an empty list). */
export function useLiveHosts() {
  return useQuery({
    queryKey: ['content', 'live-hosts'],
    queryFn: ({ signal }) => api.get<LiveHost[]>('/wps/live/models', { signal, token: null }),
    staleTime: 60_000,
  });
}
