import type { Promotion } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** Everything promotions cache lives under this prefix (a session change or an action refetches it). */
export const PROMOTIONS_QUERY_KEY = ['promotions'] as const;

/** GET /wps/promotions: the list (with a session, each carries the member's SPEC §4 status). */
export const getPromotions = (q: { category?: string; language?: string }, signal?: AbortSignal) =>
  api.get<Promotion[]>('/wps/promotions', { query: { ...q }, signal });

export const promotionsQuery = (q: { category?: string; language?: string }, token: string | null) =>
  queryOptions({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'list', q, token],
    queryFn: ({ signal }) => getPromotions(q, signal),
    staleTime: 30_000,
  });

export const usePromotions = (q: { category?: string; language?: string }, token: string | null) =>
  useQuery(promotionsQuery(q, token));
