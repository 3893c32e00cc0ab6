import { TOTP_PERIOD_SECONDS } from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP for suites: the code an authenticator app would show for `secret`, `steps` periods from
 * now (enrolment spends the current step, so the next sign-in uses `steps = 1`).
 */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    period: TOTP_PERIOD_SECONDS,
    timestamp: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000,
  });
}

/** Enrols an operator through the service (begin + confirm with a computed code); the base32 secret. */
export async function enrolTotp(app: FastifyInstance, operatorId: number, account: string): Promise<string> {
  const { secret } = await app.services.auth.totp.begin(operatorId, account);
  await app.services.auth.totp.confirm(operatorId, account, totpCode(secret));
  return secret;
}
