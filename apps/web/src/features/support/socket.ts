import { type RoomFrame, SUPPORT_WS_PATH, type SupportFrame, type SupportThread } from '@wps/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionStore } from '../../shared/session/store.ts';
import { threadKey, useSupportUi } from './api.ts';

const RETRY_MS = 5000;

/**
 * One socket for the chat, the badges and the host rooms (issue 31), shared by every component
 * that needs it (counted): a pushed message lands in the thread's cache at once; while the socket
 * is down the queries poll. A room page follows its room on the same socket (`useRoomSocket`); a
 * guest with no support conversation opens it with no token, to read rooms only.
 */
let socket: WebSocket | null = null;
let users = 0;
let retry: ReturnType<typeof setTimeout> | null = null;
let key = '';
/** The rooms followed, each with the listeners of the pages showing it. */
const roomListeners = new Map<string, Set<(f: RoomFrame) => void>>();

function urlFor(
  token: string | null,
  guest: { id: number; token: string } | null,
  rooms: boolean,
): string | null {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = `${proto}//${location.host}${SUPPORT_WS_PATH}`;
  if (token) return `${base}?token=${encodeURIComponent(token)}`;
  if (guest) return `${base}?token=${encodeURIComponent(guest.token)}&conversation=${guest.id}`;
  return rooms ? base : null;
}

const wantedUrl = () =>
  urlFor(useSessionStore.getState().token, useSupportUi.getState().guest, roomListeners.size > 0);

function sendFrame(f: { t: string; room: string }) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(f));
}

function onRoomFrame(f: RoomFrame) {
  for (const l of roomListeners.get(f.room) ?? []) l(f);
}

function onFrame(qc: QueryClient, f: SupportFrame) {
  if (f.t === 'message') {
    const m = f.message;
    qc.setQueryData<SupportThread>(threadKey(m.conversationId), (old) =>
      old && !old.messages.some((x) => x.id === m.id) ? { ...old, messages: [...old.messages, m] } : old,
    );
    // An open chat reads the answer again (which marks it read) before the badge is counted.
    if (m.author === 'operator')
      void qc
        .invalidateQueries({ queryKey: threadKey(m.conversationId) })
        .then(() => qc.invalidateQueries({ queryKey: ['support', 'status'] }));
  } else if (f.t === 'conversation') {
    void qc.invalidateQueries({ queryKey: threadKey(f.id) });
    void qc.invalidateQueries({ queryKey: ['support', 'status'] });
  }
}

function connect(qc: QueryClient) {
  const url = wantedUrl();
  key = url ?? '';
  if (!url || typeof WebSocket === 'undefined') return;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    useSupportUi.getState().setLive(true);
    // Answers that came while no socket was open are only in the HTTP reads: the threads catch up
    // (an open chat reads them, marking them read) before the badge is counted again.
    void qc
      .invalidateQueries({ queryKey: ['support', 'thread'] })
      .then(() => qc.invalidateQueries({ queryKey: ['support', 'status'] }));
    for (const room of roomListeners.keys()) ws.send(JSON.stringify({ t: 'room.join', room }));
  };
  ws.onmessage = (e) => {
    try {
      const f = JSON.parse(String(e.data)) as SupportFrame | RoomFrame;
      if (f.t.startsWith('room.')) onRoomFrame(f as RoomFrame);
      else onFrame(qc, f as SupportFrame);
    } catch {
      /* a frame we do not know */
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    useSupportUi.getState().setLive(false);
    if (users > 0 && !retry) {
      retry = setTimeout(() => {
        retry = null;
        if (users > 0 && !socket) connect(qc);
      }, RETRY_MS);
    }
  };
}

function disconnect() {
  const ws = socket;
  socket = null;
  if (retry) clearTimeout(retry);
  retry = null;
  ws?.close();
  useSupportUi.getState().setLive(false);
}

/** Keeps the support socket open while mounted, reconnecting when the session or guest changes. */
export function useSupportSocket(enabled = true) {
  const qc = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const guest = useSupportUi((s) => s.guest);
  useEffect(() => {
    if (!enabled) return;
    users++;
    if ((urlFor(token, guest, roomListeners.size > 0) ?? '') !== key || !socket) {
      disconnect();
      connect(qc);
    }
    return () => {
      users--;
      if (users === 0) disconnect();
    };
  }, [enabled, token, guest, qc]);
}

/**
 * Follows a host room on the support socket while mounted (issue 31): `room.*` frames of that room
 * go to `listener` (the latest one given). The socket says `room.joined` once it hears the room;
 * a page polls the room's history until then, and again whenever the socket drops.
 */
export function useRoomSocket(room: string | null, listener: (f: RoomFrame) => void) {
  const qc = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const guest = useSupportUi((s) => s.guest);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!room) return;
    const l = (f: RoomFrame) => latest.current(f);
    let set = roomListeners.get(room);
    if (!set) {
      set = new Set();
      roomListeners.set(room, set);
    }
    const first = set.size === 0;
    set.add(l);
    users++;
    if ((urlFor(token, guest, true) ?? '') !== key || !socket) {
      disconnect();
      connect(qc);
    } else if (first) sendFrame({ t: 'room.join', room });
    return () => {
      set.delete(l);
      if (set.size === 0) {
        roomListeners.delete(room);
        sendFrame({ t: 'room.leave', room });
      }
      users--;
      // Nothing left to hear: a reader's socket (no token) closes with its last room.
      if (users === 0 || !wantedUrl()) disconnect();
    };
  }, [room, token, guest, qc]);
}
