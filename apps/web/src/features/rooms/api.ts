import type { Room, RoomHistory, RoomMessage } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { useSessionStore } from '../../shared/session/store.ts';

/** Host rooms (issue 31): the room (host and the caller's standing), its history, posting. */
export const roomKey = (room: string, token: string | null) => ['rooms', room, 'room', token] as const;
export const latestKey = (room: string) => ['rooms', room, 'latest'] as const;

/** While the socket does not hear the room, the page reads it this often. */
export const ROOM_POLL_MS = 4000;

export function useRoom(room: string | null) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: roomKey(room ?? '', token),
    queryFn: ({ signal }) => api.get<Room>(`/wps/rooms/${encodeURIComponent(room ?? '')}`, { signal }),
    enabled: room !== null,
    retry: false,
  });
}

/** The newest messages; polled only while the socket is not following the room. */
export function useLatest(room: string | null, live: boolean) {
  return useQuery({
    queryKey: latestKey(room ?? ''),
    queryFn: ({ signal }) =>
      api.get<RoomHistory>(`/wps/rooms/${encodeURIComponent(room ?? '')}/messages`, { signal, token: null }),
    enabled: room !== null,
    refetchInterval: live ? false : ROOM_POLL_MS,
    retry: false,
  });
}

export const olderThan = (room: string, before: number) =>
  api.get<RoomHistory>(`/wps/rooms/${encodeURIComponent(room)}/messages`, {
    query: { before },
    token: null,
  });

export const postToRoom = (room: string, text: string) =>
  api.post<RoomMessage>(`/wps/rooms/${encodeURIComponent(room)}/messages`, { text });

/** Adds messages to a list once each, in id order. */
export function mergeMessages(list: readonly RoomMessage[], more: readonly RoomMessage[]): RoomMessage[] {
  const seen = new Set(list.map((m) => m.id));
  const out = [...list, ...more.filter((m) => !seen.has(m.id))];
  return out.sort((a, b) => a.id - b.id);
}
