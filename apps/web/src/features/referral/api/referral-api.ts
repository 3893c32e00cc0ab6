import type {
  AffiliateApplication,
  AffiliateApplyInput,
  MyAffiliate,
  Ranking,
  RankingPeriod,
  ReferralOverview,
} from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** Refer and earn, the affiliate application and the ranking board (player site). */
export const REFERRAL_KEY = ['referral'] as const;

export const useReferralOverview = () =>
  useQuery({
    queryKey: [...REFERRAL_KEY, 'overview'],
    queryFn: ({ signal }) => api.get<ReferralOverview>('/wps/referral/overview', { signal }),
  });

export const useMyAffiliate = () =>
  useQuery({
    queryKey: [...REFERRAL_KEY, 'affiliate'],
    queryFn: ({ signal }) => api.get<MyAffiliate>('/wps/referral/affiliate', { signal }),
  });

export function useApplyAffiliate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AffiliateApplyInput) =>
      api.post<AffiliateApplication>('/wps/referral/affiliate', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...REFERRAL_KEY, 'affiliate'] }),
  });
}

export const useRanking = (period: RankingPeriod) =>
  useQuery({
    queryKey: [...REFERRAL_KEY, 'ranking', period],
    queryFn: ({ signal }) => api.get<Ranking>('/wps/referral/ranking', { signal, query: { period } }),
    // The server caches the board for a minute; asking more often shows nothing new.
    staleTime: 60_000,
  });
