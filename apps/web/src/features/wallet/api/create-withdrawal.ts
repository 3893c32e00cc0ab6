import type { Withdrawal } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { invalidateMoney } from './get-balance.ts';

export interface WithdrawInput {
  payoutAccountId: number;
  amount: string;
  paymentPassword: string;
  requestId: string;
}

/** POST /wps/cashier/withdrawals: the amount is held until the operator pays or rejects. */
export const createWithdrawal = (input: WithdrawInput) =>
  api.post<Withdrawal>('/wps/cashier/withdrawals', input);

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWithdrawal, onSuccess: () => invalidateMoney(queryClient) });
}
