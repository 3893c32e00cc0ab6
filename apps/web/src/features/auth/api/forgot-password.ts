import type { LoginValue } from '@wps/contract';
import { useMutation } from '@tanstack/react-query';
import { api, apiRequest } from '../../../shared/api/client.ts';

/**
 * POST /wps/member/password/email: the server mails a one-time temporary password. It answers
 * the same whether or not the details match, and its message says so.
 */
export const forgotByEmail = (body: { username: string; email: string }) =>
  apiRequest<null>('/wps/member/password/email', { method: 'POST', body, token: null });

/** POST /wps/member/password/verification: a new password by phone code; answers a signed-in session. */
export const resetByPhone = (body: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}) => api.post<LoginValue>('/wps/member/password/verification', body, { token: null });

export const useResetByPhone = () => useMutation({ mutationFn: resetByPhone });
