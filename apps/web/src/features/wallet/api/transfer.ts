import type { transferResultSchema } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { invalidateMoney } from './get-balance.ts';
import type { TransferDirection } from './get-transfer-targets.ts';

export type TransferResult = z.infer<typeof transferResultSchema>;
export interface TransferInput {
  direction: TransferDirection;
  account: string;
  amount: string;
  paymentPassword: string;
  requestId: string;
}

/** POST /wps/relay/GCS_walletTransfer (SPEC §7 wallet transfer): transferFund / transferUpline. */
export const transfer = (input: TransferInput) =>
  api.post<TransferResult>('/wps/relay/GCS_walletTransfer', input);

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transfer, onSuccess: () => invalidateMoney(queryClient) });
}
