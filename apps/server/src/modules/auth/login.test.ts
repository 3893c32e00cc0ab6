import { SPEC } from '@wps/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { lastCode } from '../../test/identity.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { members } from '../members/schema.ts';
import { DELAY_AFTER_FAILURES, FIRST_DELAY_SECONDS, LOCK_MINUTES, pairKey } from './failures.ts';
import { loginAudit, sessions } from './schema.ts';

let t: TestApp;
let app: FastifyInstance;
let ipSeq = 0;
/** A fresh client address per call site, so per-IP limits of one test never leak into another. */
const nextIp = () => `203.0.113.${(ipSeq++ % 250) + 1}`;
let acctSeq = 0;
const nextAccount = (p = 'lg') => `${p}${Date.now().toString(36)}${acctSeq++}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

const login = (body: Record<string, unknown>, ip = nextIp(), url = '/wps/session/login', lang = 'en') =>
  app.inject({ method: 'POST', url, payload: body, headers: { 'x-forwarded-for': ip, lang } });
const info = (headers: Record<string, string>, url = '/wps/member/info') =>
  app.inject({ method: 'GET', url, headers });

describe('login with username and password', () => {
  it('returns a 256-bit token and the login value, and the token works in all three places', async () => {
    const m = await createMember(app, { account: nextAccount(), password: 'Secret123' });
    const res = await login({ username: m.account, password: 'Secret123' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      userName: m.account,
      customerId: m.id,
      isAgent: false,
      isTrial: false,
      firstTimeLogin: true,
      passwordExpired: false,
      forceChangePassword: false,
      secondVerification: null,
    });
    expect(Buffer.from(v.token, 'base64url')).toHaveLength(32);

    expect((await info({ token: v.token })).json().value.account).toBe(m.account);
    expect((await info({ authorization: `Bearer ${v.token}` })).statusCode).toBe(200);
    expect((await info({}, `/wps/member/info?token=${v.token}`)).statusCode).toBe(200);
    const anon = await info({ token: 'x'.repeat(43) });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please login to the user account' });
  });

  it('answers loginV2 (SPEC §7) as login: same value, same refusals, same failure count', async () => {
    const m = await createMember(app, { account: nextAccount(), password: 'Secret123' });
    const ip = nextIp();
    const wrong = await login({ username: m.account, password: 'Wrong1234' }, ip, '/wps/session/loginV2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Incorrect username or password');
    const res = await login({ username: m.account, password: 'Secret123' }, ip, '/wps/session/loginV2');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: m.account, customerId: m.id });
    expect((await info({ token: res.json().value.token })).json().value.account).toBe(m.account);
    const op = await createOperator(app, { permissions: ['*'] });
    const asOperator = await login(
      { username: op.account, password: op.password },
      nextIp(),
      '/wps/session/loginV2',
    );
    expect(asOperator.json().message).toBe('Incorrect username or password');
  });

  it('stores only the SHA-256 of the token', async () => {
    const m = await createMember(app, { account: nextAccount() });
    const v = (await login({ username: m.account, password: m.password })).json().value;
    const rows = await t.database.query('select token_hash from sessions where member_id = $1', [m.id]);
    expect(rows.some((r) => r.token_hash === v.token)).toBe(false);
    const { createHash } = await import('node:crypto');
    const h = createHash('sha256').update(v.token).digest('hex');
    expect(rows.some((r) => r.token_hash === h)).toBe(true);
  });

  it('treats usernames case-insensitively and trims them', async () => {
    const m = await createMember(app, { account: nextAccount(), password: 'Secret123' });
    const res = await login({ username: `  ${m.account.toUpperCase()} `, password: 'Secret123' });
    expect(res.statusCode).toBe(200);
  });

  it('requires username and password with the spec message, in English and Nepali', async () => {
    const en = await login({ username: ' ', password: '' });
    expect(en.statusCode).toBe(400);
    expect(en.json().value.fields).toEqual({
      username: 'Input cannot be empty',
      password: 'Input cannot be empty',
    });
    const ne = await login({}, nextIp(), '/wps/session/login', 'ne');
    expect(ne.json().value.fields.username).toBe('इनपुट खाली हुन सक्दैन');
  });

  it('answers a wrong password and an unknown user identically (no enumeration)', async () => {
    const m = await createMember(app, { account: nextAccount() });
    const wrong = await login({ username: m.account, password: 'nope-nope-1' });
    const unknown = await login({ username: nextAccount('ghost'), password: 'nope-nope-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Incorrect username or password' });
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    const time = async (username: string) => {
      const start = process.hrtime.bigint();
      await login({ username, password: 'nope-nope-1' });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    // A fresh account per sample: from the third failure an account asks for the captcha before any
    // password is checked, which would make a reused account's later samples fast for another reason.
    const freshAccount = async () => (await createMember(app, { account: nextAccount() })).account;
    // Warm up, then compare medians: both paths run exactly one argon2 verification.
    await time(await freshAccount());
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(await freshAccount()));
      unknown.push(await time(nextAccount('ghost')));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('audits every attempt with IP, user agent and result', async () => {
    const m = await createMember(app, { account: nextAccount() });
    const ip = nextIp();
    await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.account, password: 'bad-password-1' },
      headers: { 'x-forwarded-for': ip, 'user-agent': 'AuditBot/1.0' },
    });
    await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.account, password: m.password },
      headers: { 'x-forwarded-for': ip, 'user-agent': 'AuditBot/1.0' },
    });
    const rows = await t.app.services.auth.auditTrail({ account: m.account });
    expect(rows.map((r) => r.result)).toEqual(['ok', 'bad_password']);
    expect(rows[0]).toMatchObject({ ip, userAgent: 'AuditBot/1.0', portal: 'player', memberId: m.id });
    const unknownName = nextAccount('ghost');
    await login({ username: unknownName, password: 'whatever1' });
    const [ghost] = await t.app.services.auth.auditTrail({ account: unknownName });
    expect(ghost).toMatchObject({ result: 'bad_password', memberId: null });
  });

  it('limits attempts per account to 10 a minute from one address (429 RATE_LIMITED), not from others', async () => {
    const name = nextAccount('ghost');
    const ip = nextIp();
    const results: number[] = [];
    for (let i = 0; i < 10; i++)
      results.push((await login({ username: name, password: `bad${i}` }, ip)).statusCode);
    expect(results.every((s) => s === 401 || s === 423)).toBe(true);
    expect((await login({ username: name, password: 'bad' }, nextIp())).statusCode).toBe(401);
    const last = await login({ username: name, password: 'bad' }, ip);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again after 5 minutes.',
    });
    const rows = await t.app.services.auth.auditTrail({ account: name });
    expect(rows[0]!.result).toBe('rate_limited');
  });

  it('limits attempts per IP (LOGIN_IP_LIMIT_PER_MINUTE) across accounts', async () => {
    const ip = '198.51.100.77';
    let status = 0;
    for (let i = 0; i <= t.app.config.loginIpLimitPerMinute; i++) {
      status = (await login({ username: nextAccount('spray'), password: 'x' }, ip)).statusCode;
    }
    expect(status).toBe(429);
    // Another address is unaffected.
    expect((await login({ username: nextAccount('spray'), password: 'x' })).statusCode).toBe(401);
  });

  it(`holds back only the failing address, from the ${DELAY_AFTER_FAILURES}th failure on, with growing delays`, async () => {
    const m = await createMember(app, { account: nextAccount(), password: 'Right1234' });
    const attacker = nextIp();
    const results = [];
    for (let i = 0; i < DELAY_AFTER_FAILURES + 1; i++)
      results.push(await login({ username: m.account, password: `wrong-${i}` }, attacker));
    expect(results.slice(0, DELAY_AFTER_FAILURES).map((r) => r.statusCode)).toEqual(
      Array(DELAY_AFTER_FAILURES).fill(401),
    );
    const held = results[DELAY_AFTER_FAILURES]!;
    expect(held.statusCode).toBe(423);
    expect(held.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed attempts. The account is locked, please try again after 1 minutes.',
    });
    // Even the right password waits from that address…
    expect((await login({ username: m.account, password: 'Right1234' }, attacker)).statusCode).toBe(423);
    // …while the owner signs in from theirs at once.
    expect((await login({ username: m.account, password: 'Right1234' })).statusCode).toBe(200);
    // Each further failure doubles the wait (15 s, 30 s, … capped at 15 minutes).
    const key = pairKey('member', m.account, attacker);
    const waitOf = async () => {
      const [row] = await t.database.query(
        `select extract(epoch from locked_until - last_failed_at)::int as s from login_failures where key = $1`,
        [key],
      );
      return Number(row!.s);
    };
    expect(await waitOf()).toBe(FIRST_DELAY_SECONDS);
    const expire = () =>
      t.database.query(
        `update login_failures set locked_until = now() - interval '1 second' where key = $1`,
        [key],
      );
    await expire();
    expect((await login({ username: m.account, password: 'wrong-x' }, attacker)).statusCode).toBe(401);
    expect(await waitOf()).toBe(FIRST_DELAY_SECONDS * 2);
    for (let i = 0; i < 8; i++) {
      await expire();
      await t.app.services.auth.failures.reservePair(key);
    }
    expect(await waitOf()).toBe(LOCK_MINUTES * 60);
    // Unknown accounts are held back the same way (a delay must not reveal that a name exists).
    const ghost = nextAccount('ghost');
    const ghostIp = nextIp();
    let last = 0;
    for (let i = 0; i <= DELAY_AFTER_FAILURES; i++)
      last = (await login({ username: ghost, password: 'x' }, ghostIp)).statusCode;
    expect(last).toBe(423);
  });

  it('never asks for a captcha while HUMAN_CHECK is off', async () => {
    const m = await createMember(app, { account: nextAccount() });
    let res = await login({ username: m.account, password: 'bad-1' });
    for (let i = 0; i < 4; i++) res = await login({ username: m.account, password: 'bad-1' });
    expect(res.json().value).toBeNull();
    expect((await login({ username: m.account, password: m.password })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the token; logout without one is refused', async () => {
    const m = await createMember(app);
    expect((await info({ token: m.token })).statusCode).toBe(200);
    const out = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { token: m.token },
    });
    expect(out.statusCode).toBe(200);
    expect((await info({ token: m.token })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/wps/session/logout' })).statusCode).toBe(401);
  });

  it('expires after the idle time and after the absolute lifetime', async () => {
    const idle = await createMember(app);
    const idleMinutes = t.app.config.sessionIdleMinutes;
    await t.database.query(
      `update sessions set last_seen_at = now() - make_interval(mins => $1) where member_id = $2`,
      [idleMinutes + 1, idle.id],
    );
    expect((await info({ token: idle.token })).statusCode).toBe(401);

    const old = await createMember(app);
    await t.database.query(
      `update sessions set expires_at = now() - interval '1 second' where member_id = $1`,
      [old.id],
    );
    expect((await info({ token: old.token })).statusCode).toBe(401);
  });

  it('keeps an active session alive by refreshing its last-seen time', async () => {
    const m = await createMember(app);
    await t.database.query(
      `update sessions set last_seen_at = now() - interval '10 minutes' where member_id = $1`,
      [m.id],
    );
    expect((await info({ token: m.token })).statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select({ age: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})` })
      .from(sessions)
      .where(eq(sessions.memberId, m.id));
    expect(Number(row!.age)).toBeLessThan(60);
  });

  it('ends the sessions of a disabled member', async () => {
    const m = await createMember(app);
    await t.app.services.members.setStatus(m.id, 'disabled');
    expect((await info({ token: m.token })).statusCode).toBe(401);
  });
});

describe('player protection is wired or nothing starts', () => {
  it('refuses to start, and refuses a sign-in, without the late-bound protection hooks (fail closed)', async () => {
    const auth = t.app.services.auth;
    const guard = auth.loginGuard;
    try {
      auth.loginGuard = null;
      expect(() => auth.assertWired()).toThrow(/loginGuard is not bound/);
      const m = await createMember(app, { account: nextAccount(), password: 'Player123' });
      const res = await login({ username: m.account, password: 'Player123' }, nextIp());
      expect(res.statusCode).toBe(500);
      expect(res.json().value?.token).toBeUndefined();
    } finally {
      auth.loginGuard = guard;
    }
    expect(() => auth.assertWired()).not.toThrow();
  });
});

describe('roles and portals', () => {
  it('answers an operator account on the player and agent logins as any wrong pair, right password or not', async () => {
    const op = await createOperator(app, { permissions: ['*'], password: 'Oper@1234' });
    // Issue 28: the right operator password answered 403 "non-member", a wrong one 401, so the
    // player door told anyone when an operator's password was guessed.
    for (const url of ['/wps/session/login', '/wps/session/login/agent']) {
      const right = await login({ username: op.account, password: 'Oper@1234' }, nextIp(), url);
      const wrong = await login({ username: op.account, password: 'guess' }, nextIp(), url);
      expect(right.statusCode, url).toBe(wrong.statusCode);
      expect(right.json(), url).toEqual(wrong.json());
      expect(right.json().message).toBe('Incorrect username or password');
    }
  });

  it('lets only agents through the agent login', async () => {
    const player = await createMember(app, { account: nextAccount(), password: 'Player123' });
    const refused = await login(
      { username: player.account, password: 'Player123' },
      nextIp(),
      '/wps/session/login/agent',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Non-agents cannot log in');
    const ne = await login(
      { username: player.account, password: 'Player123' },
      nextIp(),
      '/wps/session/login/agent',
      'ne',
    );
    expect(ne.json().message).toBe('एजेन्ट नभएकाहरू लगइन गर्न सक्दैनन्');
    for (const type of [1, 2, 41, 42]) {
      const a = await createMember(app, { account: nextAccount(), password: 'Agent1234', type });
      const ok = await login(
        { username: a.account, password: 'Agent1234' },
        nextIp(),
        '/wps/session/login/agent',
      );
      expect(ok.statusCode, `type ${type}`).toBe(200);
      expect(ok.json().value.isAgent).toBe(true);
    }
  });

  it('gives the principal the role of the member type', async () => {
    for (const [type, role] of [
      [0, 'player'],
      [4, 'trial'],
      [1, 'agent'],
      [42, 'agent'],
    ] as const) {
      const m = await createMember(app, { type });
      const s = await t.app.services.auth.sessions.resolve(m.token);
      expect(s?.principal.role).toBe(role);
    }
  });

  it('keeps member and operator tokens apart', async () => {
    const m = await createMember(app);
    const op = await createOperator(app, { permissions: ['cashier'] });
    expect((await info({ token: op.token })).statusCode).toBe(403);
    expect((await info({ token: m.token }, '/wps/admin/session/me')).statusCode).toBe(403);
    const me = await info({ token: op.token }, '/wps/admin/session/me');
    expect(me.json().value).toMatchObject({ id: op.id, account: op.account, permissions: ['cashier'] });
  });

  it('signs operators in and out on their own endpoints, with the same lock as members', async () => {
    const op = await createOperator(app, { permissions: ['system'], password: 'Oper@1234' });
    const res = await login(
      { username: op.account, password: 'Oper@1234' },
      nextIp(),
      '/wps/admin/session/login',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ account: op.account, permissions: ['system'] });
    const token = res.json().value.token as string;
    expect((await info({ token }, '/wps/admin/session/me')).statusCode).toBe(200);
    const out = await app.inject({ method: 'DELETE', url: '/wps/admin/session/logout', headers: { token } });
    expect(out.statusCode).toBe(200);
    expect((await info({ token }, '/wps/admin/session/me')).statusCode).toBe(401);

    const bad = await login({ username: op.account, password: 'nope' }, nextIp(), '/wps/admin/session/login');
    expect(bad.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Incorrect username or password' });
    const member = await createMember(app, { account: nextAccount(), password: 'Member123' });
    const notOp = await login(
      { username: member.account, password: 'Member123' },
      nextIp(),
      '/wps/admin/session/login',
    );
    expect(notOp.statusCode).toBe(401);
    const audit = await t.app.services.auth.auditTrail({ account: op.account });
    expect(audit.map((a) => a.result)).toEqual(['bad_password', 'ok']);
    expect(audit[0]!.portal).toBe('operator');
  });

  it('lists the login audit and the outbox only for operators with the system permission', async () => {
    const cashier = await createOperator(app, { permissions: ['cashier'] });
    const system = await createOperator(app, { permissions: ['system'] });
    expect((await info({ token: cashier.token }, '/wps/admin/login-audit')).statusCode).toBe(403);
    const audit = await info({ token: system.token }, '/wps/admin/login-audit?limit=5');
    expect(audit.statusCode).toBe(200);
    expect(audit.json().value.length).toBeLessThanOrEqual(5);
    expect((await info({ token: system.token }, '/wps/admin/outbox')).statusCode).toBe(200);
  });
});

describe('forced password change', () => {
  it(`forces a change when the password is the default ${SPEC.defaultWeakPassword}, and the session can only change it`, async () => {
    const m = await createMember(app, { account: nextAccount(), password: SPEC.defaultWeakPassword });
    const res = await login({ username: m.account, password: SPEC.defaultWeakPassword });
    expect(res.json().value).toMatchObject({ forceChangePassword: true, passwordExpired: false });
    const token = res.json().value.token as string;

    const infoRes = await info({ token });
    expect(infoRes.json().value.mustChangePassword).toBe(true);
    const blocked = await app.inject({ method: 'POST', url: '/wps/member/firstLogin', headers: { token } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please change your password first');

    const change = await app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { token },
      payload: { data: { newPassword: 'Better123', confirmNewPassword: 'Better123' } },
    });
    expect(change.statusCode).toBe(200);
    expect((await info({ token })).json().value.mustChangePassword).toBe(false);
    expect(
      (await app.inject({ method: 'POST', url: '/wps/member/firstLogin', headers: { token } })).statusCode,
    ).toBe(200);
    const again = await login({ username: m.account, password: 'Better123' });
    expect(again.json().value).toMatchObject({ forceChangePassword: false, firstTimeLogin: false });
  });

  it('forces a change for an expired password only while PASSEXPIRY3 is on', async () => {
    const m = await createMember(app, { account: nextAccount(), password: 'Aged12345' });
    await t.app.database.db
      .update(members)
      .set({ passwordChangedAt: new Date(Date.now() - (t.app.config.passwordMaxAgeDays + 1) * 86_400_000) })
      .where(eq(members.id, m.id));
    const off = await login({ username: m.account, password: 'Aged12345' });
    expect(off.json().value).toMatchObject({ passwordExpired: false, forceChangePassword: false });
    await t.app.services.system.setFlag('PASSEXPIRY3', true);
    try {
      const on = await login({ username: m.account, password: 'Aged12345' });
      expect(on.json().value).toMatchObject({ passwordExpired: true, forceChangePassword: true });
    } finally {
      await t.app.services.system.setFlag('PASSEXPIRY3', false);
    }
  });
});

describe('first login, member info, free play', () => {
  it('reports firstTimeLogin until the first-login action ran', async () => {
    const m = await createMember(app, { account: nextAccount(), password: 'First1234' });
    expect((await login({ username: m.account, password: 'First1234' })).json().value.firstTimeLogin).toBe(
      true,
    );
    const done = await app.inject({
      method: 'POST',
      url: '/wps/member/firstLogin',
      headers: { token: m.token },
    });
    expect(done.statusCode).toBe(200);
    expect((await login({ username: m.account, password: 'First1234' })).json().value.firstTimeLogin).toBe(
      false,
    );
  });

  it('answers member info with the login-state flags', async () => {
    const agent = await createMember(app, { type: 1, payeeName: 'Ram Thapa' });
    const v = (await info({ token: agent.token })).json().value;
    expect(v).toMatchObject({ id: agent.id, account: agent.account, type: 1, isAgent: true, isTrial: false });
    expect(v.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(v).not.toHaveProperty('passwordHash');
  });

  it('creates a trial account for free play, which cannot use account features', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'web', platform: 'W' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ isTrial: true, type: 4, forceChangePassword: false });
    const token = v.token as string;
    expect((await info({ token })).json().value).toMatchObject({ type: 4, isTrial: true });
    const change = await app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { token },
      payload: { data: { oldPassword: 'x', newPassword: 'Better123', confirmNewPassword: 'Better123' } },
    });
    expect(change.statusCode).toBe(403);
    // A trial account has no password anyone could log in with.
    expect((await login({ username: v.account, password: '!' })).statusCode).toBe(401);
  });

  it('refuses free play while FREEPLAY3 is off', async () => {
    await t.app.services.system.setFlag('FREEPLAY3', false);
    try {
      const res = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'NOT_ENABLED',
        message: 'Not enabled function, please contact customer service.',
      });
    } finally {
      await t.app.services.system.setFlag('FREEPLAY3', true);
    }
  });

  it('limits free-play accounts per address', async () => {
    const ip = '198.51.100.200';
    let status = 0;
    for (let i = 0; i <= 20; i++) {
      status = (
        await app.inject({
          method: 'POST',
          url: '/wps/session/login/freeplay',
          headers: { 'x-forwarded-for': ip },
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('second verification from an unregistered IP', () => {
  const HOME = '192.0.2.10';
  const AWAY = '192.0.2.99';

  it('asks for a mobile code at a new address, then remembers the address', async () => {
    const m = await createMember(app, {
      account: nextAccount(),
      password: 'Second123',
      countryDialingCode: '977',
      mobileNum: '9811110001',
      email: 'second@example.com',
    });
    const first = await login({ username: m.account, password: 'Second123' }, HOME);
    expect(first.json().value.token).toBeTruthy();

    const away = await login({ username: m.account, password: 'Second123' }, AWAY);
    expect(away.statusCode).toBe(200);
    const sv = away.json().value;
    expect(sv.token).toBeNull();
    expect(sv.secondVerification).toMatchObject({
      methods: ['sms', 'email'],
      mobileNum: '98******01',
      email: 's*****@example.com',
    });
    const ticket = sv.secondVerification.ticket as string;

    const send = await app.inject({
      method: 'POST',
      url: '/wps/session/login/verification/send',
      payload: { ticket, method: 'sms' },
      headers: { 'x-forwarded-for': AWAY },
    });
    expect(send.json().value).toEqual({ expiredMinutes: 5 });
    const code = await lastCode(app, '+977 9811110001');

    const finish = (body: Record<string, unknown>, ip = AWAY) =>
      app.inject({
        method: 'POST',
        url: '/wps/session/login/verification',
        payload: body,
        headers: { 'x-forwarded-for': ip },
      });
    const stranger = await finish({ ticket, method: 'sms', verificationCode: code }, '192.0.2.200');
    expect(stranger.statusCode).toBe(401);
    const wrong = await finish({
      ticket,
      method: 'sms',
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ code: 'CODE_INVALID', message: 'Verification code is not valid' });
    const done = await finish({ ticket, method: 'sms', verificationCode: code });
    expect(done.statusCode).toBe(200);
    expect(done.json().value.token).toBeTruthy();
    // The ticket is used up, and the address is now known.
    expect((await finish({ ticket, method: 'sms', verificationCode: code })).statusCode).toBe(401);
    expect(
      (await login({ username: m.account, password: 'Second123' }, AWAY)).json().value.token,
    ).toBeTruthy();
    const ips = (await t.app.services.members.knownIps(m.id)).map((r) => r.ip).sort();
    expect(ips).toEqual([HOME, AWAY].sort());
  });

  it('accepts a bound email code or the real name, and gives up after five wrong tries', async () => {
    const m = await createMember(app, {
      account: nextAccount(),
      password: 'Second123',
      email: 'mailme@example.com',
      payeeName: 'Sita Kumari Rai',
    });
    await login({ username: m.account, password: 'Second123' }, HOME);
    const start = async () =>
      (await login({ username: m.account, password: 'Second123' }, AWAY)).json().value.secondVerification;
    const finish = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/wps/session/login/verification',
        payload: body,
        headers: { 'x-forwarded-for': AWAY },
      });

    let sv = await start();
    expect(sv.methods).toEqual(['email', 'payeeName']);
    await app.inject({
      method: 'POST',
      url: '/wps/session/login/verification/send',
      payload: { ticket: sv.ticket, method: 'email' },
      headers: { 'x-forwarded-for': AWAY },
    });
    const code = await lastCode(app, 'mailme@example.com');
    expect((await finish({ ticket: sv.ticket, method: 'email', verificationCode: code })).statusCode).toBe(
      200,
    );

    await t.database.query('delete from member_known_ips where member_id = $1 and ip = $2', [m.id, AWAY]);
    sv = await start();
    const wrongName = await finish({ ticket: sv.ticket, method: 'payeeName', payeeName: 'Someone Else' });
    expect(wrongName.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'The real name does not match our records',
    });
    const ok = await finish({ ticket: sv.ticket, method: 'payeeName', payeeName: '  sita   kumari RAI ' });
    expect(ok.statusCode).toBe(200);

    await t.database.query('delete from member_known_ips where member_id = $1 and ip = $2', [m.id, AWAY]);
    sv = await start();
    for (let i = 0; i < 5; i++)
      await finish({ ticket: sv.ticket, method: 'payeeName', payeeName: 'Wrong Name' });
    const exhausted = await finish({ ticket: sv.ticket, method: 'payeeName', payeeName: 'Sita Kumari Rai' });
    expect(exhausted.statusCode).toBe(401);
    expect(exhausted.json().message).toBe('The verification has expired, please sign in again.');
  });

  it('lets an account with nothing to verify through (and records the address)', async () => {
    const m = await createMember(app, { account: nextAccount(), password: 'Plain1234' });
    await login({ username: m.account, password: 'Plain1234' }, HOME);
    const away = await login({ username: m.account, password: 'Plain1234' }, AWAY);
    expect(away.json().value.token).toBeTruthy();
  });

  it('does not verify again after an SMS login (the phone is the second factor)', async () => {
    const m = await createMember(app, {
      account: nextAccount(),
      password: 'Second123',
      countryDialingCode: '977',
      mobileNum: '9811110002',
    });
    await login({ username: m.account, password: 'Second123' }, HOME);
    await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/login',
      payload: { mobileNum: '9811110002', countryDialingCode: '977' },
      headers: { 'x-forwarded-for': AWAY },
    });
    const code = await lastCode(app, '+977 9811110002');
    const res = await login(
      { type: 'sms', mobileNum: '9811110002', countryDialingCode: '+977', verificationCode: code },
      AWAY,
    );
    expect(res.json().value.token).toBeTruthy();
  });
});

describe('login by SMS code', () => {
  const send = (mobileNum: string, ip = nextIp()) =>
    app.inject({
      method: 'POST',
      // SPEC §7: the login code comes from /sms/noLogin.
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum, countryDialingCode: '977' },
      headers: { 'x-forwarded-for': ip },
    });

  it('signs in with the code sent to the number, once, and never forces a password change', async () => {
    const m = await createMember(app, {
      account: nextAccount(),
      password: SPEC.defaultWeakPassword,
      countryDialingCode: '977',
      mobileNum: '9822220001',
    });
    expect((await send('9822220001')).json().value).toEqual({ expiredMinutes: 5 });
    const code = await lastCode(app, '+977 9822220001');
    const res = await login({
      type: 'sms',
      mobileNum: '9822220001',
      countryDialingCode: '977',
      verificationCode: code,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ customerId: m.id, forceChangePassword: false });
    const replay = await login({
      type: 'sms',
      mobileNum: '9822220001',
      countryDialingCode: '977',
      verificationCode: code,
    });
    expect(replay.json()).toMatchObject({ code: 'CODE_INVALID', message: 'Verification code is not valid' });
    const [audit] = await t.app.services.auth.auditTrail({ account: '+977 9822220001' });
    expect(audit).toMatchObject({ result: 'code_invalid', loginType: 'sms' });
  });

  it('answers missing phone, bad phone, missing code, expired code with the spec messages', async () => {
    const noPhone = await login({ type: 'sms', verificationCode: '123456' });
    expect(noPhone.json().value.fields.mobileNum).toBe('Please enter a valid phone number.');
    const badPhone = await login({ type: 'sms', mobileNum: '12ab', verificationCode: '123456' });
    expect(badPhone.json().value.fields.mobileNum).toBe('Invalid phone number format.');
    const noCode = await login({ type: 'sms', mobileNum: '9822220002' });
    expect(noCode.json()).toMatchObject({ message: 'Verification code is missing' });

    await createMember(app, { countryDialingCode: '977', mobileNum: '9822220003' });
    await send('9822220003');
    const code = await lastCode(app, '+977 9822220003');
    await t.database.query(
      `update verification_codes set expires_at = now() - interval '1 second' where destination = $1`,
      ['+977 9822220003'],
    );
    const expired = await login({
      type: 'sms',
      mobileNum: '9822220003',
      countryDialingCode: '977',
      verificationCode: code,
    });
    expect(expired.json()).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'Verification code has expired, please send again.',
    });
  });

  it('sends nothing to unregistered numbers but answers the same', async () => {
    const res = await send('9822229999');
    expect(res.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    await t.app.services.auth.settle(); // lookups and sends happen after the answer
    expect(await t.app.services.verification.outbox({ recipient: '+977 9822229999' })).toEqual([]);
    const attempt = await login({
      type: 'sms',
      mobileNum: '9822229999',
      countryDialingCode: '977',
      verificationCode: '123456',
    });
    expect(attempt.json().code).toBe('CODE_INVALID');
  });

  it('is off while SMSLOGIN3 is off', async () => {
    await t.app.services.system.setFlag('SMSLOGIN3', false);
    try {
      expect((await send('9822220001')).json().code).toBe('NOT_ENABLED');
      const res = await login({ type: 'sms', mobileNum: '9822220001', verificationCode: '123456' });
      expect(res.json().code).toBe('NOT_ENABLED');
    } finally {
      await t.app.services.system.setFlag('SMSLOGIN3', true);
    }
  });

  it('kills a code after five wrong guesses', async () => {
    await createMember(app, { countryDialingCode: '977', mobileNum: '9822220004' });
    await send('9822220004');
    const code = await lastCode(app, '+977 9822220004');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      await login({
        type: 'sms',
        mobileNum: '9822220004',
        countryDialingCode: '977',
        verificationCode: wrong,
      });
    }
    const right = await login({
      type: 'sms',
      mobileNum: '9822220004',
      countryDialingCode: '977',
      verificationCode: code,
    });
    expect(right.json().code).toBe('CODE_INVALID');
  });

  it('records audit rows for SMS logins too', async () => {
    const rows = await t.app.database.db.select().from(loginAudit).where(eq(loginAudit.loginType, 'sms'));
    expect(rows.some((r) => r.result === 'ok')).toBe(true);
  });
});
