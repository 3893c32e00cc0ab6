import type { RoomAdminHistory, RoomHost, RoomSanction } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';
import { ROOMS_KEY } from './support-admin-api.ts';

/** The host rooms' console calls (operator token, permission `rooms`; issue 31). */
const opts = () => ({ token: adminToken() });
const at = (room: string) => `/wps/admin/rooms/${encodeURIComponent(room)}`;

export const useRooms = () =>
  useQuery({
    queryKey: [...ROOMS_KEY, 'list'],
    queryFn: ({ signal }) => api.get<RoomHost[]>('/wps/admin/rooms', { ...opts(), signal }),
  });

/** The room's newest messages; polled while the socket is not following the room. */
export const useRoomMessages = (room: string | null, live: boolean) =>
  useQuery({
    queryKey: [...ROOMS_KEY, room, 'messages'],
    queryFn: ({ signal }) => api.get<RoomAdminHistory>(`${at(room ?? '')}/messages`, { ...opts(), signal }),
    enabled: room !== null,
    refetchInterval: live ? false : 5000,
  });

export const useSanctions = (room: string | null, live: boolean) =>
  useQuery({
    queryKey: [...ROOMS_KEY, room, 'sanctions'],
    queryFn: ({ signal }) => api.get<RoomSanction[]>(`${at(room ?? '')}/sanctions`, { ...opts(), signal }),
    enabled: room !== null,
    refetchInterval: live ? false : 15_000,
  });

export const useWords = () =>
  useQuery({
    queryKey: [...ROOMS_KEY, 'words'],
    queryFn: ({ signal }) => api.get<{ words: string[] }>('/wps/admin/rooms/words', { ...opts(), signal }),
  });

/** Every moderation refreshes the rooms' queries at once (the socket would too). */
function useRoomsMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ROOMS_KEY }) });
}

export const useDeleteMessage = () =>
  useRoomsMutation(({ room, id }: { room: string; id: number }) =>
    api.delete<null>(`${at(room)}/messages/${id}`, opts()),
  );

export type SanctionAction = 'mute' | 'unmute' | 'ban' | 'unban';
export const useSanction = () =>
  useRoomsMutation(
    ({
      room,
      memberId,
      action,
      minutes,
      reason,
    }: {
      room: string;
      memberId: number;
      action: SanctionAction;
      minutes?: number;
      reason?: string;
    }) =>
      api.post<RoomSanction>(
        `${at(room)}/members/${memberId}/${action}`,
        action === 'mute' ? { minutes, reason } : action === 'ban' ? { reason } : undefined,
        opts(),
      ),
  );

export const useSaveWords = () =>
  useRoomsMutation((words: string[]) =>
    api.put<{ words: string[] }>('/wps/admin/rooms/words', { words }, opts()),
  );
