import { JACKPOT_POLL_MS, JACKPOT_WS_PATH, type JackpotPool, type JackpotWin } from '@wps/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../shared/api/client.ts';

export const JACKPOT_POOLS_KEY = ['jackpot', 'pools'] as const;
/** First retry after a lost socket; doubled each time up to the most, so a server away is not hammered. */
const RETRY_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/**
 * One ticker socket per tab, shared by every tile and strip that shows a pool (counted): the
 * server pushes the pools when the ledger's figure moves, straight into the query's cache. While
 * it is down (a proxy without WebSockets, a server away) the query polls instead.
 */
let socket: WebSocket | null = null;
let live = false;
let users = 0;
let retry: ReturnType<typeof setTimeout> | null = null;
let retryMs = RETRY_MS;
const liveListeners = new Set<() => void>();

function setLive(v: boolean) {
  live = v;
  for (const l of liveListeners) l();
}

function connect(qc: QueryClient) {
  if (typeof WebSocket === 'undefined') return;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}${JACKPOT_WS_PATH}`);
  socket = ws;
  ws.onopen = () => {
    retryMs = RETRY_MS;
    setLive(true);
  };
  ws.onmessage = (e) => {
    try {
      const f = JSON.parse(String(e.data)) as { t?: string; pools?: JackpotPool[] };
      if (f.t === 'pools' && Array.isArray(f.pools)) qc.setQueryData(JACKPOT_POOLS_KEY, { pools: f.pools });
    } catch {
      /* a frame we do not know */
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    setLive(false);
    if (users > 0 && !retry) {
      retry = setTimeout(() => {
        retry = null;
        if (users > 0 && !socket) connect(qc);
      }, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  };
}

function release() {
  users--;
  if (users > 0) return;
  const ws = socket;
  socket = null;
  if (retry) clearTimeout(retry);
  retry = null;
  ws?.close();
  setLive(false);
}

/**
 * One poll per tab while the socket is down, however many tiles show a pool: each tile's own
 * query interval was a timer per tile (55 on the home page), each waking to refetch.
 */
let pollers = 0;
let pollTimer: ReturnType<typeof setInterval> | null = null;

/** A component that shows pools holds the poll while mounted; the last one out stops it. */
export function holdPoll(qc: QueryClient): () => void {
  pollers++;
  if (!pollTimer) {
    pollTimer = setInterval(() => {
      if (live || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
      void qc.refetchQueries({ queryKey: JACKPOT_POOLS_KEY, exact: true, type: 'active' });
    }, JACKPOT_POLL_MS);
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    pollers--;
    if (pollers > 0 || !pollTimer) return;
    clearInterval(pollTimer);
    pollTimer = null;
  };
}

const subscribeLive = (l: () => void) => {
  liveListeners.add(l);
  return () => liveListeners.delete(l);
};

/**
 * GET /wps/jackpot, then pushed: the pools' amounts are the ledger's balances, shown as they
 * come (no client-side ticking: a figure on screen is one the books held).
 */
export function useJackpotPools() {
  const qc = useQueryClient();
  const pushed = useSyncExternalStore(subscribeLive, () => live);
  const query = useQuery({
    queryKey: JACKPOT_POOLS_KEY,
    queryFn: ({ signal }) => api.get<{ pools: JackpotPool[] }>('/wps/jackpot', { signal }),
    staleTime: pushed ? Number.POSITIVE_INFINITY : JACKPOT_POLL_MS / 2,
  });
  useEffect(() => holdPoll(qc), [qc]);
  // A site with no pool on opens no socket: its tiles only poll, to learn when one is switched on.
  const hasPools = (query.data?.pools.length ?? 0) > 0;
  useEffect(() => {
    if (!hasPools) return;
    users++;
    if (!socket && !retry) connect(qc);
    return release;
  }, [qc, hasPools]);
  return query;
}

/** Recent wins with their draw inputs (the verifier's jackpot tab). */
export function useJackpotWins() {
  return useQuery({
    queryKey: ['jackpot', 'wins'],
    queryFn: ({ signal }) => api.get<{ wins: JackpotWin[] }>('/wps/jackpot/wins', { signal }),
    staleTime: 30_000,
  });
}
