import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { payoutAccountsQuery } from './get-payout-accounts.ts';

/** DELETE /wps/cashier/payout-accounts/:id. */
export const removePayoutAccount = (id: number) => api.delete<null>(`/wps/cashier/payout-accounts/${id}`);

export function useRemovePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePayoutAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutAccountsQuery.queryKey }),
  });
}
