/**
 * ALTCHA (DESIGN §2, in place of the spec's geetest): the server hands out a signed SHA-256
 * proof-of-work challenge, the browser finds the counter, and the call carries the solved
 * challenge as base64 JSON in the field `altcha` — what the official widget submits.
 */
export interface AltchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    keyPrefix: string;
    cost: number;
    keyLength?: number;
    expiresAt?: number;
    [k: string]: unknown;
  };
  signature?: string;
}

export interface AltchaSolution {
  counter: number;
  derivedKey: string;
  time?: number;
}

/** `GET /wps/captcha/altcha` value: the challenge plus whether the server checks at all. */
export interface AltchaChallengeValue extends AltchaChallenge {
  enabled: boolean;
}

export function encodeAltchaPayload(challenge: AltchaChallenge, solution: AltchaSolution): string {
  const json = JSON.stringify({ challenge, solution });
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** A solved challenge is good until shortly before the server's expiry (10 minutes). */
export function stillFresh(challenge: AltchaChallenge, nowMs: number, marginMs = 60_000): boolean {
  const exp = challenge.parameters.expiresAt;
  return typeof exp !== 'number' || exp * 1000 - marginMs > nowMs;
}
