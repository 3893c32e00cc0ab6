import { readSession, writeSession } from '../lib/storage.ts';
import type { SessionKey } from './store.ts';

/**
 * SPEC §3 session storage keys that hold a cached answer (consolidated, merchantWallet,
 * gameVendor, validate): written as JSON when the answer arrives, read back as a placeholder on
 * the next page load of the same tab. A broken entry reads as absent.
 */
export function readCached<T>(key: SessionKey): T | undefined {
  const raw = readSession(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeCached(key: SessionKey, value: unknown): void {
  writeSession(key, JSON.stringify(value));
}
