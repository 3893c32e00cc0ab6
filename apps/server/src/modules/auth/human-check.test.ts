import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { solveAltcha } from '../../test/identity.ts';
import { createMember } from '../../test/members.ts';
import { CAPTCHA_AFTER_ACCOUNT_FAILURES } from './failures.ts';
import { encodeAltchaPayload } from './human-check.ts';

/** HUMAN_CHECK on: ALTCHA on login / SMS / register, image captcha after failed logins. */
let t: TestApp;
let app: FastifyInstance;
let ipSeq = 0;
const nextIp = () => `203.0.113.${(ipSeq++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, humanCheck: true });
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

const login = (body: Record<string, unknown>, ip = nextIp()) =>
  app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: body,
    headers: { 'x-forwarded-for': ip },
  });

/** Fetch a captcha under a fresh key and read its answer straight from the service's drawing. */
async function captchaFor(key = `k${Math.random().toString(36).slice(2)}${'x'.repeat(16)}`) {
  const res = await app.inject({ method: 'GET', url: `/wps/captcha?captchaKey=${key}` });
  expect(res.statusCode).toBe(200);
  return { key, image: res.json().value as string };
}

describe('ALTCHA human check', () => {
  it('serves a signed challenge', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/captcha/altcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = res.json().value;
    expect(v).toMatchObject({ enabled: true, parameters: { algorithm: 'SHA-256' } });
    expect(typeof v.signature).toBe('string');
  });

  it('requires a solved challenge on the password login', async () => {
    const m = await createMember(app, { password: 'Human1234' });
    const missing = await login({ username: m.account, password: 'Human1234' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'HUMAN_CHECK_FAILED',
      message: 'Please complete verification first',
    });
    const ok = await login({ username: m.account, password: 'Human1234', altcha: await solveAltcha(app) });
    expect(ok.statusCode).toBe(200);
  });

  it('failed human checks do not spend a number’s SMS quota: nobody can block a player’s SMS login', async () => {
    await createMember(app, { countryDialingCode: '977', mobileNum: '9877771234' });
    const sms = (altcha: string | undefined, ip = nextIp()) =>
      app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '9877771234', ...(altcha ? { altcha } : {}) },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 6; i++) expect((await sms(undefined)).json().code).toBe('HUMAN_CHECK_FAILED');
    const real = await sms(await solveAltcha(app));
    expect(real.statusCode).toBe(200);
  });

  it('accepts each solution once (replay refused)', async () => {
    const m = await createMember(app, { password: 'Human1234' });
    const altcha = await solveAltcha(app);
    expect((await login({ username: m.account, password: 'Human1234', altcha })).statusCode).toBe(200);
    const replay = await login({ username: m.account, password: 'Human1234', altcha });
    expect(replay.json().code).toBe('HUMAN_CHECK_FAILED');
  });

  it('refuses forged, tampered and garbage payloads', async () => {
    const m = await createMember(app, { password: 'Human1234' });
    const good = JSON.parse(Buffer.from(await solveAltcha(app), 'base64').toString());
    const tampered = encodeAltchaPayload({
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: '00' } },
    });
    const wrongKey = encodeAltchaPayload({
      ...good,
      solution: {
        ...good.solution,
        derivedKey: `${good.solution.derivedKey[0] === 'f' ? '0' : 'f'}${good.solution.derivedKey.slice(1)}`,
      },
    });
    for (const altcha of [
      tampered,
      wrongKey,
      'not-base64!!',
      Buffer.from('{"challenge":1}').toString('base64'),
      Buffer.from('null').toString('base64'),
      'A'.repeat(7_999),
    ]) {
      const res = await login({ username: m.account, password: 'Human1234', altcha });
      expect(res.statusCode, altcha.slice(0, 20)).toBe(400);
      expect(res.json().code).toBe('HUMAN_CHECK_FAILED');
    }
  });

  it('is not asked on the SMS login (SPEC: skipped for SMS)', async () => {
    await createMember(app, { countryDialingCode: '977', mobileNum: '9833330001' });
    const send = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/login',
      payload: { mobileNum: '9833330001', countryDialingCode: '977' },
    });
    expect(send.json().code).toBe('HUMAN_CHECK_FAILED');
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/login',
      payload: { mobileNum: '9833330001', countryDialingCode: '977', altcha: await solveAltcha(app) },
    });
    expect(sent.statusCode).toBe(200);
    await t.app.services.auth.settle(); // the code is sent after the answer
    const [msg] = await t.app.services.verification.outbox({ recipient: '+977 9833330001' });
    const code = /(\d{6})/.exec(msg!.body)![1];
    const res = await login({
      type: 'sms',
      mobileNum: '9833330001',
      countryDialingCode: '977',
      verificationCode: code,
    });
    expect(res.statusCode).toBe(200);
  });

  it('is required on registration', async () => {
    const body = {
      username: 'humanreg1',
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd1',
      terms: true,
      ageConfirmed: true,
    };
    const res = await app.inject({ method: 'PUT', url: '/wps/member/register', payload: body });
    expect(res.json().code).toBe('HUMAN_CHECK_FAILED');
    const ok = await app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { ...body, altcha: await solveAltcha(app) },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('image captcha', () => {
  it('draws an SVG as a base64 data URL and hands out a key when none is given', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/captcha' });
    expect(res.json().value).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
    expect(res.headers['captcha-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(Buffer.from(res.json().value.split(',')[1], 'base64').toString()).toContain('<svg');
    const bad = await app.inject({ method: 'GET', url: '/wps/captcha?captchaKey=short' });
    expect(bad.statusCode).toBe(400);
  });

  it(`appears after ${CAPTCHA_AFTER_ACCOUNT_FAILURES} failed logins (value.captcha = true), then must be answered`, async () => {
    const m = await createMember(app, { password: 'Right1234' });
    const attempt = async (extra: Record<string, unknown> = {}, password = 'wrong-pass') =>
      login({ username: m.account, password, altcha: await solveAltcha(app), ...extra });

    expect((await attempt()).json().value).toBeNull();
    expect((await attempt()).json().value).toBeNull();
    const third = await attempt();
    expect(third.json()).toMatchObject({ code: 'UNAUTHORIZED', value: { captcha: true } });

    const noCaptcha = await attempt({}, 'Right1234');
    expect(noCaptcha.json()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Please enter the image code',
      value: { captcha: true },
    });

    const { key } = await captchaFor();
    const wrong = await attempt({ captchaKey: key, captcha: 'zzzz' }, 'Right1234');
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });

    const fresh = await captchaFor();
    const answer = (await t.app.services.auth.captcha.create(fresh.key)).text;
    const ok = await attempt({ captchaKey: fresh.key, captcha: answer.toUpperCase() }, 'Right1234');
    expect(ok.statusCode).toBe(200);
    // A successful login clears the streak: no captcha next time.
    expect((await attempt({}, 'Right1234')).statusCode).toBe(200);
  });

  it('is single use, expires, and a refresh under the same key replaces the answer', async () => {
    const { captcha } = t.app.services.auth;
    const key = `single${'y'.repeat(20)}`;
    await captcha.create(key);
    const refreshed = await captcha.create(key);
    expect(await captcha.verify(key, refreshed.text)).toBe(true);
    expect(await captcha.verify(key, refreshed.text)).toBe(false);

    const key2 = `expire${'z'.repeat(20)}`;
    const c = await captcha.create(key2);
    await t.database.query(`update captchas set expires_at = now() - interval '1 second' where key = $1`, [
      key2,
    ]);
    expect(await captcha.verify(key2, c.text)).toBe(false);

    // A wrong answer also uses it up: one image, one guess.
    const key3 = `oneguess${'w'.repeat(20)}`;
    const c3 = await captcha.create(key3);
    expect(await captcha.verify(key3, `${c3.text}x`)).toBe(false);
    expect(await captcha.verify(key3, c3.text)).toBe(false);
  });

  it('is required on registration when the captcha register setting is enabled', async () => {
    const { system } = t.app.services;
    const rule = (await system.registerSettings()).find((r) => r.field === 'captcha')!;
    await system.updateRegisterRule({ ...rule, enabled: true, required: true });
    try {
      const body = {
        username: 'capreg01',
        password: 'Passw0rd1',
        confirmPassword: 'Passw0rd1',
        terms: true,
        ageConfirmed: true,
      };
      const res = await app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        payload: { ...body, altcha: await solveAltcha(app) },
      });
      expect(res.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      const { key } = await captchaFor();
      const answer = (await t.app.services.auth.captcha.create(key)).text;
      const ok = await app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        payload: { ...body, altcha: await solveAltcha(app), captchaKey: key, captcha: answer },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await system.updateRegisterRule(rule);
    }
  });
});
