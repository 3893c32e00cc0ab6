import { randomInt } from 'node:crypto';

/** Usernames are case-insensitive and never carry surrounding spaces. */
export const normalizeAccount = (account: string): string => account.trim().toLowerCase();

/** `+977`, `977`, ` 977 ` → `977`. */
export const normalizeDialCode = (code: string | null | undefined): string =>
  (code ?? '').replace(/[^0-9]/g, '');

/** Digits only; spaces and dashes people type are dropped. */
export const normalizeMobile = (mobile: string): string => mobile.replace(/[\s-]/g, '');

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * A person's real name as stored and compared: composed Unicode (Devanagari typed two ways is one
 * name), no surrounding spaces, one space between words. The cashier compares payout holder
 * names the same way, ignoring case (`sameName`).
 */
export const normalizePersonName = (name: string): string =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** Two spellings of one real name (spacing, case, Unicode composition): payout holders must match it. */
export const samePersonName = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a?.trim() && !!b?.trim() && normalizePersonName(a).toLowerCase() === normalizePersonName(b).toLowerCase();

/** How a phone number is addressed in codes and the outbox: `+977 9812345678`. */
export const phoneDestination = (dialCode: string, mobile: string): string =>
  `+${normalizeDialCode(dialCode)} ${normalizeMobile(mobile)}`;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Human-friendly random code (no 0/O, 1/I) for affiliate and referral links. */
export function randomCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** `98******78`: enough for a person to recognise their own number, useless to anyone else. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length <= 4) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 1) return '***';
  const name = email.slice(0, at);
  return `${name[0]}${'*'.repeat(Math.max(2, name.length - 1))}${email.slice(at)}`;
}

/** Walk an error's cause chain for a PostgreSQL unique violation; answers the constraint name. */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (o.code === '23505') {
      if (typeof o.constraint === 'string') return o.constraint;
      const m = typeof o.message === 'string' ? /constraint "([^"]+)"/.exec(o.message) : null;
      return m?.[1] ?? 'unknown';
    }
    e = o.cause;
  }
  return null;
}
