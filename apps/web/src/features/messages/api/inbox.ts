import type { InboxPage } from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

const INBOX_KEY = ['member', 'inbox'] as const;

/** GET /wps/messages: the inbox page (own messages and broadcasts), with the unread count. */
export const getInbox = (q: { pageNo: number; unread?: 'true' }, signal?: AbortSignal) =>
  api.get<InboxPage>('/wps/messages', { query: { ...q, pageSize: 10 }, signal });

export const useInbox = (q: { pageNo: number; unread?: 'true' }) =>
  useQuery({
    queryKey: [...INBOX_KEY, q],
    queryFn: ({ signal }) => getInbox(q, signal),
    placeholderData: keepPreviousData,
  });

/** POST /wps/messages/:id/read, or /wps/messages/read for all; the badge (member store) follows. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      id === 'all'
        ? api.post<null>('/wps/messages/read', { all: true })
        : api.post<null>(`/wps/messages/${id}/read`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
