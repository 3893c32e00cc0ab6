import { SPEC } from '@wps/contract';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterLogin, destinationAfterLogin, safeReturnPath } from './after-login.ts';
import { createThrottle, newCaptchaKey } from './captcha.ts';
import { type AltchaChallenge, encodeAltchaPayload, stillFresh } from './human-check.ts';
import { parseRemembered, pickRemembered, serializeRemembered } from './remember-me.ts';
import { solveAltchaHere } from './solve-here.ts';

describe('remember-me (SPEC §9, never the password)', () => {
  const now = 1_700_000_000_000;

  it('keeps the username and the SMS number with its dialing code for one day', () => {
    const raw = serializeRemembered(
      { username: 'demo01', countryDialingCode: '977', mobileNum: '9800000001' },
      now,
    );
    expect(parseRemembered(raw, now + SPEC.rememberMeMs - 1)).toEqual({
      username: 'demo01',
      countryDialingCode: '977',
      mobileNum: '9800000001',
    });
    expect(parseRemembered(raw, now + SPEC.rememberMeMs)).toBeNull();
  });

  it('never stores a password, whatever it is handed (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ maxLength: 20 }),
        (password, username) => {
          const raw = serializeRemembered({ username, password } as never, now);
          expect(JSON.parse(raw)).not.toHaveProperty('password');
          expect(Object.keys(JSON.parse(raw)).every((k) => ['username', 'expiresAt'].includes(k))).toBe(true);
        },
      ),
    );
    expect(pickRemembered({ username: 'a', password: 'Demo@1234', pass: 'x' })).toEqual({ username: 'a' });
  });

  it('drops junk, tampered expiry and over-long values', () => {
    expect(parseRemembered('{not json', now)).toBeNull();
    expect(
      parseRemembered(JSON.stringify({ username: 'a', expiresAt: now + 10 * SPEC.rememberMeMs }), now),
    ).toBeNull();
    expect(
      parseRemembered(JSON.stringify({ username: 'x'.repeat(500), expiresAt: now + 1000 }), now),
    ).toBeNull();
  });
});

describe('image captcha', () => {
  it('names captchas with keys the server accepts (16-64 URL-safe characters)', () => {
    for (let i = 0; i < 50; i++) expect(newCaptchaKey()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refreshes at most once a second', () => {
    const allow = createThrottle(SPEC.captchaRefreshMinMs);
    expect(allow(10_000)).toBe(true);
    expect(allow(10_500)).toBe(false);
    expect(allow(10_999)).toBe(false);
    expect(allow(11_000)).toBe(true);
  });
});

describe('after login (SPEC §4)', () => {
  const value = {
    token: 't',
    userName: 'u',
    account: 'u',
    customerId: 1,
    nickname: null,
    type: 0,
    isAgent: false,
    isTrial: false,
    firstTimeLogin: false,
    passwordExpired: false,
    forceChangePassword: false,
    secondVerification: null,
  };

  it('forces the change for default or expired passwords, never after an SMS login', () => {
    expect(afterLogin(value, 'username')).toEqual({ kind: 'done' });
    expect(afterLogin({ ...value, forceChangePassword: true }, 'username')).toEqual({ kind: 'forceChange' });
    expect(afterLogin({ ...value, passwordExpired: true }, 'username')).toEqual({ kind: 'forceChange' });
    expect(afterLogin({ ...value, forceChangePassword: true }, 'sms')).toEqual({ kind: 'done' });
  });

  it('asks for the second verification when no token came back', () => {
    const challenge = {
      ticket: 'x',
      methods: ['sms' as const],
      mobileNum: '98**01',
      email: null,
      expiresInSeconds: 600,
    };
    expect(afterLogin({ ...value, token: null, secondVerification: challenge }, 'username')).toEqual({
      kind: 'secondVerification',
      challenge,
    });
  });

  it('sends agents to /agentHome from the agent page and guests back where they were heading', () => {
    expect(destinationAfterLogin({ portal: 'agent', isAgent: true, returnTo: null })).toBe('/agentHome');
    expect(destinationAfterLogin({ portal: 'player', isAgent: true, returnTo: '/member' })).toBe('/member');
    expect(safeReturnPath('/member?page=withdraw')).toBe('/member?page=withdraw');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', '/login', 42, null])
      expect(safeReturnPath(bad)).toBeNull();
  });
});

describe('ALTCHA in the browser', () => {
  it('solves a server challenge with Web Crypto, and the server verifies the encoded payload', async () => {
    const secret = 'test-secret';
    const challenge = (await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3_000,
      deriveKey,
      expiresAt: new Date(Date.now() + 600_000),
      hmacSignatureSecret: secret,
    })) as unknown as AltchaChallenge;
    const solution = await solveAltchaHere(challenge);
    const payload = encodeAltchaPayload(challenge, solution);
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    expect(result.verified).toBe(true);
    expect(stillFresh(challenge, Date.now())).toBe(true);
    expect(stillFresh(challenge, Date.now() + 600_000)).toBe(false);
  });
});
