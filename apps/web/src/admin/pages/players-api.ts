import type {
  AgentTreeNode,
  KycDocument,
  loginEventSchema,
  Page,
  PlayerProfile,
  PlayerRow,
  PlayerSearchBy,
  PlayerStatus,
  PlayerTraces,
  playerNoteSchema,
  playerSessionSchema,
  RewardCenter,
  RiskFlag,
} from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's player and agent-tree calls (operator token). Mutations refetch the player. */
export type PlayerNote = z.infer<typeof playerNoteSchema>;
export type LoginEvent = z.infer<typeof loginEventSchema>;
export type PlayerSession = z.infer<typeof playerSessionSchema>;
export type { AgentTreeNode, KycDocument, PlayerProfile, PlayerRow, PlayerTraces };

const KEY = ['admin', 'players'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });
const base = (id: number) => `/wps/admin/players/${id}`;

export const usePlayerSearch = (q: { by: PlayerSearchBy; q: string; pageNo: number }) =>
  useQuery({
    queryKey: [...KEY, 'search', q],
    queryFn: ({ signal }) =>
      api.get<Page<PlayerRow>>('/wps/admin/players', { ...opts(signal), query: { ...q, pageSize: 20 } }),
    enabled: q.q.trim() !== '',
    placeholderData: keepPreviousData,
  });

export const usePlayer = (id: number) =>
  useQuery({
    queryKey: [...KEY, id, 'profile'],
    queryFn: ({ signal }) => api.get<PlayerProfile>(base(id), opts(signal)),
  });

export const usePlayerNotes = (id: number) =>
  useQuery({
    queryKey: [...KEY, id, 'notes'],
    queryFn: ({ signal }) => api.get<PlayerNote[]>(`${base(id)}/notes`, opts(signal)),
  });

export const usePlayerLogins = (id: number, pageNo: number) =>
  useQuery({
    queryKey: [...KEY, id, 'logins', pageNo],
    queryFn: ({ signal }) =>
      api.get<Page<LoginEvent>>(`${base(id)}/logins`, { ...opts(signal), query: { pageNo, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });

export const usePlayerTraces = (id: number) =>
  useQuery({
    queryKey: [...KEY, id, 'traces'],
    queryFn: ({ signal }) => api.get<PlayerTraces>(`${base(id)}/traces`, opts(signal)),
  });

export const usePlayerSessions = (id: number) =>
  useQuery({
    queryKey: [...KEY, id, 'sessions'],
    queryFn: ({ signal }) => api.get<PlayerSession[]>(`${base(id)}/sessions`, opts(signal)),
  });

export const usePlayerPromotions = (id: number) =>
  useQuery({
    queryKey: [...KEY, id, 'promotions'],
    queryFn: ({ signal }) => api.get<RewardCenter>(`${base(id)}/promotions`, opts(signal)),
  });

export const useAgentTree = (parentId: number | null, enabled = true) =>
  useQuery({
    queryKey: ['admin', 'agent-tree', parentId],
    queryFn: ({ signal }) =>
      api.get<{ nodes: AgentTreeNode[]; truncated: boolean }>('/wps/admin/agents/tree', {
        ...opts(signal),
        query: parentId === null ? {} : { parentId },
      }),
    enabled,
  });

/** A mutation on one player that refetches everything shown about that player. */
export function usePlayerAction<A, R = unknown>(id: number, fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, id] }),
  });
}

export const setStatus = (id: number, body: { status: PlayerStatus; reason: string }) =>
  api.put<{ status: string }>(`${base(id)}/status`, body, opts());
export const addNote = (id: number, body: string) =>
  api.post<PlayerNote>(`${base(id)}/notes`, { body }, opts());
export const setLabels = (id: number, body: { tags: string[]; riskFlags: RiskFlag[] }) =>
  api.put<unknown>(`${base(id)}/labels`, body, opts());
export const revokeSession = (id: number, sessionId: number) =>
  api.delete<null>(`${base(id)}/sessions/${sessionId}`, opts());
export const movePlayer = (id: number, parentAccount: string | null) =>
  api.put<{ uplinePath: number[] }>(`${base(id)}/parent`, { parentAccount }, opts());
export const sendMessage = (id: number, body: { title: string; body: string }) =>
  api.post<{ id: number }>(`${base(id)}/messages`, body, opts());
export const setIdentity = (
  id: number,
  body: { idNumber: string | null; birthday: string | null; payeeName?: string | null },
) => api.put<null>(`${base(id)}/kyc/identity`, body, opts());
export const uploadKyc = (id: number, kind: KycDocument['kind'], file: File) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return api.post<KycDocument>(`${base(id)}/kyc/documents`, form, opts());
};
export const reviewKyc = (id: number, docId: string, approve: boolean, reason?: string) =>
  api.post<KycDocument>(`${base(id)}/kyc/documents/${docId}/review`, { approve, reason }, opts());

/**
 * The platform ends its own contract with a top-level agent: a termination request the agent
 * confirms, or the confirmation of the agent's request (an unanswered offer is withdrawn).
 */
export function useEndPlatformContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ id: number; status: string; request: string | null }>(
        `/wps/admin/agents/contracts/${id}/terminate`,
        undefined,
        opts(),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'agent-tree'] }),
  });
}
