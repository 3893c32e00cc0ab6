import type { RegisterFieldRule } from '@wps/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { lastCode } from '../../test/identity.ts';
import { createMember } from '../../test/members.ts';
import { members } from './schema.ts';

let t: TestApp;
let app: FastifyInstance;
let seq = 0;
const nextIp = () => `198.18.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;
const uname = () => `reg${Date.now().toString(36).slice(-5)}${seq++}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

const register = (body: Record<string, unknown>, opts: { url?: string; lang?: string; ip?: string } = {}) =>
  app.inject({
    method: 'PUT',
    url: opts.url ?? '/wps/member/register',
    payload: body,
    headers: { 'x-forwarded-for': opts.ip ?? nextIp(), lang: opts.lang ?? 'en' },
  });
const valid = (over: Record<string, unknown> = {}) => ({
  username: uname(),
  password: 'Passw0rd1',
  confirmPassword: 'Passw0rd1',
  terms: true,
  ageConfirmed: true,
  ...over,
});

async function withRule(field: string, change: Partial<RegisterFieldRule>, fn: () => Promise<void>) {
  const { system } = t.app.services;
  const rule = (await system.registerSettings()).find((r) => r.field === field)!;
  await system.updateRegisterRule({ ...rule, ...change });
  try {
    await fn();
  } finally {
    await system.updateRegisterRule(rule);
  }
}
async function withFlag(code: string, enabled: boolean, fn: () => Promise<void>) {
  const { system } = t.app.services;
  const before = await system.isFlagEnabled(code);
  await system.setFlag(code, enabled);
  try {
    await fn();
  } finally {
    await system.setFlag(code, before);
  }
}

describe('register with a username', () => {
  it('creates the member, signs it in, and records WEB, domain and address', async () => {
    const body = valid({ domain: 'wps.example', registerUrl: 'https://wps.example/register' });
    const ip = nextIp();
    const res = await register(body, { ip });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      userName: body.username,
      isTrial: false,
      isAgent: false,
      firstTimeLogin: true,
    });
    const info = await app.inject({ method: 'GET', url: '/wps/member/info', headers: { token: v.token } });
    expect(info.json().value.account).toBe(body.username);
    const [row] = await t.app.database.db.select().from(members).where(eq(members.account, body.username));
    expect(row).toMatchObject({
      registerMethod: 'WEB',
      domain: 'wps.example',
      registerIp: ip,
      type: 0,
      parentId: null,
    });
  });

  it('does not sign in with login: false', async () => {
    const res = await register(valid({ login: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json().value.token).toBeNull();
  });

  it('checks terms, age, required fields, rules and the confirmation with the spec messages', async () => {
    const res = await register({
      username: '9bad',
      password: 'short',
      confirmPassword: 'other',
      terms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Please check the highlighted fields' });
    expect(res.json().value.fields).toEqual({
      terms: 'Please agree to the terms and conditions',
      ageConfirmed: 'Please confirm that you are at least 18 years old',
      username: 'Please enter 4-16 characters: a letter first, then letters and digits',
      password: 'Please enter 8-32 characters: letters and digits combined',
      confirmPassword: 'The passwords entered twice are inconsistent',
    });
    const empty = await register({ terms: true, ageConfirmed: true });
    expect(empty.json().value.fields).toEqual({
      username: 'Input cannot be empty',
      password: 'Input cannot be empty',
      confirmPassword: 'Input cannot be empty',
    });
  });

  it('answers in Nepali when asked', async () => {
    const res = await register({ username: 'ab', terms: false }, { lang: 'ne' });
    const fields = res.json().value.fields;
    expect(fields.terms).toBe('कृपया नियम तथा सर्तहरू मा सहमति जनाउनुहोस्');
    expect(fields.username).toBe('कृपया 4-16 अक्षर लेख्नुहोस्: पहिले अक्षर, त्यसपछि अक्षर र अङ्क');
    expect(fields.password).toBe('इनपुट खाली हुन सक्दैन');
  });

  it('gives one number in the rule message when min equals max', async () => {
    const res = await register(valid({ mobileNum: '98123' }));
    expect(res.json().value.fields.mobileNum).toBe('Please enter 10 characters: digits starting with 9');
  });

  it(`refuses the default weak password and a taken username (any case)`, async () => {
    await withRule('password', { acceptedPattern: '*', patternId: 'ANY' }, async () => {
      const weak = await register(valid({ password: '{secret}', confirmPassword: '{secret}' }));
      expect(weak.json().value.fields.password).toBe(
        'This password is not allowed, please choose another one',
      );
    });
    const taken = valid();
    expect((await register(taken)).statusCode).toBe(200);
    const again = await register(valid({ username: taken.username.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json().value.fields.username).toBe('This username is already taken');
  });

  it('checks enabled optional fields, requires them per setting, and ignores disabled ones', async () => {
    const bad = await register(valid({ email: 'not-an-email', payeeName: 'Single', qqNum: 'letters!' }));
    expect(bad.json().value.fields).toEqual({
      email: 'Please enter 6-100 characters: a valid mailbox address',
      payeeName: 'Real name format is incorrect',
    });
    await withRule('whatsapp', { required: true }, async () => {
      const missing = await register(valid());
      expect(missing.json().value.fields).toEqual({ whatsapp: 'Input cannot be empty' });
    });
    const body = valid({
      email: 'ram@example.com',
      payeeName: 'Ram Bahadur Thapa',
      whatsapp: '9779800000',
      qqNum: '12345',
    });
    expect((await register(body)).statusCode).toBe(200);
    const [row] = await t.app.database.db.select().from(members).where(eq(members.account, body.username));
    expect(row).toMatchObject({
      email: 'ram@example.com',
      payeeName: 'Ram Bahadur Thapa',
      whatsapp: '9779800000',
    });
    expect(row!.qqNum).toBeNull();
  });

  it('requires a payment password whenever the field is shown', async () => {
    await withRule('paymentPassword', { enabled: true, required: false }, async () => {
      const res = await register(valid());
      expect(res.json().value.fields).toEqual({ paymentPassword: 'Input cannot be empty' });
      const body = valid({ paymentPassword: '654321' });
      const ok = await register(body);
      expect(ok.statusCode).toBe(200);
      const id = ok.json().value.customerId;
      await expect(t.app.services.members.verifyPaymentPassword(id, '654321')).resolves.toBeUndefined();
    });
  });

  it('lets a lone * pattern accept anything, length still counted in characters', async () => {
    await withRule(
      'username',
      { acceptedPattern: '*', patternId: 'ANY', minLength: 2, maxLength: 12 },
      async () => {
        const ok = await register(valid({ username: 'नमस्ते_user' }));
        expect(ok.statusCode).toBe(200);
        const long = await register(valid({ username: 'x'.repeat(13) }));
        expect(long.json().value.fields.username).toBe('Please enter 2-12 characters: any characters');
      },
    );
  });

  it('makes the agent of a valid affiliate code the upline, and refuses unknown codes', async () => {
    const agent = await createMember(app, { type: 1 });
    const { affiliateCode } = (await t.app.services.members.getById(agent.id))!;
    const check = await app.inject({
      method: 'GET',
      url: `/wps/agent/affiliate?code=${affiliateCode}&domain=x.test`,
    });
    expect(check.json()).toMatchObject({ success: true, value: { valid: true } });
    const lower = await app.inject({
      method: 'GET',
      url: `/wps/agent/affiliate?code=${affiliateCode!.toLowerCase()}`,
    });
    expect(lower.statusCode).toBe(200);
    const unknown = await app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=NOPE1234' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Invalid invitation code');
    expect((await app.inject({ method: 'GET', url: '/wps/agent/affiliate' })).json().message).toBe(
      'Input cannot be empty',
    );

    const body = valid({ affiliateCode });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    expect((await t.app.services.members.getById(res.json().value.customerId))!.parentId).toBe(agent.id);
    expect(await t.app.services.members.isInDownline(agent.id, res.json().value.customerId)).toBe(true);

    const bad = await register(valid({ affiliateCode: 'WRONG123' }));
    expect(bad.json().value.fields).toEqual({ affiliateCode: 'Invalid invitation code' });
  });

  it('links the referrer of a referral code and ignores stale ones', async () => {
    const referrer = await createMember(app);
    const { referralCode } = (await t.app.services.members.getById(referrer.id))!;
    const res = await register(valid({ referralCode }));
    expect((await t.app.services.members.getById(res.json().value.customerId))!.referrerId).toBe(referrer.id);
    const stale = await register(valid({ referralCode: 'GONE0000' }));
    expect(stale.statusCode).toBe(200);
  });

  it('is refused while USERNAMEREG3 is off', async () => {
    await withFlag('USERNAMEREG3', false, async () => {
      const res = await register(valid());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('NOT_ENABLED');
    });
  });

  it('limits registrations per address', async () => {
    const ip = '198.51.100.66';
    let status = 0;
    for (let i = 0; i <= 10; i++) status = (await register(valid(), { ip })).statusCode;
    expect(status).toBe(429);
  });
});

describe('register with a mobile number', () => {
  const mobile = (over: Record<string, unknown> = {}) => ({
    countryDialingCode: '977',
    terms: true,
    ageConfirmed: true,
    ...over,
  });

  it('is refused while MOBILENUMREG3 is off (the default)', async () => {
    const res = await register(mobile({ mobileNum: '9840000001' }), { url: '/wps/member/register/mobile' });
    expect(res.json().code).toBe('NOT_ENABLED');
  });

  it('asks for password fields only with MOBILENUMPASSREG3', async () => {
    await withFlag('MOBILENUMREG3', true, async () => {
      const missing = await register(mobile({ mobileNum: '9840000001' }), {
        url: '/wps/member/register/mobile',
      });
      expect(missing.json().value.fields).toMatchObject({ password: 'Input cannot be empty' });
      const ok = await register(
        mobile({ mobileNum: '9840000001', password: 'Passw0rd1', confirmPassword: 'Passw0rd1' }),
        { url: '/wps/member/register/mobile' },
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().value.userName).toBe('m9840000001');

      await withFlag('MOBILENUMPASSREG3', false, async () => {
        const noPw = await register(mobile({ mobileNum: '9840000002' }), {
          url: '/wps/member/register/mobile',
        });
        expect(noPw.statusCode).toBe(200);
        // No password was set, so none can log in.
        const attempt = await app.inject({
          method: 'POST',
          url: '/wps/session/login',
          payload: { username: 'm9840000002', password: '!' },
        });
        expect(attempt.statusCode).toBe(401);
      });

      const taken = await register(
        mobile({ mobileNum: '9840000001', password: 'Passw0rd1', confirmPassword: 'Passw0rd1' }),
        { url: '/wps/member/register/mobile' },
      );
      expect(taken.json().value.fields.mobileNum).toBe('This mobile number is already registered');
      const missingMobile = await register(mobile({ password: 'Passw0rd1', confirmPassword: 'Passw0rd1' }), {
        url: '/wps/member/register/mobile',
      });
      expect(missingMobile.json().value.fields.mobileNum).toBe('Input cannot be empty');
    });
  });

  it('requires the SMS code with REGMOBVERF3, and marks the number verified', async () => {
    await withFlag('MOBILENUMREG3', true, async () => {
      await withFlag('REGMOBVERF3', true, async () => {
        const body = mobile({ mobileNum: '9840000003', password: 'Passw0rd1', confirmPassword: 'Passw0rd1' });
        const noCode = await register(body, { url: '/wps/member/register/mobile' });
        expect(noCode.json().value.fields).toEqual({ verificationCode: 'Verification code is missing' });

        const send = await app.inject({
          method: 'POST',
          url: '/wps/verification/sms/register',
          payload: { mobileNo: '9840000003', countryDialingCode: '977' },
        });
        expect(send.json().value).toEqual({ expiredMinutes: 5 });
        const code = await lastCode(app, '+977 9840000003');
        const wrong = await register(
          { ...body, verificationCode: code === '000000' ? '000001' : '000000' },
          {
            url: '/wps/member/register/mobile',
          },
        );
        expect(wrong.json().message).toBe('Verification code is not valid');
        const ok = await register(
          { ...body, verificationCode: code },
          { url: '/wps/member/register/mobile' },
        );
        expect(ok.statusCode).toBe(200);
        expect((await t.app.services.members.getById(ok.json().value.customerId))!.mobileVerified).toBe(true);

        const again = await app.inject({
          method: 'POST',
          url: '/wps/verification/sms/register',
          payload: { mobileNo: '9840000003', countryDialingCode: '977' },
        });
        expect(again.json()).toMatchObject({
          code: 'CONFLICT',
          message: 'This mobile number is already registered',
        });
      });
    });
  });
});

describe('age gate and format messages (SPEC §5)', () => {
  it('asks for 21 when AGE_MIN=21, and says so in the permission payload', async () => {
    const t21 = await createTestApp({ ageMin: 21 });
    try {
      const res = await t21.app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        payload: { terms: true },
      });
      expect(res.json().value.fields.ageConfirmed).toBe('Please confirm that you are at least 21 years old');
      const perm = await t21.app.inject({ method: 'GET', url: '/wps/system/permission' });
      expect(perm.json().value.info.ageMin).toBe(21);
    } finally {
      await t21.close();
    }
    const perm = await app.inject({ method: 'GET', url: '/wps/system/permission' });
    expect(perm.json().value.info.ageMin).toBe(18);
  });

  it("answers 'Real name format is incorrect' and 'Phone number format is incorrect'", async () => {
    const res = await register(valid({ payeeName: 'Ram', mobileNum: '0841000000' }));
    expect(res.json().value.fields).toMatchObject({
      payeeName: 'Real name format is incorrect',
      mobileNum: 'Phone number format is incorrect',
    });
  });
});
