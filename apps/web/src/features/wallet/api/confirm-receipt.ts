import type { RECEIPT_OUTCOMES, Withdrawal } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { invalidateMoney } from './get-balance.ts';

export type ReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];

export interface ReceiptInput {
  id: number;
  outcome: ReceiptOutcome;
  /** `partial`: how much arrived. */
  amount?: string;
  note?: string;
  /** `not_received`: the proof image for the investigation. */
  proof?: File | null;
}

/** POST /wps/cashier/withdrawals/:id/receipt (SPEC §4 withdrawal receipt). */
export function confirmReceipt({ id, proof, ...fields }: ReceiptInput): Promise<Withdrawal> {
  const path = `/wps/cashier/withdrawals/${id}/receipt`;
  if (!proof) return api.post<Withdrawal>(path, fields);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, String(v));
  form.set('proof', proof, proof.name);
  return api.post<Withdrawal>(path, form);
}

export function useConfirmReceipt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmReceipt, onSuccess: () => invalidateMoney(queryClient) });
}
