import { api } from '../../../shared/api/client.ts';

/** POST /wps/member/security/{mobile|email}/code (token): a code to the number or address to bind. */
export const sendBindMobileCode = (body: { mobileNum: string; countryDialingCode: string }) =>
  api.post<{ expiredMinutes: number }>('/wps/member/security/mobile/code', body);

export const sendBindEmailCode = (body: { email: string }) =>
  api.post<{ expiredMinutes: number }>('/wps/member/security/email/code', body);
