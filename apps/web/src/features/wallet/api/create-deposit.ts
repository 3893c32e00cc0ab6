import type { Deposit } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { invalidateMoney } from './get-balance.ts';

export interface DepositInput {
  channelId: number;
  amount: string;
  reference: string;
  requestId: string;
  /** Optional png/jpg proof, checked for type and size before it is sent. */
  proof?: File | null;
  /** The offered deposit bonus the member opted into (joined with the request). */
  bonusPromotionId?: number | undefined;
}

/** POST /wps/cashier/deposits: JSON, or multipart when a proof image is attached. */
export function createDeposit(input: DepositInput): Promise<Deposit> {
  const { proof, bonusPromotionId, ...rest } = input;
  const fields = bonusPromotionId === undefined ? rest : { ...rest, bonusPromotionId };
  if (!proof) return api.post<Deposit>('/wps/cashier/deposits', fields);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  form.set('proof', proof, proof.name);
  return api.post<Deposit>('/wps/cashier/deposits', form);
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDeposit, onSuccess: () => invalidateMoney(queryClient) });
}
