import { SPEC } from '@wps/contract';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The client names each image captcha (SPEC §9 random id, 32 characters, URL-safe). */
export function newCaptchaKey(random: (n: number) => Uint8Array = defaultRandom): string {
  const bytes = random(SPEC.randomIdLength);
  let key = '';
  for (const b of bytes) key += KEY_ALPHABET[b & 63];
  return key;
}

function defaultRandom(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/**
 * SPEC §4/§9: a click refreshes the image at most once a second. Answers whether a refresh
 * asked at `now` may go ahead (and remembers it when it does).
 */
export function createThrottle(minMs: number = SPEC.captchaRefreshMinMs) {
  let last = Number.NEGATIVE_INFINITY;
  return (now: number): boolean => {
    if (now - last < minMs) return false;
    last = now;
    return true;
  };
}
