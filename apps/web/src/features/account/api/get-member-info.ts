import type { MemberInfo } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** GET /wps/member/info (token): who the session belongs to (SPEC §3 member info). */
export const getMemberInfo = (signal?: AbortSignal) => api.get<MemberInfo>('/wps/member/info', { signal });

export const memberInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', 'info', token],
    queryFn: ({ signal }) => getMemberInfo(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });

export const useMemberInfo = (token: string | null) => useQuery(memberInfoQuery(token));
