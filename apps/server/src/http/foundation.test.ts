import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createOperator } from '../test/members.ts';

/** A stand-in build of the web app, so these tests do not depend on `vite build`. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script>document.documentElement.dataset.theme="dark"</script></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dir, 'game-art', 'INHOUSE'), { recursive: true });
  writeFileSync(
    path.join(dir, 'game-art', 'INHOUSE', 'dice.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  return dir;
}

describe('API skeleton and static serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      webDistDir: fakeWebDist(),
      bodyLimitBytes: 1024,
      imageCdns: ['https://img.cdn.example/x'],
      gameImageOrigins: ['https://thumbs.aggregator.example'],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers unknown /wps paths with the envelope and 404, never the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'The requested resource does not exist.',
      value: null,
    });
    const post = await t.app.inject({ method: 'POST', url: '/wps/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('answers in Nepali when the caller asks for it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/no/such', headers: { lang: 'NE' } });
    expect(res.json().message).toBe('माग गरिएको स्रोत अवस्थित छैन।');
  });

  it('turns malformed JSON, wrong content types and oversized bodies into 4xx envelopes', async () => {
    // The permission guard runs before the body is read: the caller may make this call.
    const { token } = await createOperator(t.app, { permissions: ['system'] });
    const put = (payload: string, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/admin/system/maintenance',
        payload,
        headers: { 'content-type': type, token },
      });
    const bad = await put('{"enabled": tru', 'application/json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION' });

    const wrongType = await put('<x/>', 'application/xml');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await put(JSON.stringify({ enabled: true, message: 'x'.repeat(5000) }), 'application/json');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides server faults behind INTERNAL without a stack', async () => {
    t.app.services.system.invalidate();
    const original = t.app.services.system.status.bind(t.app.services.system);
    t.app.services.system.status = async () => {
      throw new Error('secret connection string postgres://user:pw@host');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        code: 'INTERNAL',
        message: 'An unknown error occured.',
        value: null,
      });
      expect(res.body).not.toMatch(/secret|postgres|at /);
    } finally {
      t.app.services.system.status = original;
    }
  });

  it('serves SPEC §2 routes with index.html (history mode), uncached', async () => {
    for (const url of [
      '/',
      '/promotions',
      '/rng?vassalage=INHOUSE',
      '/agentHome',
      '/vnLottery?gameCode=x',
      '/admin/deposits',
      '/terms',
      '/privacy',
      '/responsible-gaming',
      '/about',
      '/download/ios',
      '/download/android',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('gives unknown pages the SPA with 404 and missing assets a plain 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/download/windows' })).statusCode).toBe(404);
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
  });

  it('serves hashed assets precompressed and immutable', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('serves the drawn game artwork as static files cached for good (their URLs carry a version)', async () => {
    const art = await t.app.inject({ method: 'GET', url: '/game-art/INHOUSE/dice.svg?v=0123456789' });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(art.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sets security headers with a CSP limited to our origin, configured CDNs and the inline theme script hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain('img-src');
    expect(csp).toContain('https://img.cdn.example');
    // A game vendor's pictures (an aggregator's thumbnails) may be shown (issue 27).
    expect(csp).toContain('https://thumbs.aggregator.example');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sets the same security headers on API answers and on not-found answers', async () => {
    for (const url of ['/wps/system/status', '/wps/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('publishes OpenAPI generated from the route schemas at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/wps/system/status');
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('exposes health and Prometheus metrics', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('route="/wps/system/status"');
  });

  it('echoes a request id for log correlation', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const gen = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(gen.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});
