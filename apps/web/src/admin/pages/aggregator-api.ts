import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/**
 * The aggregator console's calls (issue 29): the integration's status and the game-list import
 * (permission `games`), a round's details at Hub88 (Games API /game/round), and free spins through
 * the Freebets API (permission `promotions`).
 */
export interface AggregatorStatus {
  mode: 'live' | 'simulator' | 'disabled';
  operatorId: number;
  apiUrl: string | null;
}
export interface ImportedGameRef {
  vendor: string;
  gameCode: string;
  name: string;
}
export interface ImportResult {
  vendors: number;
  games: number;
  added: ImportedGameRef[];
  updated: ImportedGameRef[];
}
/** Hub88's answer for a round: its page and the transactions it holds (amounts in 1/100000). */
export interface Hub88Round {
  url?: string;
  transactions?: Array<Record<string, unknown>>;
  [k: string]: unknown;
}
export interface FreebetGame {
  gameCode: string;
  name: string;
  currency: string;
  betValue: string | null;
  betCount: number | null;
}
export interface Freebet {
  id: number;
  account: string;
  promotionId: number;
  promotionTitle: string;
  gameCode: string;
  rewardUuid: string | null;
  operatorReference: string;
  status: string;
  betCount: number;
  betValue: string;
  startTime: string;
  endTime: string;
  grantedBy: string;
  createdAt: string;
  rounds: number;
  won: string;
}
export interface FreebetGrant {
  account: string;
  promotionId: number;
  gameCode: string;
  betCount: number;
  betValue: string;
  days: number;
}

const KEY = ['admin', 'aggregator'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });
const BASE = '/wps/admin/aggregator/hub88';

export const useAggregatorStatus = () =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'status'],
      queryFn: ({ signal }) => api.get<AggregatorStatus>(`${BASE}/status`, opts(signal)),
    }),
  );

export function useImportGames() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ImportResult>(`${BASE}/games/import`, {}, opts()),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'games'] }),
  });
}

/** A round at Hub88, named by the player and the bet's transaction_uuid (Games API /game/round). */
export const useHub88Round = (r: { round: string; user: string; transactionUuid: string } | null) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'round', r],
      queryFn: ({ signal }) =>
        api.get<Hub88Round>(`${BASE}/rounds/${encodeURIComponent(r!.round)}`, {
          ...opts(signal),
          query: { user: r!.user, transactionUuid: r!.transactionUuid },
        }),
      enabled: r !== null,
      retry: false,
    }),
  );

export const useFreebetGames = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'freebet-games'],
      queryFn: ({ signal }) => api.get<FreebetGame[]>(`${BASE}/freebets/prepaids`, opts(signal)),
      enabled,
      retry: false,
    }),
  );

export const useFreebets = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'freebets'],
      queryFn: ({ signal }) => api.get<Freebet[]>(`${BASE}/freebets`, opts(signal)),
      enabled,
    }),
  );

export function useGrantFreebets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (g: FreebetGrant) => api.post<Freebet>(`${BASE}/freebets`, g, opts()),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, 'freebets'] }),
  });
}
