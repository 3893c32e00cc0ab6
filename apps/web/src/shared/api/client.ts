import type { Envelope } from '@wps/contract';
import { useLanguageStore } from '../i18n/language-store.ts';
import { i18n } from '../i18n/index.ts';
import { useSessionStore } from '../session/store.ts';
import { deviceId } from '../lib/device-id.ts';

/**
 * The one fetch wrapper every call goes through: JSON in and out, the DESIGN §4 envelope
 * unwrapped, headers `token` and `lang` attached, failures turned into an ApiError.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The envelope's `value` on failure (e.g. `{captcha: true}`), for callers that need more. */
  readonly value: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    value?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.value = init.value ?? null;
  }
}

/** Code for a request that never got an answer (offline, DNS, reset, CORS). */
export const NETWORK_ERROR = 'NETWORK';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Serialised as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Override the session token: `null` sends none (the admin console passes its own). */
  token?: string | null;
  /** Extra headers (a support guest's conversation token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface ClientConfig {
  baseUrl: string;
  fetch: typeof fetch;
  token(): string | null;
  lang(): string;
  /** Text for a failed connection, in the current language (SPEC §8). */
  networkMessage(): string;
}

const defaults: ClientConfig = {
  baseUrl: '',
  fetch: (...args) => globalThis.fetch(...args),
  token: () => useSessionStore.getState().token,
  lang: () => useLanguageStore.getState().code,
  networkMessage: () => i18n.t('common:errors.network'),
};
let config: ClientConfig = defaults;

/** Tests and embedders swap parts of the client (fetch, base URL). */
export function configureApiClient(patch: Partial<ClientConfig> | null): void {
  config = patch ? { ...config, ...patch } : defaults;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  return `${config.baseUrl}${withQuery(path, query)}`;
}

/** The path with its query string, as the request sends it (and as the boot script keys its early calls). */
function withQuery(path: string, query: RequestOptions['query']): string {
  let url = path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { success?: unknown }).success === 'boolean' &&
    typeof (body as { code?: unknown }).code === 'string'
  );
}

declare global {
  interface Window {
    /** Start-up calls begun by the inline boot script in index.html, before this bundle arrived. */
    __wpsEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * Adopt a response the boot script already asked for (once; a plain GET without a token of its
 * own, to exactly the path and query the boot script asked for).
 */
function takeEarly(path: string, options: RequestOptions): Promise<Response> | undefined {
  if (typeof window === 'undefined' || !window.__wpsEarly) return undefined;
  if ((options.method ?? 'GET') !== 'GET' || options.token) return undefined;
  const key = withQuery(path, options.query);
  const early = window.__wpsEarly[key];
  if (early) window.__wpsEarly[key] = undefined;
  return early;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...options.headers,
    accept: 'application/json',
    lang: config.lang(),
  };
  const token = options.token === undefined ? config.token() : options.token;
  if (token) headers.token = token;
  if (path.startsWith('/wps/session/login')) {
    const device = deviceId();
    if (device) headers['x-device-id'] = device;
  }
  // A FormData body (an image upload) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await (takeEarly(path, options) ??
      config.fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body:
          options.body === undefined
            ? undefined
            : isForm
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'same-origin',
      }));
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: config.networkMessage() });
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }

  if (!isEnvelope(body)) {
    // A proxy error page, an empty 502, a truncated answer: the link is what failed.
    throw new ApiError({ status: response.status, code: NETWORK_ERROR, message: config.networkMessage() });
  }
  if (!body.success) {
    const value = body.value as { fields?: Record<string, string> } | null;
    throw new ApiError({
      status: response.status,
      code: body.code,
      message: body.message,
      fields: value && typeof value === 'object' && value.fields ? value.fields : {},
      value,
    });
  }
  return body.value as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
