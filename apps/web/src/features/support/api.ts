import {
  SUPPORT_GUEST_HEADER,
  type SupportMessage,
  type SupportStatusInfo,
  type SupportThread,
} from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { api, apiRequest } from '../../shared/api/client.ts';
import { useSessionStore } from '../../shared/session/store.ts';

/**
 * Live support calls (issue 31). A member's conversation follows the session; a guest's is kept
 * on this device (its id and token, the token being the only key to it).
 */
const GUEST_KEY = 'wps.support.guest';

export interface GuestConversation {
  id: number;
  token: string;
}

function readGuest(): GuestConversation | null {
  try {
    const v = JSON.parse(localStorage.getItem(GUEST_KEY) ?? 'null') as GuestConversation | null;
    return v && typeof v.id === 'number' && typeof v.token === 'string' ? v : null;
  } catch {
    return null;
  }
}

interface SupportUi {
  guest: GuestConversation | null;
  setGuest(g: GuestConversation | null): void;
  /** Whether the socket is up: the HTTP poll runs only while it is not. */
  live: boolean;
  setLive(v: boolean): void;
}

export const useSupportUi = create<SupportUi>((set) => ({
  guest: readGuest(),
  setGuest(g) {
    if (g) localStorage.setItem(GUEST_KEY, JSON.stringify(g));
    else localStorage.removeItem(GUEST_KEY);
    set({ guest: g });
  },
  live: false,
  setLive: (live) => set({ live }),
}));

/** The guest header when the caller is a guest with a conversation on this device. */
function guestHeaders(): Record<string, string> | undefined {
  if (useSessionStore.getState().token) return undefined;
  const g = useSupportUi.getState().guest;
  return g ? { [SUPPORT_GUEST_HEADER]: g.token } : undefined;
}

export const statusKey = (token: string | null) => ['support', 'status', token] as const;
/** A guest's status is its conversation's (the token header): one cache entry per conversation. */
const statusKeyOf = (token: string | null, guestId: number | null) =>
  [...statusKey(token), token ? null : guestId] as const;
export const threadKey = (id: number | null) => ['support', 'thread', id] as const;

/** On duty or not, the member's (or this device's guest) conversation and its unread answers (the badge). */
export function useSupportStatus(opts: { poll?: boolean } = {}) {
  const token = useSessionStore((s) => s.token);
  const guestId = useSupportUi((s) => s.guest?.id ?? null);
  const live = useSupportUi((s) => s.live);
  return useQuery({
    queryKey: statusKeyOf(token, guestId),
    queryFn: ({ signal }) =>
      api.get<SupportStatusInfo>('/wps/support/status', { signal, headers: guestHeaders() }),
    staleTime: 30_000,
    // The badge follows the socket; without it, a slow poll.
    refetchInterval: opts.poll && !live ? 30_000 : false,
  });
}

export function useSupportThread(id: number | null) {
  const live = useSupportUi((s) => s.live);
  return useQuery({
    queryKey: threadKey(id),
    queryFn: ({ signal }) =>
      api.get<SupportThread>(`/wps/support/conversations/${id}/messages`, {
        signal,
        headers: guestHeaders(),
      }),
    enabled: id !== null,
    // The socket pushes; when it is down, poll (the fallback).
    refetchInterval: live ? false : 4000,
  });
}

export const openConversation = (message: string, name?: string) =>
  api.post<{ id: number; guestToken?: string }>(
    '/wps/support/conversations',
    name ? { message, name } : { message },
  );

export const sendText = (id: number, text: string) =>
  api.post<SupportMessage>(
    `/wps/support/conversations/${id}/messages`,
    { text },
    { headers: guestHeaders() },
  );

export function sendImage(id: number, file: File, text: string) {
  const form = new FormData();
  if (text) form.append('text', text);
  form.append('file', file);
  return apiRequest<SupportMessage>(`/wps/support/conversations/${id}/attachments`, {
    method: 'POST',
    body: form,
    headers: guestHeaders(),
  });
}

/** An attachment as an object URL: images need the token or guest header, which an <img> cannot send. */
export async function attachmentUrl(path: string, token: string | null, headers?: Record<string, string>) {
  const res = await fetch(path, { headers: { ...headers, ...(token ? { token } : {}) } });
  if (!res.ok) throw new Error(String(res.status));
  return URL.createObjectURL(await res.blob());
}
export const playerAttachmentUrl = (id: string) =>
  attachmentUrl(`/wps/support/attachments/${id}`, useSessionStore.getState().token, guestHeaders());
