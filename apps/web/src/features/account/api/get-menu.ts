import type { MemberMenu } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** GET /wps/member/menu (token): the account menu under the flags and the member type (SPEC §7 "GET menu"). */
export const memberMenuQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', 'menu', token],
    queryFn: ({ signal }) => api.get<MemberMenu>('/wps/member/menu', { signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useMemberMenu = (token: string | null) => useQuery(memberMenuQuery(token));
