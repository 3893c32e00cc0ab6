import type { transferTargetsSchema } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

export type TransferDirection = 'downline' | 'upline';
export type TransferTargets = z.infer<typeof transferTargetsSchema>;

/** GET /wps/cashier/transfers/targets: the members of the sender's own tree it may send to. */
export const getTransferTargets = (direction: TransferDirection, signal?: AbortSignal) =>
  api.get<TransferTargets>('/wps/cashier/transfers/targets', { query: { direction }, signal });

export const transferTargetsQuery = (direction: TransferDirection) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'transfer-targets', direction],
    queryFn: ({ signal }) => getTransferTargets(direction, signal),
  });

export const useTransferTargets = (direction: TransferDirection) => useQuery(transferTargetsQuery(direction));
