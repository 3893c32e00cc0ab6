import type { BonusSummary } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { PROMOTIONS_QUERY_KEY } from './get-promotions.ts';

/** GET /wps/promotions/bonuses: bonusDetails, each bonus with its wagering progress. */
export const getBonuses = (signal?: AbortSignal) =>
  api.get<BonusSummary>('/wps/promotions/bonuses', { signal });

export const useBonuses = () =>
  useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'bonuses'],
    queryFn: ({ signal }) => getBonuses(signal),
    // Wagering moves as the member plays: refresh while the page is open.
    refetchInterval: 15_000,
  });
