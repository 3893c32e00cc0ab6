import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { encodeAltchaPayload } from '../modules/auth/human-check.ts';

/**
 * Helpers for suites that drive identity calls over HTTP: a solved ALTCHA payload (what the
 * browser widget would submit) and the code a default-outbox SMS or mail carried.
 */
export async function solveAltcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/wps/captcha/altcha' });
  const { enabled: _enabled, ...challenge } = res.json().value;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return encodeAltchaPayload({ challenge, solution });
}

/** The newest six-digit code sent to `recipient` (`+977 98…` or an email) through the outbox. */
export async function lastCode(app: FastifyInstance, recipient: string): Promise<string> {
  // Codes for signed-out callers are sent after the answer: wait for that work first.
  await app.services.auth.settle();
  const [msg] = await app.services.verification.outbox({ recipient, limit: 1 });
  const code = msg ? /\b(\d{6})\b/.exec(msg.body)?.[1] : undefined;
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}
