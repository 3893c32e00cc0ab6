import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { lastCode } from '../../test/identity.ts';
import { createMember } from '../../test/members.ts';
import { PAYMENT_PASSWORD_MAX_FAILURES } from '../members/service.ts';

/**
 * Races that only real PostgreSQL (many connections) can show: one-time things used at once,
 * counters bumped at once, the same username registered at once.
 */
const hasPostgres = Boolean(testConfig().testDatabaseUrl);

describe.skipIf(!hasPostgres)('identity under concurrency (PostgreSQL; set TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true }, { postgres: 'require' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a verification code raced by 20 requests signs in exactly once', async () => {
    const { app } = t;
    await createMember(app, { countryDialingCode: '977', mobileNum: '9899990001' });
    await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/login',
      payload: { mobileNum: '9899990001' },
    });
    const code = await lastCode(app, '+977 9899990001');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/wps/session/login',
          payload: { type: 'sms', mobileNum: '9899990001', verificationCode: code },
          headers: { 'x-forwarded-for': `10.0.0.${i + 1}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others: used-up code (400) or, past ten tries a minute on one number, 429.
    expect(statuses.every((s) => s === 200 || s === 400 || s === 429)).toBe(true);
  });

  it('parallel registrations of one username: one account, the rest a clean CONFLICT', async () => {
    const body = {
      username: 'racer01',
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd1',
      terms: true,
      ageConfirmed: true,
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/wps/member/register',
          payload: body,
          headers: { 'x-forwarded-for': `10.1.0.${i + 1}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect([400, 409]).toContain(r.statusCode);
      expect(r.json().message).toMatch(/already taken|check the highlighted/);
    }
    const rows = await t.database.query(`select count(*)::int as n from members where account = 'racer01'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('parallel wrong payment passwords all fail, lock the password, and the right one waits', async () => {
    const m = await createMember(t.app, { paymentPassword: '246810' });
    const results = await Promise.allSettled(
      Array.from({ length: PAYMENT_PASSWORD_MAX_FAILURES * 3 }, () =>
        t.app.services.members.verifyPaymentPassword(m.id, '000000'),
      ),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ok'));
    expect(codes).not.toContain('ok');
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(1);
    await expect(t.app.services.members.verifyPaymentPassword(m.id, '246810')).rejects.toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
  });

  it('a second-verification ticket finishes one login even when raced', async () => {
    const { app } = t;
    const m = await createMember(app, { password: 'Race12345', payeeName: 'Race Runner' });
    const home = '10.2.0.1';
    const away = '10.2.0.2';
    await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.account, password: 'Race12345' },
      headers: { 'x-forwarded-for': home },
    });
    const sv = (
      await app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: m.account, password: 'Race12345' },
        headers: { 'x-forwarded-for': away },
      })
    ).json().value.secondVerification;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({
          method: 'POST',
          url: '/wps/session/login/verification',
          payload: { ticket: sv.ticket, method: 'payeeName', payeeName: 'Race Runner' },
          headers: { 'x-forwarded-for': away },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
  });

  it('parallel failed logins are all counted on the account, and lock no one out', async () => {
    const m = await createMember(t.app, { password: 'Right1234' });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          payload: { username: m.account, password: `wrong${i}` },
          headers: { 'x-forwarded-for': `10.3.0.${i + 1}` },
        }),
      ),
    );
    const rows = await t.database.query(`select failures, locked_until from login_failures where key = $1`, [
      `acct:member:${m.account}`,
    ]);
    // Every try was reserved before its password was checked (the captcha threshold cannot be
    // outrun); the account itself is never locked, only a failing address is held back.
    expect(rows[0]).toEqual({ failures: 10, locked_until: null });
  });
});
