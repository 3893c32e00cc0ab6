import { api } from '../../../shared/api/client.ts';

/** login: the SMS login code; reset: the reset by phone; register: registration by mobile. */
export type SmsPurpose = 'login' | 'reset' | 'register';

/**
 * POST /wps/verification/sms/noLogin (SPEC §7: the login code; `purpose: "reset"` for the reset by
 * phone) or /wps/verification/sms/register. Registration names the number `mobileNo` (SPEC §3);
 * the others `mobileNum`. Answers `expiredMinutes`.
 */
export function sendSms(
  purpose: SmsPurpose,
  body: { mobileNum: string; countryDialingCode: string; altcha?: string | undefined },
) {
  if (purpose === 'register')
    return api.post<{ expiredMinutes: number }>(
      '/wps/verification/sms/register',
      { mobileNo: body.mobileNum, countryDialingCode: body.countryDialingCode, altcha: body.altcha },
      { token: null },
    );
  return api.post<{ expiredMinutes: number }>(
    '/wps/verification/sms/noLogin',
    { ...body, purpose },
    { token: null },
  );
}
