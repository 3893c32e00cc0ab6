import { readLocal, writeLocal } from './storage.ts';

const KEY = 'wps.deviceId';

/**
 * A random id kept in this browser's storage, sent with sign-ins (`x-device-id`) so the console
 * can show which accounts signed in from the same device. It identifies nothing else and is
 * only as persistent as the browser's storage.
 */
export function deviceId(): string | null {
  let id = readLocal(KEY);
  if (id && /^[A-Za-z0-9_-]{8,64}$/.test(id)) return id;
  if (typeof crypto === 'undefined' || typeof crypto.getRandomValues !== 'function') return null;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeLocal(KEY, id);
  return readLocal(KEY) === id ? id : null;
}
