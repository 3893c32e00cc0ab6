import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/**
 * PUT /wps/member/security/paymentPassword (token): the first one is confirmed with the login
 * `password`, a change with `oldPaymentPassword`.
 */
export const setPaymentPassword = (body: {
  password?: string;
  oldPaymentPassword?: string;
  paymentPassword: string;
  confirmPaymentPassword: string;
}) => api.put<null>('/wps/member/security/paymentPassword', body);

export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentPassword,
    // Member info and the withdraw page's settings both say whether one is set.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['member', 'info'] }),
        queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] }),
      ]),
  });
}
