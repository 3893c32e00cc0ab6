import { SUPPORT_WS_PATH, type SupportFrame, type SupportThread } from '@wps/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../shared/session/store.ts';
import { threadKey, useSupportUi } from './api.ts';

const RETRY_MS = 5000;

/**
 * One socket for the chat and the badges, shared by every component that needs it (counted): a
 * pushed message lands in the thread's cache at once; while the socket is down the queries poll.
 */
let socket: WebSocket | null = null;
let users = 0;
let retry: ReturnType<typeof setTimeout> | null = null;
let key = '';

function urlFor(token: string | null, guest: { id: number; token: string } | null): string | null {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = `${proto}//${location.host}${SUPPORT_WS_PATH}`;
  if (token) return `${base}?token=${encodeURIComponent(token)}`;
  if (guest) return `${base}?token=${encodeURIComponent(guest.token)}&conversation=${guest.id}`;
  return null;
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
  const url = urlFor(useSessionStore.getState().token, useSupportUi.getState().guest);
  key = url ?? '';
  if (!url || typeof WebSocket === 'undefined') return;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => useSupportUi.getState().setLive(true);
  ws.onmessage = (e) => {
    try {
      onFrame(qc, JSON.parse(String(e.data)) as SupportFrame);
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
    const want = urlFor(token, guest) ?? '';
    if (want !== key || !socket) {
      disconnect();
      connect(qc);
    }
    return () => {
      users--;
      if (users === 0) disconnect();
    };
  }, [enabled, token, guest, qc]);
}
