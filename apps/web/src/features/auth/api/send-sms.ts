import { api } from '../../../shared/api/client.ts';

export type SmsPurpose = 'login' | 'noLogin' | 'register';

/**
 * POST /wps/verification/sms/{login|noLogin|register}: a code to a phone number. Registration
 * names the number `mobileNo` (SPEC §3); the others `mobileNum`. Answers `expiredMinutes`.
 */
export function sendSms(
  purpose: SmsPurpose,
  body: { mobileNum: string; countryDialingCode: string; altcha?: string | undefined },
) {
  const payload =
    purpose === 'register'
      ? { mobileNo: body.mobileNum, countryDialingCode: body.countryDialingCode, altcha: body.altcha }
      : body;
  return api.post<{ expiredMinutes: number }>(`/wps/verification/sms/${purpose}`, payload, { token: null });
}
