import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, configureApiClient, NETWORK_ERROR } from './client.ts';

type FetchArgs = Parameters<typeof fetch>;

function respond(status: number, body: unknown) {
  return vi.fn(
    async (..._args: FetchArgs) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
}

const headersOf = (call: FetchArgs | undefined) => (call?.[1]?.headers ?? {}) as Record<string, string>;

function setup(fetchImpl: typeof fetch, token: string | null = 'tok-1', lang = 'NE') {
  configureApiClient({
    fetch: fetchImpl,
    token: () => token,
    lang: () => lang,
    networkMessage: () => 'Network link is abnormal, please try again',
  });
}

afterEach(() => configureApiClient(null));

describe('api client', () => {
  it('unwraps a successful envelope and sends token and lang headers', async () => {
    const fetchMock = respond(200, {
      success: true,
      code: 'OK',
      message: 'Success',
      value: { status: 0, ip: '1.2.3.4' },
    });
    setup(fetchMock as unknown as typeof fetch);
    await expect(api.get('/wps/system/status')).resolves.toEqual({ status: 0, ip: '1.2.3.4' });
    const [url] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wps/system/status');
    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers.token).toBe('tok-1');
    expect(headers.lang).toBe('NE');
    expect(headers['content-type']).toBeUndefined();
  });

  it('serialises bodies as JSON and builds query strings without empty values', async () => {
    const fetchMock = respond(200, { success: true, code: 'OK', message: '', value: null });
    setup(fetchMock as unknown as typeof fetch);
    await apiRequest('/wps/x', {
      method: 'PUT',
      body: { a: 1 },
      query: { page: 2, q: 'a b', none: undefined, nil: null },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wps/x?page=2&q=a+b');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"a":1}');
    expect(headersOf(fetchMock.mock.calls[0])['content-type']).toBe('application/json');
  });

  it('sends no token when the caller passes null (operator calls pass their own)', async () => {
    const fetchMock = respond(200, { success: true, code: 'OK', message: '', value: 1 });
    setup(fetchMock as unknown as typeof fetch, 'player-token');
    await api.post('/wps/admin/session/login', {}, { token: null });
    await api.get('/wps/admin/system', { token: 'operator-token' });
    expect(headersOf(fetchMock.mock.calls[0]).token).toBeUndefined();
    expect(headersOf(fetchMock.mock.calls[1]).token).toBe('operator-token');
  });

  it('turns success:false into an ApiError with status, code, message and field errors', async () => {
    setup(
      respond(400, {
        success: false,
        code: 'VALIDATION',
        message: 'The request could not be understood.',
        value: { fields: { username: 'Input cannot be empty' }, captcha: true },
      }) as unknown as typeof fetch,
    );
    const err = await api.post('/wps/session/login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect([e.status, e.code, e.message]).toEqual([
      400,
      'VALIDATION',
      'The request could not be understood.',
    ]);
    expect(e.fields).toEqual({ username: 'Input cannot be empty' });
    expect(e.value).toMatchObject({ captcha: true });
  });

  it('gives an error without field errors an empty fields map', async () => {
    setup(
      respond(503, {
        success: false,
        code: 'MAINTENANCE',
        message: 'm',
        value: null,
      }) as unknown as typeof fetch,
    );
    const e = (await api.get('/wps/x').catch((x: unknown) => x)) as ApiError;
    expect(e.code).toBe('MAINTENANCE');
    expect(e.fields).toEqual({});
  });

  it('reports a failed connection with the spec message', async () => {
    setup(
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    );
    const e = (await api.get('/wps/x').catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.code).toBe(NETWORK_ERROR);
    expect(e.message).toBe('Network link is abnormal, please try again');
  });

  it('treats a body that is not the envelope (a proxy error page) as a link failure', async () => {
    setup(respond(502, '<html>Bad gateway</html>') as unknown as typeof fetch);
    const e = (await api.get('/wps/x').catch((x: unknown) => x)) as ApiError;
    expect([e.status, e.code]).toEqual([502, NETWORK_ERROR]);
  });

  it('lets an aborted request reject with the abort, not a network error', async () => {
    const controller = new AbortController();
    setup(
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }) as unknown as typeof fetch,
    );
    const e = await api.get('/wps/x', { signal: controller.signal }).catch((x: unknown) => x);
    expect(e).not.toBeInstanceOf(ApiError);
  });

  it('adopts the start-up response the boot script fetched early, once', async () => {
    const fetchMock = respond(200, { success: true, code: 'OK', message: '', value: 'late' });
    setup(fetchMock as unknown as typeof fetch);
    const early = Promise.resolve(
      new Response(JSON.stringify({ success: true, code: 'OK', message: '', value: 'early' }), {
        status: 200,
      }),
    );
    Object.assign(globalThis, { window: { __wpsEarly: { '/wps/system/status': early } } });
    try {
      await expect(api.get('/wps/system/status')).resolves.toBe('early');
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(api.get('/wps/system/status')).resolves.toBe('late');
      expect(fetchMock).toHaveBeenCalledOnce();
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
  });

  it('adopts an early call with a query only for that exact query (the game menus the shell asks for)', async () => {
    const fetchMock = respond(200, { success: true, code: 'OK', message: '', value: 'late' });
    setup(fetchMock as unknown as typeof fetch);
    const early = Promise.resolve(
      new Response(JSON.stringify({ success: true, code: 'OK', message: '', value: 'early' }), {
        status: 200,
      }),
    );
    const key = '/lgw/games/game_menus?platform=html5-desktop';
    Object.assign(globalThis, { window: { __wpsEarly: { [key]: early } } });
    try {
      await expect(api.get('/lgw/games/game_menus', { query: { platform: 'mobile' } })).resolves.toBe('late');
      await expect(api.get('/lgw/games/game_menus')).resolves.toBe('late');
      await expect(api.get('/lgw/games/game_menus', { query: { platform: 'html5-desktop' } })).resolves.toBe(
        'early',
      );
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
  });

  it('never hands an early response to a call with a token, another query or a body', async () => {
    const fetchMock = respond(200, { success: true, code: 'OK', message: '', value: 'fresh' });
    setup(fetchMock as unknown as typeof fetch);
    const early = Promise.resolve(new Response('{}'));
    Object.assign(globalThis, { window: { __wpsEarly: { '/wps/x': early } } });
    try {
      await api.get('/wps/x', { token: 'op' });
      await api.get('/wps/x', { query: { a: 1 } });
      await api.put('/wps/x', {});
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
  });
});
