import type { InviteLink, InviteLinkChannel } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';

const KEY = ['member', 'invite-links'] as const;

/** GET /wps/invite-links: the member's own links with their registration counts. */
export function useInviteLinks() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: [...KEY, token],
    queryFn: ({ signal }) => api.get<{ content: InviteLink[]; max: number }>('/wps/invite-links', { signal }),
    enabled: Boolean(token),
  });
}

export type LinkPatch = { name?: string; channel?: InviteLinkChannel; enabled?: boolean };

/** Create (POST) and change (PATCH) a link; the list refreshes after either. */
export function useInviteLinkMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: (input: { name: string; channel: InviteLinkChannel }) =>
      api.post<InviteLink>('/wps/invite-links', input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: LinkPatch }) =>
      apiRequest<InviteLink>(`/wps/invite-links/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: refresh,
  });
  return { create, update };
}
