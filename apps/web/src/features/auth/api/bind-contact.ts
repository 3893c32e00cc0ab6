import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** PUT /wps/member/security/mobile (token): bind and verify a phone number with its code. */
export const bindMobile = (body: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
}) => api.put<null>('/wps/member/security/mobile', body);

/** PUT /wps/member/security/email (token): bind and verify an email address with its code. */
export const bindEmail = (body: { email: string; verificationCode: string }) =>
  api.put<null>('/wps/member/security/email', body);

export function useBindMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindMobile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'info'] }),
  });
}

export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'info'] }),
  });
}
