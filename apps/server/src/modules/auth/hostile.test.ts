import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseError } from '../../http/error-handler.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';

/**
 * Hostile input against every identity call: wrong types, huge and odd strings, SQL- and
 * template-looking text, broken JSON, wrong content types, forged tokens. Whatever comes in,
 * the answer is a 4xx (or 2xx) envelope, never a 500.
 */
const KEYS = [
  'username',
  'password',
  'type',
  'mobileNum',
  'mobileNo',
  'countryDialingCode',
  'verificationCode',
  'captcha',
  'captchaKey',
  'altcha',
  'ticket',
  'method',
  'payeeName',
  'confirmPassword',
  'email',
  'terms',
  'ageConfirmed',
  'login',
  'affiliateCode',
  'referralCode',
  'data',
  'newPassword',
  'oldPassword',
  'confirmNewPassword',
  'paymentPassword',
  'oldPaymentPassword',
  'confirmPaymentPassword',
  'domain',
  'registerUrl',
  'os',
  'platform',
] as const;

const NASTY = [
  "' OR 1=1 --",
  "'; DROP TABLE members; --",
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u202e\u0301\ud83d\ude00',
  'ﷺ'.repeat(50),
  '{secret}',
  'sms',
  'payeeName',
  'A'.repeat(300),
  '९८०००००००१',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...NASTY),
  fc.integer({ min: 0, max: 3 }).map((n) => 'x'.repeat([1_000, 10_000, 100_000, 300_000][n]!)),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...KEYS), text, { maxKeys: 3 }),
);
const body: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 }) },
  fc.anything({ maxDepth: 2 }),
  fc.record({ data: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 4 }) }),
);
type Raw = { payload: string; contentType: string };
const raw: fc.Arbitrary<Raw> = fc.record({
  payload: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', 'a=1&a=2&b[]=3'),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
  ),
});

type Route = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; auth?: 'member' | 'agent' };
const ROUTES: Route[] = [
  { method: 'POST', url: '/wps/session/login' },
  { method: 'POST', url: '/wps/session/login/agent' },
  { method: 'POST', url: '/wps/session/login/verification/send' },
  { method: 'POST', url: '/wps/session/login/verification' },
  { method: 'POST', url: '/wps/session/login/freeplay' },
  { method: 'POST', url: '/wps/admin/session/login' },
  { method: 'PUT', url: '/wps/member/register' },
  { method: 'PUT', url: '/wps/member/register/mobile' },
  { method: 'POST', url: '/wps/member/password', auth: 'member' },
  { method: 'POST', url: '/wps/member/password/email' },
  { method: 'POST', url: '/wps/member/password/verification' },
  { method: 'POST', url: '/wps/member/security/mobile/code', auth: 'member' },
  { method: 'PUT', url: '/wps/member/security/mobile', auth: 'member' },
  { method: 'POST', url: '/wps/member/security/email/code', auth: 'member' },
  { method: 'PUT', url: '/wps/member/security/email', auth: 'member' },
  { method: 'PUT', url: '/wps/member/security/paymentPassword', auth: 'member' },
  { method: 'POST', url: '/wps/verification/sms/login' },
  { method: 'POST', url: '/wps/verification/sms/noLogin' },
  { method: 'POST', url: '/wps/verification/sms/register' },
];
const GETS = [
  '/wps/captcha',
  '/wps/agent/affiliate',
  '/wps/member/info',
  '/wps/agent/downline',
  '/wps/country/codes',
];

function expectEnvelope(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
  const json = JSON.parse(res.body);
  expect(typeof json.success, what).toBe('boolean');
  expect(typeof json.code, what).toBe('string');
  expect(typeof json.message, what).toBe('string');
}

for (const humanCheck of [false, true]) {
  describe(`hostile input (HUMAN_CHECK ${humanCheck ? 'on' : 'off'})`, () => {
    let t: TestApp;
    let app: FastifyInstance;
    const tokens: Record<string, string> = {};
    let ip = 0;
    const nextIp = () => `100.64.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

    beforeAll(async () => {
      t = await createTestApp({ trustProxy: true, humanCheck });
      app = t.app;
      tokens.member = (await createMember(app, { password: 'Fuzz12345' })).token;
      tokens.agent = (await createMember(app, { type: 1 })).token;
    });
    afterAll(async () => {
      await t.close();
    });

    for (const route of ROUTES) {
      it(`${route.method} ${route.url}: JSON bodies of any shape`, async () => {
        await fc.assert(
          fc.asyncProperty(body, async (payload) => {
            const res = await app.inject({
              method: route.method,
              url: route.url,
              payload: JSON.stringify(payload),
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': nextIp(),
                ...(route.auth ? { token: tokens[route.auth]! } : {}),
              },
            });
            expectEnvelope(res, `${route.url} ${String(JSON.stringify(payload)).slice(0, 120)}`);
          }),
          { numRuns: 25 },
        );
      });

      it(`${route.method} ${route.url}: broken bodies and content types`, async () => {
        await fc.assert(
          fc.asyncProperty(raw, async ({ payload, contentType }) => {
            const res = await app.inject({
              method: route.method,
              url: route.url,
              payload,
              headers: {
                'content-type': contentType,
                'x-forwarded-for': nextIp(),
                ...(route.auth ? { token: tokens[route.auth]! } : {}),
              },
            });
            expectEnvelope(res, `${route.url} ${contentType} ${payload.slice(0, 80)}`);
          }),
          { numRuns: 10 },
        );
      });
    }

    it('GET calls with hostile query strings and tokens', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...GETS),
          fc.dictionary(fc.constantFrom('code', 'domain', 'captchaKey', 'token', 'language'), text, {
            maxKeys: 3,
          }),
          fc.option(text),
          async (url, query, token) => {
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const res = await app.inject({
              method: 'GET',
              url: `${url}${qs ? `?${qs}` : ''}`,
              headers: { 'x-forwarded-for': nextIp(), ...(token ? { token: token.slice(0, 4_000) } : {}) },
            });
            expectEnvelope(res, `${url}?${qs.slice(0, 100)}`);
          },
        ),
        { numRuns: 80 },
      );
    });

    it('forged and odd tokens are simply anonymous', async () => {
      for (const token of ['', ' ', 'null', 'Bearer', 'x'.repeat(43), 'x'.repeat(10_000), "' OR 1=1 --"]) {
        for (const headers of [{ token }, { authorization: `Bearer ${token}` }, { authorization: token }]) {
          const res = await app.inject({ method: 'GET', url: '/wps/member/info', headers });
          expect(res.statusCode, JSON.stringify(headers).slice(0, 60)).toBe(401);
        }
      }
    });

    it('NUL and unpaired surrogates are refused before they reach the database', async () => {
      for (const bad of ['a\u0000b', '\ud800', 'x\udfffy']) {
        const res = await app.inject({
          method: 'POST',
          url: '/wps/session/login',
          payload: { username: bad, password: bad },
          headers: { 'x-forwarded-for': nextIp() },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().value.fields.username).toBe('The request could not be understood.');
      }
      const q = await app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=%00' });
      expect(q.statusCode).toBe(400);
    });

    it('a huge body is refused as too large', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: JSON.stringify({ username: 'a'.repeat(2_000_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
    });
  });
}

describe('database refusals of client text', () => {
  it('are a 400, wherever a NUL byte slips past a schema', () => {
    for (const code of ['22021', '22P05']) {
      const wrapped = Object.assign(new Error('query failed'), {
        cause: Object.assign(new Error('pg'), { code }),
      });
      expect(parseError(wrapped).status).toBe(400);
    }
    expect(parseError(Object.assign(new Error('x'), { code: '40001' })).status).toBe(500);
  });
});
