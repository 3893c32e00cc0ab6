import { SPEC } from '@wps/contract';

/**
 * SPEC §8 network check, run from the page-load timeout prompt: whether this device is offline,
 * online but unable to reach the site, or reaching it (then the page itself is what is slow).
 */
export type NetworkCheck = 'offline' | 'unreachable' | 'ok';

export async function checkNetwork(
  deps: { online?: boolean; fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<NetworkCheck> {
  const online = deps.online ?? (typeof navigator === 'undefined' ? true : navigator.onLine);
  if (!online) return 'offline';
  const get = deps.fetch ?? fetch;
  try {
    // The server's own health answer: it also checks the database, so "ok" means the site works.
    const res = await get(`/healthz?t=${Date.now()}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(deps.timeoutMs ?? SPEC.networkCheckTimeoutMs),
    });
    return res.ok ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
