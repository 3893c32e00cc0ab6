import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { AltchaChallenge, AltchaSolution } from './human-check.ts';

/** Solves on the current thread with Web Crypto (used by the worker, and where workers are missing). */
export async function solveAltchaHere(
  challenge: AltchaChallenge,
  timeoutMs = 60_000,
): Promise<AltchaSolution> {
  const solution = await solveChallenge({
    challenge: challenge as unknown as Challenge,
    deriveKey,
    timeout: timeoutMs,
  });
  if (!solution) throw new Error('ALTCHA challenge not solved in time');
  return { counter: solution.counter, derivedKey: solution.derivedKey };
}
