/**
 * How the payments module reaches a provider's API. A live provider is an absolute https URL,
 * called with fetch; the local simulators (development, tests) are paths on this same server,
 * reached through the local transport registerPayments attaches (real HTTP once the server
 * listens, app.inject before, as the aggregator's simulator does).
 */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
export interface HttpAnswer {
  status: number;
  body: string;
}
export type HttpTransport = (req: HttpRequest) => Promise<HttpAnswer>;

/** Provider calls give up after this long: the answer is then "no answer" and reconciliation asks again. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export const fetchTransport: HttpTransport = async (req) => {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers ?? {},
    ...(req.body !== undefined ? { body: req.body } : {}),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    redirect: 'error',
  });
  return { status: res.status, body: await res.text() };
};

/** A JSON body, or null when the answer is not JSON (an HTML error page, a proxy's text). */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** Paisa from a provider's decimal amount ("500", "500.0", "500.00", 500): null when it is not one. */
export function paisaOf(value: unknown): bigint | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
}
