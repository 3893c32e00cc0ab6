import type { withdrawSettingsSchema } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

export type WithdrawSettings = z.infer<typeof withdrawSettingsSchema>;

/** GET /wps/cashier/withdraw/settings: min/max, today's count, the balance and the real name. */
export const getWithdrawSettings = (signal?: AbortSignal) =>
  api.get<WithdrawSettings>('/wps/cashier/withdraw/settings', { signal });

export const withdrawSettingsQuery = queryOptions({
  queryKey: [...WALLET_QUERY_KEY, 'withdraw-settings'],
  queryFn: ({ signal }) => getWithdrawSettings(signal),
});

export const useWithdrawSettings = () => useQuery(withdrawSettingsQuery);
