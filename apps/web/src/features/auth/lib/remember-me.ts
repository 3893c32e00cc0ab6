import { SPEC } from '@wps/contract';

/**
 * SPEC §9 remember-me: the last username and the SMS number with its dialing code, kept for one
 * day. Never the password: the spec's site stored it; a password at rest in the browser is one
 * XSS or shared computer away from being someone else's.
 */
export const REMEMBER_STORAGE_KEY = 'wps.rememberMe';

export interface Remembered {
  username?: string;
  countryDialingCode?: string;
  mobileNum?: string;
}

const FIELDS = ['username', 'countryDialingCode', 'mobileNum'] as const;
const MAX_CHARS = 100;

/** Only the whitelisted fields survive, whatever the caller hands in (a password included). */
export function pickRemembered(input: Record<string, unknown>): Remembered {
  const out: Remembered = {};
  for (const f of FIELDS) {
    const v = input[f];
    if (typeof v === 'string' && v.trim() && v.length <= MAX_CHARS) out[f] = v.trim();
  }
  return out;
}

export function serializeRemembered(data: Remembered, now: number): string {
  return JSON.stringify({
    ...pickRemembered(data as Record<string, unknown>),
    expiresAt: now + SPEC.rememberMeMs,
  });
}

/** null when nothing is stored, it is unreadable, or the day is over. */
export function parseRemembered(raw: string | null, now: number): Remembered | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const expiresAt = (parsed as { expiresAt?: unknown }).expiresAt;
  if (typeof expiresAt !== 'number' || expiresAt <= now || expiresAt > now + SPEC.rememberMeMs) return null;
  const picked = pickRemembered(parsed as Record<string, unknown>);
  return Object.keys(picked).length ? picked : null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readRemembered(now = Date.now()): Remembered | null {
  try {
    const s = storage();
    const value = parseRemembered(s?.getItem(REMEMBER_STORAGE_KEY) ?? null, now);
    if (!value) s?.removeItem(REMEMBER_STORAGE_KEY);
    return value;
  } catch {
    return null;
  }
}

/** Merges into what is remembered (the SMS tab keeps the username the other tab saved). */
export function remember(data: Remembered, now = Date.now()): void {
  try {
    const merged = { ...(readRemembered(now) ?? {}), ...pickRemembered(data as Record<string, unknown>) };
    storage()?.setItem(REMEMBER_STORAGE_KEY, serializeRemembered(merged, now));
  } catch {
    // Private mode or full storage: remembering is a convenience.
  }
}

export function forgetRemembered(): void {
  try {
    storage()?.removeItem(REMEMBER_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
