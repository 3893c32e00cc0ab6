import type { RewardCenter } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { PROMOTIONS_QUERY_KEY } from './get-promotions.ts';

/** GET /wps/promotions/rewards: rewardCenter. */
export const getRewards = (signal?: AbortSignal) =>
  api.get<RewardCenter>('/wps/promotions/rewards', { signal });

export const useRewards = () =>
  useQuery({ queryKey: [...PROMOTIONS_QUERY_KEY, 'rewards'], queryFn: ({ signal }) => getRewards(signal) });
