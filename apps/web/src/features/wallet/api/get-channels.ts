import type { PaymentChannel } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

/** GET /wps/cashier/channels: deposit channels with the operator's account, QR and limits. */
export const getChannels = (signal?: AbortSignal) =>
  api.get<PaymentChannel[]>('/wps/cashier/channels', { signal });

export const channelsQuery = queryOptions({
  queryKey: [...WALLET_QUERY_KEY, 'channels'],
  queryFn: ({ signal }) => getChannels(signal),
  staleTime: 60_000,
});

export const useChannels = () => useQuery(channelsQuery);
