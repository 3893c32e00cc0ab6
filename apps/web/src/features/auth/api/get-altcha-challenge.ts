import { api } from '../../../shared/api/client.ts';
import type { AltchaChallengeValue } from '../lib/human-check.ts';

/** GET /wps/captcha/altcha: a signed proof-of-work challenge, and whether the server checks at all. */
export const getAltchaChallenge = (signal?: AbortSignal) =>
  api.get<AltchaChallengeValue>('/wps/captcha/altcha', { signal, token: null });
