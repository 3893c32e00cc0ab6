import type { z } from 'zod';
import type { bettingRecordDetailSchema, bettingRecordPageSchema } from '@wps/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';

export type BettingRecordPage = z.infer<typeof bettingRecordPageSchema>;
export type BettingRecordDetail = z.infer<typeof bettingRecordDetailSchema>;
export type BetRound = BettingRecordPage['content'][number];

export interface BettingRecordQuery {
  vendor?: string | undefined;
  gameType?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageNo: number;
  pageSize?: number;
}

const KEY = ['member', 'games', 'record'] as const;

/** GET /wps/relay/GCS_bettingRecord (token): my rounds with totals for the filter. */
export const getBettingRecord = (q: BettingRecordQuery, signal?: AbortSignal) =>
  api.get<BettingRecordPage>('/wps/relay/GCS_bettingRecord', { query: { ...q }, signal });

export function useBettingRecord(q: BettingRecordQuery) {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: [...KEY, 'list', q, lang],
    queryFn: ({ signal }) => getBettingRecord(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /wps/relay/GCS_bettingRecord/{roundId}: one of my rounds with its entries. */
export const getBettingDetail = (roundId: string, vendor: string, signal?: AbortSignal) =>
  api.get<BettingRecordDetail>(`/wps/relay/GCS_bettingRecord/${encodeURIComponent(roundId)}`, {
    query: { vendor },
    signal,
  });

export function useBettingDetail(round: { roundId: string; vendor: string } | null) {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: [...KEY, 'detail', round?.roundId, round?.vendor, lang],
    queryFn: ({ signal }) => getBettingDetail(round?.roundId ?? '', round?.vendor ?? '', signal),
    enabled: Boolean(round),
  });
}
