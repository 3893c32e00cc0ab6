import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { lastCode } from '../../test/identity.ts';
import { createMember } from '../../test/members.ts';
import { ARGON2_OPTIONS, hashPassword } from './passwords.ts';
import { PAYMENT_PASSWORD_MAX_FAILURES } from './service.ts';

let t: TestApp;
let app: FastifyInstance;
let seq = 0;
const nextIp = () => `198.19.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': nextIp(), ...headers },
  });
const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': nextIp(), ...headers },
  });
const login = (username: string, password: string, ip = nextIp()) =>
  post('/wps/session/login', { username, password }, { 'x-forwarded-for': ip });
const info = (token: string) => app.inject({ method: 'GET', url: '/wps/member/info', headers: { token } });

describe('password storage', () => {
  it('uses argon2id with at least the OWASP parameters', async () => {
    const h = await hashPassword('x');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
    expect(ARGON2_OPTIONS.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(ARGON2_OPTIONS.timeCost).toBeGreaterThanOrEqual(2);
    const m = await createMember(app, { password: 'Stored123' });
    const [row] = await t.database.query('select password_hash from members where id = $1', [m.id]);
    expect(String(row!.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(String(row!.password_hash)).not.toContain('Stored123');
  });
});

describe('change password', () => {
  const change = (token: string, data: Record<string, unknown>, lang = 'en') =>
    post('/wps/member/password', { data }, { token, lang });

  it('changes it, keeps this session and signs every other session out', async () => {
    const m = await createMember(app, { password: 'Old12345' });
    const other = (await login(m.account, 'Old12345')).json().value.token as string;
    const res = await change(m.token, {
      oldPassword: 'Old12345',
      newPassword: 'New12345',
      confirmNewPassword: 'New12345',
    });
    expect(res.statusCode).toBe(200);
    expect((await info(m.token)).statusCode).toBe(200);
    expect((await info(other)).statusCode).toBe(401);
    expect((await login(m.account, 'Old12345')).statusCode).toBe(401);
    expect((await login(m.account, 'New12345')).statusCode).toBe(200);
  });

  it('validates with the spec messages', async () => {
    const m = await createMember(app, { password: 'Old12345' });
    const empty = await change(m.token, {});
    expect(empty.json().value.fields).toEqual({
      oldPassword: 'Input cannot be empty',
      newPassword: 'Input cannot be empty',
      confirmNewPassword: 'Input cannot be empty',
    });
    const mismatch = await change(m.token, {
      oldPassword: 'Old12345',
      newPassword: 'New12345',
      confirmNewPassword: 'New1234',
    });
    expect(mismatch.json().value.fields).toEqual({
      confirmNewPassword: 'Incorrect confirmation input',
    });
    expect(mismatch.json().message).toBe('Incorrect confirmation input');
    const rule = await change(m.token, {
      oldPassword: 'Old12345',
      newPassword: 'short',
      confirmNewPassword: 'short',
    });
    expect(rule.json().value.fields.newPassword).toBe(
      'Please enter 8-32 characters: letters and digits combined',
    );
    const same = await change(m.token, {
      oldPassword: 'Old12345',
      newPassword: 'Old12345',
      confirmNewPassword: 'Old12345',
    });
    expect(same.json().value.fields.newPassword).toBe('The new password must be different from the old one');
    const wrong = await change(m.token, {
      oldPassword: 'Wrong123',
      newPassword: 'New12345',
      confirmNewPassword: 'New12345',
    });
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', message: 'The old password is incorrect' });
    const ne = await change(
      m.token,
      { oldPassword: 'Wrong123', newPassword: 'New12345', confirmNewPassword: 'New12345' },
      'ne',
    );
    expect(ne.json().message).toBe('पुरानो पासवर्ड मिलेन');
  });

  it('needs a session, and limits old-password guesses', async () => {
    expect((await post('/wps/member/password', { data: {} })).statusCode).toBe(401);
    const m = await createMember(app, { password: 'Old12345' });
    let status = 0;
    for (let i = 0; i < 6; i++) {
      status = (
        await change(m.token, {
          oldPassword: `Guess${i}aa`,
          newPassword: 'New12345',
          confirmNewPassword: 'New12345',
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('forgot password by email', () => {
  const forgot = (body: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': nextIp(),
        ...headers,
      },
    });

  it('answers the same for matching, mismatching and unknown details, and mails only the match', async () => {
    const m = await createMember(app, { email: 'Owner@Example.com', password: 'Orig1234' });
    const answers = [];
    for (const body of [
      `username=${m.account}&email=owner%40example.com`,
      `username=${m.account}&email=other%40example.com`,
      'username=nobody00001&email=owner%40example.com',
    ]) {
      const res = await forgot(body);
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(JSON.parse(answers[0]![1] as string)).toMatchObject({
      success: true,
      message:
        'If the username and email match an account, a temporary password has been sent to that email.',
    });
    await t.app.services.auth.settle();
    const mails = await t.app.services.verification.outbox({ recipient: 'owner@example.com' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your temporary password');
    expect(await t.app.services.verification.outbox({ recipient: 'other@example.com' })).toEqual([]);
  });

  it('answers unknown and known users in similar time (the work happens after the reply)', async () => {
    const time = async (body: string) => {
      const start = process.hrtime.bigint();
      await forgot(body);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    // What the matching path would add if it worked before answering: at least one argon2 hash.
    const hashStart = process.hrtime.bigint();
    await hashPassword('measure-me-1');
    const hashMs = Number(process.hrtime.bigint() - hashStart) / 1e6;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      // Different usernames each round: the per-username limit allows 3 an hour.
      const name = `timing${i}x${seq}`;
      await createMember(app, { account: name, email: 'timing@example.com' });
      known.push(await time(`username=${name}&email=timing%40example.com`));
      unknown.push(await time(`username=ghost${name}&email=timing%40example.com`));
      await t.app.services.auth.settle();
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    expect(median(known) - median(unknown)).toBeLessThan(Math.max(hashMs * 0.7, 10));
  });

  it('mails a one-time temporary password that works beside the old one and forces a change', async () => {
    const m = await createMember(app, { email: 'temp@example.com', password: 'Orig1234' });
    await forgot(`username=${m.account}&email=temp%40example.com`, { lang: 'ne' });
    await t.app.services.auth.settle();
    const [mail] = await t.app.services.verification.outbox({ recipient: 'temp@example.com' });
    expect(mail!.subject).toBe('तपाईंको अस्थायी पासवर्ड');
    const temp = /(\S+) हो।/.exec(mail!.body)![1]!;

    // The old password still works: a stranger asking for a reset cannot lock the owner out.
    // (One address throughout: the account has an email, so a new address would ask for a code.)
    const ip = nextIp();
    expect((await login(m.account, 'Orig1234', ip)).json().value.forceChangePassword).toBe(false);
    const withTemp = await login(m.account, temp, ip);
    expect(withTemp.json().value.forceChangePassword).toBe(true);
    expect((await login(m.account, temp, ip)).statusCode).toBe(401);

    const token = withTemp.json().value.token as string;
    const res = await post(
      '/wps/member/password',
      { data: { newPassword: 'Fresh1234', confirmNewPassword: 'Fresh1234' } },
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect((await login(m.account, 'Fresh1234', ip)).statusCode).toBe(200);
  });

  it('validates the form and limits requests', async () => {
    const res = await forgot('username=&email=bad');
    expect(res.json().value.fields).toEqual({
      username: 'Input cannot be empty',
      email: 'Please enter 6-100 characters: a valid mailbox address',
    });
    const json = await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'someone1', email: 'a@b.co' },
    });
    expect(json.statusCode).toBe(200);
    // Three an hour per account from one address, ten from all addresses together: a stranger's
    // requests no longer lock the player out of their own recovery (issue 28).
    const one = { 'x-forwarded-for': '198.51.100.77' };
    let status = 0;
    for (let i = 0; i < 4; i++) status = (await forgot('username=limited01&email=a%40b.co', one)).statusCode;
    expect(status).toBe(429);
    const others: number[] = [];
    for (let i = 3; i <= 10; i++) others.push((await forgot('username=limited01&email=a%40b.co')).statusCode);
    expect(others).toEqual([...Array(7).fill(200), 429]);
  });
});

describe('reset password by phone', () => {
  const sendCode = (mobileNum: string) =>
    post('/wps/verification/sms/noLogin', { mobileNum, countryDialingCode: '977', purpose: 'reset' });

  it('sets the new password with the code, signs out old sessions and signs in', async () => {
    const m = await createMember(app, {
      password: 'Orig1234',
      countryDialingCode: '977',
      mobileNum: '9855550001',
    });
    expect((await sendCode('9855550001')).json().value).toEqual({ expiredMinutes: 5 });
    const code = await lastCode(app, '+977 9855550001');
    const res = await post('/wps/member/password/verification', {
      mobileNum: '9855550001',
      countryDialingCode: '977',
      verificationCode: code,
      newPassword: 'ByPhone123',
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().value.token as string;
    expect((await info(token)).json().value.account).toBe(m.account);
    expect((await info(m.token)).statusCode).toBe(401);
    expect((await login(m.account, 'ByPhone123')).statusCode).toBe(200);
    // The code was used up.
    const replay = await post('/wps/member/password/verification', {
      mobileNum: '9855550001',
      countryDialingCode: '977',
      verificationCode: code,
      newPassword: 'Again1234',
    });
    expect(replay.json().code).toBe('CODE_INVALID');
  });

  it('does not accept a login code, nor a reset code for login', async () => {
    await createMember(app, { countryDialingCode: '977', mobileNum: '9855550002' });
    // /sms/noLogin without a purpose sends a login code (SPEC §7), and it does not reset.
    await post('/wps/verification/sms/noLogin', { mobileNum: '9855550002', countryDialingCode: '977' });
    const loginCode = await lastCode(app, '+977 9855550002');
    const res = await post('/wps/member/password/verification', {
      mobileNum: '9855550002',
      verificationCode: loginCode,
      newPassword: 'ByPhone123',
    });
    expect(res.json().code).toBe('CODE_INVALID');
    await sendCode('9855550002');
    const resetCode = await lastCode(app, '+977 9855550002');
    const asLogin = await post('/wps/session/login', {
      type: 'sms',
      mobileNum: '9855550002',
      countryDialingCode: '977',
      verificationCode: resetCode,
    });
    expect(asLogin.json().code).toBe('CODE_INVALID');
  });

  it('validates with the spec messages and follows CHNGPASSVERIF3', async () => {
    const res = await post('/wps/member/password/verification', {});
    expect(res.json().value.fields).toEqual({
      mobileNum: 'Please enter a valid phone number.',
      verificationCode: 'Verification code is missing',
      newPassword: 'Input cannot be empty',
    });
    await t.app.services.system.setFlag('CHNGPASSVERIF3', false);
    try {
      expect((await sendCode('9855550003')).json().code).toBe('NOT_ENABLED');
      expect((await post('/wps/member/password/verification', {})).json().code).toBe('NOT_ENABLED');
    } finally {
      await t.app.services.system.setFlag('CHNGPASSVERIF3', true);
    }
  });
});

describe('security centre', () => {
  it('binds a phone number with its code', async () => {
    const m = await createMember(app);
    const send = await post(
      '/wps/member/security/mobile/code',
      { mobileNum: '9866660001', countryDialingCode: '977' },
      { token: m.token },
    );
    expect(send.json().value).toEqual({ expiredMinutes: 5 });
    const code = await lastCode(app, '+977 9866660001');
    const other = await createMember(app);
    const stolen = await put(
      '/wps/member/security/mobile',
      { mobileNum: '9866660001', countryDialingCode: '977', verificationCode: code },
      { token: other.token },
    );
    expect(stolen.json().code).toBe('CODE_INVALID');
    const ok = await put(
      '/wps/member/security/mobile',
      { mobileNum: '9866660001', countryDialingCode: '977', verificationCode: code },
      { token: m.token },
    );
    expect(ok.statusCode).toBe(200);
    expect((await info(m.token)).json().value).toMatchObject({
      mobileNum: '9866660001',
      mobileVerified: true,
    });
    const taken = await post(
      '/wps/member/security/mobile/code',
      { mobileNum: '9866660001' },
      { token: other.token },
    );
    expect(taken.json().message).toBe('This mobile number is already registered');
  });

  it('binds an email with its code', async () => {
    const m = await createMember(app);
    const bad = await post('/wps/member/security/email/code', { email: 'nope' }, { token: m.token });
    expect(bad.json().value.fields.email).toBe('Please enter 6-100 characters: a valid mailbox address');
    await post('/wps/member/security/email/code', { email: 'Bind@Example.com' }, { token: m.token });
    const code = await lastCode(app, 'bind@example.com');
    const missing = await put(
      '/wps/member/security/email',
      { email: 'bind@example.com' },
      { token: m.token },
    );
    expect(missing.json().message).toBe('Verification code is missing');
    const ok = await put(
      '/wps/member/security/email',
      { email: 'bind@example.com', verificationCode: code },
      { token: m.token },
    );
    expect(ok.statusCode).toBe(200);
    expect((await info(m.token)).json().value).toMatchObject({
      email: 'bind@example.com',
      emailVerified: true,
    });
  });

  it('sets the payment password with the login password, then changes it with the old one', async () => {
    const m = await createMember(app, { password: 'Login1234' });
    const first = await put(
      '/wps/member/security/paymentPassword',
      {
        password: 'wrong-one',
        paymentPassword: '112233',
        confirmPaymentPassword: '112233',
      },
      { token: m.token },
    );
    expect(first.json().value.fields).toEqual({ password: 'The password is incorrect' });
    const badRule = await put(
      '/wps/member/security/paymentPassword',
      {
        password: 'Login1234',
        paymentPassword: 'abc',
        confirmPaymentPassword: 'abd',
      },
      { token: m.token },
    );
    expect(badRule.json().value.fields).toEqual({
      paymentPassword: 'Please enter 6 characters: digits only',
      confirmPaymentPassword: 'Incorrect confirmation input',
    });
    const set = await put(
      '/wps/member/security/paymentPassword',
      {
        password: 'Login1234',
        paymentPassword: '112233',
        confirmPaymentPassword: '112233',
      },
      { token: m.token },
    );
    expect(set.statusCode).toBe(200);
    expect((await info(m.token)).json().value.hasPaymentPassword).toBe(true);

    const needOld = await put(
      '/wps/member/security/paymentPassword',
      {
        paymentPassword: '445566',
        confirmPaymentPassword: '445566',
      },
      { token: m.token },
    );
    expect(needOld.json().value.fields).toEqual({ oldPaymentPassword: 'Input cannot be empty' });
    const wrongOld = await put(
      '/wps/member/security/paymentPassword',
      {
        oldPaymentPassword: '000000',
        paymentPassword: '445566',
        confirmPaymentPassword: '445566',
      },
      { token: m.token },
    );
    expect(wrongOld.json().value.fields).toEqual({ oldPaymentPassword: 'The payment password is incorrect' });
    const changed = await put(
      '/wps/member/security/paymentPassword',
      {
        oldPaymentPassword: '112233',
        paymentPassword: '445566',
        confirmPaymentPassword: '445566',
      },
      { token: m.token },
    );
    expect(changed.statusCode).toBe(200);
    await expect(t.app.services.members.verifyPaymentPassword(m.id, '445566')).resolves.toBeUndefined();
  });

  it('is closed to trial accounts', async () => {
    const trial = await createMember(app, { type: 4 });
    const res = await put(
      '/wps/member/security/paymentPassword',
      { paymentPassword: '112233' },
      { token: trial.token },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('verifyPaymentPassword (used by withdrawals and transfers)', () => {
  it('passes the right one, names the field when wrong, and asks to set one first', async () => {
    const { members } = t.app.services;
    const m = await createMember(app, { paymentPassword: '135790' });
    await expect(members.verifyPaymentPassword(m.id, '135790')).resolves.toBeUndefined();
    await expect(members.verifyPaymentPassword(m.id, '000000')).rejects.toMatchObject({
      code: 'VALIDATION',
      messageKey: 'paymentPasswordWrong',
      fields: { paymentPassword: 'paymentPasswordWrong' },
    });
    const none = await createMember(app);
    await expect(members.verifyPaymentPassword(none.id, '135790')).rejects.toMatchObject({
      messageKey: 'paymentPasswordNotSet',
    });
    await expect(members.verifyPaymentPassword(987654, '135790')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it(`pauses after ${PAYMENT_PASSWORD_MAX_FAILURES} wrong tries, even for the right one, and races cannot slip past`, async () => {
    const { members } = t.app.services;
    const m = await createMember(app, { paymentPassword: '135790' });
    const results = await Promise.allSettled(
      Array.from({ length: PAYMENT_PASSWORD_MAX_FAILURES }, () =>
        members.verifyPaymentPassword(m.id, '999999'),
      ),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ok'));
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED')).toHaveLength(1);
    await expect(members.verifyPaymentPassword(m.id, '135790')).rejects.toMatchObject({
      code: 'ACCOUNT_LOCKED',
      messageKey: 'paymentPasswordLocked',
    });
  });
});
