import type { PayoutAccount, payoutAccountInputSchema } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { payoutAccountsQuery } from './get-payout-accounts.ts';

export type PayoutAccountInput = z.infer<typeof payoutAccountInputSchema>;

/** POST /wps/cashier/payout-accounts: the holder name must equal the member's real name. */
export const addPayoutAccount = (input: PayoutAccountInput) =>
  api.post<PayoutAccount>('/wps/cashier/payout-accounts', input);

export function useAddPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPayoutAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutAccountsQuery.queryKey }),
  });
}
