import type { LoginValue, SecondVerificationMethod } from '@wps/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** POST /wps/session/login/verification/send: a code to the account's own phone or email. */
export const sendSecondVerificationCode = (body: { ticket: string; method: 'sms' | 'email' }) =>
  api.post<{ expiredMinutes: number }>('/wps/session/login/verification/send', body, { token: null });

/** POST /wps/session/login/verification: the code (or real name) that finishes the login. */
export const finishSecondVerification = (body: {
  ticket: string;
  method: SecondVerificationMethod;
  verificationCode?: string;
  payeeName?: string;
}) => api.post<LoginValue>('/wps/session/login/verification', body, { token: null });

export const useFinishSecondVerification = () => useMutation({ mutationFn: finishSecondVerification });
