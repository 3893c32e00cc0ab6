import { JACKPOT_POLL_MS, JACKPOT_WS_PATH, type JackpotPool, type JackpotWin } from '@wps/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../shared/api/client.ts';

const POOLS_KEY = ['jackpot', 'pools'] as const;
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
      if (f.t === 'pools' && Array.isArray(f.pools)) qc.setQueryData(POOLS_KEY, { pools: f.pools });
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
    queryKey: POOLS_KEY,
    queryFn: ({ signal }) => api.get<{ pools: JackpotPool[] }>('/wps/jackpot', { signal }),
    refetchInterval: pushed ? false : JACKPOT_POLL_MS,
    staleTime: pushed ? Number.POSITIVE_INFINITY : JACKPOT_POLL_MS / 2,
  });
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
