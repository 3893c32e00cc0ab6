import {
  SUPPORT_WS_PATH,
  type SupportCanned,
  type SupportConversation,
  type SupportMessage,
  type SupportQueue,
} from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, apiRequest } from '../../shared/api/client.ts';
import { attachmentUrl } from '../../features/support/api.ts';
import { adminToken } from '../session-store.ts';

/** The support console's calls (operator token, permission `support`). */
export type QueueFilter = 'active' | 'open' | 'assigned' | 'closed';
const KEY = ['admin', 'support'] as const;
/** The host rooms' console queries (rooms-admin-api.ts), refreshed by room frames. */
export const ROOMS_KEY = ['admin', 'rooms'] as const;
const opts = () => ({ token: adminToken() });

/**
 * The console's socket: any support frame refreshes the queue and the open conversation; while down
 * they poll. The host rooms' moderation page uses the same socket (issue 31): given a `room`, it
 * joins it and a room frame refreshes the room's queries; live only once the room is joined.
 */
export function useSupportDeskSocket(room: string | null = null): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    let ws: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const connect = () => {
      const token = adminToken();
      if (!token || stopped) return;
      const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
      ws = new WebSocket(`${proto}//${location.host}${SUPPORT_WS_PATH}?token=${encodeURIComponent(token)}`);
      ws.onopen = () => {
        if (room) ws?.send(JSON.stringify({ t: 'room.join', room }));
        else setLive(true);
      };
      ws.onmessage = (e) => {
        let t = '';
        try {
          t = String((JSON.parse(String(e.data)) as { t?: unknown }).t ?? '');
        } catch {
          /* not ours */
        }
        if (t === 'room.joined') {
          setLive(true);
          void qc.invalidateQueries({ queryKey: ROOMS_KEY });
        } else if (t.startsWith('room.')) void qc.invalidateQueries({ queryKey: ROOMS_KEY });
        else void qc.invalidateQueries({ queryKey: KEY });
      };
      ws.onclose = () => {
        setLive(false);
        if (!stopped) retry = setTimeout(connect, 5000);
      };
    };
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      ws?.close();
    };
  }, [qc, room]);
  return live;
}

export const useSupportQueue = (status: QueueFilter, live: boolean) =>
  useQuery({
    queryKey: [...KEY, 'queue', status],
    queryFn: ({ signal }) =>
      api.get<SupportQueue>('/wps/admin/support/conversations', { ...opts(), signal, query: { status } }),
    refetchInterval: live ? false : 5000,
  });

export const useSupportConversation = (id: number | null, live: boolean) =>
  useQuery({
    queryKey: [...KEY, 'conversation', id],
    queryFn: ({ signal }) =>
      api.get<SupportConversation>(`/wps/admin/support/conversations/${id}`, { ...opts(), signal }),
    enabled: id !== null,
    refetchInterval: live ? false : 5000,
  });

export const useSupportOperators = () =>
  useQuery({
    queryKey: [...KEY, 'operators'],
    queryFn: ({ signal }) =>
      api.get<Array<{ id: number; account: string }>>('/wps/admin/support/operators', { ...opts(), signal }),
    staleTime: 60_000,
  });

export const useCanned = () =>
  useQuery({
    queryKey: [...KEY, 'canned'],
    queryFn: ({ signal }) => api.get<SupportCanned[]>('/wps/admin/support/canned', { ...opts(), signal }),
  });

/** Every console change refreshes the support queries (the socket would too; this is at once). */
function useSupportMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useReply = () =>
  useSupportMutation(({ id, text }: { id: number; text: string }) =>
    api.post<SupportMessage>(`/wps/admin/support/conversations/${id}/messages`, { text }, opts()),
  );

export const useReplyImage = () =>
  useSupportMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<SupportMessage>(`/wps/admin/support/conversations/${id}/attachments`, {
      method: 'POST',
      body: form,
      ...opts(),
    });
  });

export const useAction = () =>
  useSupportMutation(
    ({
      id,
      action,
      operatorId,
    }: {
      id: number;
      action: 'assign' | 'transfer' | 'close';
      operatorId?: number;
    }) =>
      api.post<null>(
        `/wps/admin/support/conversations/${id}/${action}`,
        action === 'transfer' ? { operatorId } : undefined,
        opts(),
      ),
  );

type CannedInput = Omit<SupportCanned, 'id'>;
export const useSaveCanned = () =>
  useSupportMutation(({ id, input }: { id: number | null; input: CannedInput }) =>
    id === null
      ? api.post<SupportCanned>('/wps/admin/support/canned', input, opts())
      : api.put<SupportCanned>(`/wps/admin/support/canned/${id}`, input, opts()),
  );
export const useDeleteCanned = () =>
  useSupportMutation((id: number) => api.delete<null>(`/wps/admin/support/canned/${id}`, opts()));

export const consoleAttachmentUrl = (id: string) =>
  attachmentUrl(`/wps/admin/support/attachments/${id}`, adminToken());
