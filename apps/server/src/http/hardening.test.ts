import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, parseTrustProxy, testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestApp, freshDatabase, type TestApp } from '../test/helper.ts';
import { createMember, createOperator } from '../test/members.ts';
import { redactUrl } from './redact.ts';

/** Every spelling of `token` a query parser decodes to the same name. */
function tokenNameSpellings(): string[] {
  const name = 'token';
  const out = new Set<string>([name, name.toUpperCase(), 'Token']);
  for (let i = 0; i < name.length; i++) {
    const hex = name.charCodeAt(i).toString(16);
    out.add(`${name.slice(0, i)}%${hex}${name.slice(i + 1)}`);
    out.add(`${name.slice(0, i)}%${hex.toUpperCase()}${name.slice(i + 1)}`);
  }
  out.add([...name].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''));
  return [...out];
}

describe('request logs never carry a secret, whatever its spelling', () => {
  let database: Database & { drop(): Promise<void> };
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await freshDatabase();
    app = await buildApp(testConfig({ logLevel: 'info' }), {
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('redacts sensitive query names after decoding them', () => {
    for (const n of tokenNameSpellings()) {
      expect(redactUrl(`/wps/member/info?lang=ne&${n}=SECRET#x`)).toBe(
        `/wps/member/info?lang=ne&${n}=[redacted]#x`,
      );
    }
    expect(redactUrl('/x?pass%77ord=a&tok%ZZ=b&captchaKey=c')).toBe(
      '/x?pass%77ord=[redacted]&tok%ZZ=[redacted]&captchaKey=c',
    );
  });

  it('a token sent in any spelling of the query, or in headers, authenticates but is never logged', async () => {
    const member = await createMember(app);
    lines.length = 0;
    for (const n of tokenNameSpellings()) {
      const res = await app.inject({ method: 'GET', url: `/wps/member/info?${n}=${member.token}` });
      // Only the spelling the parser decodes to `token` authenticates; none may be logged.
      if (decodeURIComponent(n) === 'token') expect(res.statusCode, n).toBe(200);
    }
    for (const headers of [
      { token: member.token },
      { authorization: `Bearer ${member.token}` },
      { cookie: `token=${member.token}` },
    ]) {
      await app.inject({ method: 'GET', url: '/wps/member/info', headers });
    }
    await app.inject({
      method: 'POST',
      url: `/wps/session/login?password=${member.password}`,
      payload: { username: member.account, password: member.password },
    });
    expect(lines.length).toBeGreaterThan(10);
    const leaked = lines.filter((l) => l.includes(member.token) || l.includes(member.password));
    expect(leaked).toEqual([]);
    expect(lines.join('\n')).toContain('%74oken=[redacted]');
  });

  it('keeps an id-shaped x-request-id and replaces anything else', async () => {
    const ask = (id: string) =>
      app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-request-id': id } });
    expect((await ask('support-1234_ab.C')).headers['x-request-id']).toBe('support-1234_ab.C');
    for (const bad of ['x'.repeat(65), 'a b', 'a\u00e9', '<script>', 'id;drop', '../../x', '%41']) {
      const got = (await ask(bad)).headers['x-request-id'];
      expect(got, bad).not.toBe(bad);
      expect(String(got)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('configuration of the HTTP edge', () => {
  it('refuses production without METRICS_TOKEN', () => {
    const prod = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(prod)).toThrow(/METRICS_TOKEN is required/);
    expect(() => loadConfig({ ...prod, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ ...prod, METRICS_TOKEN: 'm'.repeat(24) }).metricsToken).toBe('m'.repeat(24));
  });

  it('listens on 127.0.0.1 in development unless HOST says otherwise, on 0.0.0.0 in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const prod = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), METRICS_TOKEN: 'm'.repeat(24) };
    expect(loadConfig(prod).host).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('takes the age gate as 18 or 21 (SPEC §5), nothing else', () => {
    expect(loadConfig({}).ageMin).toBe(18);
    expect(loadConfig({ AGE_MIN: '21' }).ageMin).toBe(21);
    expect(() => loadConfig({ AGE_MIN: '16' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as no proxy, a hop count or trusted addresses, never "every hop"', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,::1/128,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1/128',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0/8', '1.2.3.4/8/9', '::1/129']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
    }
  });
});

describe('trusted proxies and metrics', () => {
  const ipOf = async (t: TestApp, xff: string, remoteAddress = '127.0.0.1') => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'x-forwarded-for': xff },
      remoteAddress,
    });
    return res.json().value.ip as string;
  };

  it('believes X-Forwarded-For only from a trusted peer, and only as many hops as trusted', async () => {
    const t = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    try {
      // An untrusted peer forges the header: ignored.
      expect(await ipOf(t, '8.8.8.8', '203.0.113.9')).toBe('203.0.113.9');
      // Our proxy forwards a visitor: believed.
      expect(await ipOf(t, '8.8.8.8', '10.1.2.3')).toBe('8.8.8.8');
      // The visitor forged a first hop; our proxy appended the real one: the forgery stays outside.
      expect(await ipOf(t, '1.1.1.1, 8.8.8.8', '10.1.2.3')).toBe('8.8.8.8');
    } finally {
      await t.close();
    }
    const hops = await createTestApp({ trustProxy: 1 });
    try {
      expect(await ipOf(hops, '1.1.1.1, 8.8.8.8', '10.1.2.3')).toBe('8.8.8.8');
    } finally {
      await hops.close();
    }
  });

  it('serves /metrics only with the bearer token when one is set', async () => {
    const t = await createTestApp({ metricsToken: 'metrics-token-0123456789' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-012345678' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(right.statusCode).toBe(200);
      // Each bets-record consumer's backlog and watermark (issue 26).
      await t.app.services.bonusEngine.catchUp();
      expect(right.body).toContain('wps_bets_consumer_lag_rows');
      const again = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(again.body).toMatch(
        /wps_bets_consumer_watermark_age_seconds\{consumer="promotions.wagering"\} \d/,
      );
      // The process's metrics (collected once per process, app-close.test.ts) beside the app's own.
      expect(again.body).toContain('process_cpu_user_seconds_total');
      expect(again.body).toContain('nodejs_eventloop_lag_seconds');
      expect(again.body).toContain('nodejs_gc_duration_seconds');
      expect(again.body).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/metrics",status="401"\} 2/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('strict JSON types across the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('never turns true, "", arrays or objects into numbers; query strings still parse numbers', async () => {
    const member = await createMember(t.app, { paymentPassword: 'Pay@1234' });
    for (const payoutAccountId of [true, false, '', [1], { a: 1 }, '1e0', null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/withdrawals',
        headers: { token: member.token },
        payload: { payoutAccountId, amount: '100.00', paymentPassword: 'Pay@1234' },
      });
      expect(res.statusCode, JSON.stringify(payoutAccountId)).toBe(400);
      expect(res.json().value.fields).toHaveProperty('payoutAccountId');
    }
    for (const channelId of [true, '', ' 1', '0x1', [1]]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/deposits',
        headers: { token: member.token },
        payload: { channelId, amount: '100.00', reference: 'R-1' },
      });
      expect(res.statusCode, JSON.stringify(channelId)).toBe(400);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/wps/wallet/records?pageNo=1&pageSize=5',
      headers: { token: member.token },
    });
    expect(page.statusCode).toBeLessThan(500);
    const operator = await createOperator(t.app, { permissions: ['*'] });
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/cashier/withdrawals?pageNo=2&pageSize=10',
      headers: { token: operator.token },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.pageNum).toBe(2);
  });
});
