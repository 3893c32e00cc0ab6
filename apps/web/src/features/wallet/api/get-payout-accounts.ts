import type { PayoutAccount } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

/** GET /wps/cashier/payout-accounts: the bank and wallet accounts the member withdraws to. */
export const getPayoutAccounts = (signal?: AbortSignal) =>
  api.get<PayoutAccount[]>('/wps/cashier/payout-accounts', { signal });

export const payoutAccountsQuery = queryOptions({
  queryKey: [...WALLET_QUERY_KEY, 'payout-accounts'],
  queryFn: ({ signal }) => getPayoutAccounts(signal),
});

export const usePayoutAccounts = () => useQuery(payoutAccountsQuery);
