import type { PaymentGateway, PaymentProvider, ProviderDeposit, ProviderRedirect } from '@wps/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { WALLET_QUERY_KEY } from './get-balance.ts';

/** GET /wps/payments/channels: eSewa / Khalti when the operator offers them (issue 29). */
export const getGateways = (signal?: AbortSignal) =>
  api.get<PaymentGateway[]>('/wps/payments/channels', { signal });

export const gatewaysQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'gateways', token],
    queryFn: ({ signal }) => getGateways(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });

export const useGateways = (token: string | null) => useQuery(gatewaysQuery(token));

export interface ProviderDepositInput {
  provider: PaymentProvider;
  amount: string;
  requestId: string;
  bonusPromotionId?: number | undefined;
}

/** POST /wps/payments/{provider}/deposits: the deposit and where the browser pays it. */
export function startProviderDeposit({ provider, ...body }: ProviderDepositInput): Promise<ProviderDeposit> {
  const payload =
    body.bonusPromotionId === undefined ? { amount: body.amount, requestId: body.requestId } : body;
  return api.post<ProviderDeposit>(`/wps/payments/${provider}/deposits`, payload);
}

export const useStartProviderDeposit = () => useMutation({ mutationFn: startProviderDeposit });

/**
 * Sends the browser to the provider: eSewa's signed form is POSTed as an ordinary form (so the
 * provider gets exactly the fields we signed), Khalti's payment page is opened in place.
 */
export function goToProvider(redirect: ProviderRedirect): void {
  if (redirect.method === 'GET') {
    window.location.assign(redirect.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
