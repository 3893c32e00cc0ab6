import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { solveAltcha } from '../../test/identity.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { PAYMENT_PASSWORD_MAX_FAILURES } from '../members/service.ts';
import { CODE_MAX_ATTEMPTS } from '../verification/service.ts';
import { CAPTCHA_AFTER_ACCOUNT_FAILURES, DELAY_AFTER_FAILURES } from './failures.ts';
import { SECOND_VERIFICATION_MAX_ATTEMPTS } from './second-verification.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;
const BURST = 40;

const codeOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'OK' : ((r.reason as { code?: string }).code ?? 'THROWN');
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;

/**
 * Every limit that guards a secret, hit by a parallel burst on real PostgreSQL (PGlite runs one
 * statement at a time and cannot show the race). Each try is reserved before the secret is
 * compared, so at most the limit is ever evaluated and the right secret afterwards is refused.
 */
describe.skipIf(!hasPostgres)('attempt limits under parallel bursts (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: false }, { postgres: 'require' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it(`payment password: ${BURST} parallel wrong guesses evaluate ${PAYMENT_PASSWORD_MAX_FAILURES}, then the right one waits`, async () => {
    const { members } = t.app.services;
    const m = await createMember(t.app, { paymentPassword: '246810' });
    const codes = (
      await Promise.allSettled(
        Array.from({ length: BURST }, () => members.verifyPaymentPassword(m.id, '000000')),
      )
    ).map(codeOf);
    expect(count(codes, 'OK')).toBe(0);
    // Evaluated guesses answer "wrong" except the one that reached the limit (it answers the
    // pause); everything else was refused without looking at the password.
    expect(count(codes, 'VALIDATION')).toBe(PAYMENT_PASSWORD_MAX_FAILURES - 1);
    expect(count(codes, 'ACCOUNT_LOCKED')).toBe(BURST - PAYMENT_PASSWORD_MAX_FAILURES + 1);
    const [row] = await t.database.query(
      'select payment_password_failures as n, payment_password_locked_until > now() as locked from members where id = $1',
      [m.id],
    );
    expect(row).toEqual({ n: PAYMENT_PASSWORD_MAX_FAILURES, locked: true });
    await expect(members.verifyPaymentPassword(m.id, '246810')).rejects.toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
    // Once the pause is over the right password works and settles the count.
    await t.database.query(
      `update members set payment_password_locked_until = now() - interval '1 second' where id = $1`,
      [m.id],
    );
    await members.verifyPaymentPassword(m.id, '246810');
    const [after] = await t.database.query(
      'select payment_password_failures as n, payment_password_locked_until as until from members where id = $1',
      [m.id],
    );
    expect(after).toEqual({ n: 0, until: null });
  });

  it(`SMS and mail codes: a burst of wrong codes compares ${CODE_MAX_ATTEMPTS}, and the right code is dead`, async () => {
    const { verification } = t.app.services;
    for (const [channel, destination] of [
      ['sms', '+977 9800000001'],
      ['email', 'burst@example.com'],
    ] as const) {
      await verification.issue({ purpose: 'login', channel, destination, locale: 'en' });
      const [msg] = await verification.outbox({ recipient: destination, limit: 1 });
      const right = /\b(\d{6})\b/.exec(msg!.body)![1]!;
      const wrong = right === '000000' ? '000001' : '000000';
      const codes = (
        await Promise.allSettled(
          Array.from({ length: 100 }, () =>
            verification.consume({ purpose: 'login', destination, code: wrong }),
          ),
        )
      ).map(codeOf);
      expect(codes.every((c) => c === 'CODE_INVALID')).toBe(true);
      const [row] = await t.database.query(
        'select attempts from verification_codes where destination = $1 order by id desc limit 1',
        [destination],
      );
      expect(row).toEqual({ attempts: CODE_MAX_ATTEMPTS });
      await expect(
        verification.consume({ purpose: 'login', destination, code: right }),
      ).rejects.toMatchObject({
        code: 'CODE_INVALID',
      });
    }
  });

  it('second verification: 100 parallel guesses on one ticket evaluate the ticket limit, none gets a session', async () => {
    const m = await createMember(t.app, {
      password: 'Second123',
      payeeName: 'Rita Sharma',
      countryDialingCode: '977',
      mobileNum: '9800000002',
    });
    expect(
      (await inject('/wps/session/login', { username: m.account, password: 'Second123' }, '10.9.0.1'))
        .statusCode,
    ).toBe(200);
    const away = await inject(
      '/wps/session/login',
      { username: m.account, password: 'Second123' },
      '10.9.0.2',
    );
    const ticket = away.json().value.secondVerification.ticket as string;
    await inject('/wps/session/login/verification/send', { ticket, method: 'sms' }, '10.9.0.2');
    const [msg] = await t.app.services.verification.outbox({ recipient: '+977 9800000002', limit: 1 });
    const right = /\b(\d{6})\b/.exec(msg!.body)![1]!;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        inject(
          '/wps/session/login/verification',
          i % 2
            ? { ticket, method: 'payeeName', payeeName: `Wrong Name ${i}` }
            : { ticket, method: 'sms', verificationCode: right === '000000' ? '000001' : '000000' },
          '10.9.0.2',
        ),
      ),
    );
    expect(answers.filter((a) => a.json().value?.token).length).toBe(0);
    const [row] = await t.database.query('select attempts from login_challenges where member_id = $1', [
      m.id,
    ]);
    expect(row).toEqual({ attempts: SECOND_VERIFICATION_MAX_ATTEMPTS });
    // Evaluated tries answer their own mismatch; the rest never reached a comparison.
    const refused = answers.filter((a) => a.json().code === 'UNAUTHORIZED');
    expect(refused.length).toBe(100 - SECOND_VERIFICATION_MAX_ATTEMPTS);
    const late = await inject(
      '/wps/session/login/verification',
      { ticket, method: 'payeeName', payeeName: 'Rita Sharma' },
      '10.9.0.2',
    );
    expect(late.statusCode).toBe(401);
  });

  it(`login: a burst from one address evaluates at most ${DELAY_AFTER_FAILURES} passwords, then even the right one waits there`, async () => {
    for (const [url, account, password] of [
      ['/wps/session/login', (await createMember(t.app, { password: 'Burst1234' })).account, 'Burst1234'],
      [
        '/wps/admin/session/login',
        (await createOperator(t.app, { permissions: ['*'], password: 'Oper@1234' })).account,
        'Oper@1234',
      ],
    ] as const) {
      const ip = url.includes('admin') ? '10.9.1.2' : '10.9.1.1';
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          inject(url, { username: account, password: `wrong-${i}` }, ip),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      // 401 = the password was evaluated; 423 = held back before; 429 = the per-minute limit.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(DELAY_AFTER_FAILURES);
      expect(statuses.every((s) => s === 401 || s === 423 || s === 429)).toBe(true);
      expect([423, 429]).toContain((await inject(url, { username: account, password }, ip)).statusCode);
      // The owner, elsewhere, is not held back.
      expect((await inject(url, { username: account, password }, '10.9.1.200')).statusCode).toBe(200);
    }
  });
});

/** The captcha threshold under a burst needs the human check on (and a solved ALTCHA per call). */
describe.skipIf(!hasPostgres)(
  'login captcha threshold under a parallel burst (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: false, humanCheck: true }, { postgres: 'require' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`evaluates at most ${CAPTCHA_AFTER_ACCOUNT_FAILURES} passwords before the captcha, from any number of addresses`, async () => {
      const m = await createMember(t.app, { password: 'Captcha123' });
      const altchas = await Promise.all(Array.from({ length: 30 }, () => solveAltcha(t.app)));
      const answers = await Promise.all(
        altchas.map((altcha, i) =>
          t.app.inject({
            method: 'POST',
            url: '/wps/session/login',
            payload: { username: m.account, password: `wrong-${i}`, altcha },
            remoteAddress: `127.0.${Math.floor(i / 200)}.${(i % 200) + 2}`,
          }),
        ),
      );
      const codes = answers.map((a) => a.json().code as string);
      expect(count(codes, 'UNAUTHORIZED')).toBe(CAPTCHA_AFTER_ACCOUNT_FAILURES);
      expect(count(codes, 'CAPTCHA_REQUIRED')).toBe(30 - CAPTCHA_AFTER_ACCOUNT_FAILURES);
      // The right password without the captcha is refused now; with it, it works.
      const plain = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: m.account, password: 'Captcha123', altcha: await solveAltcha(t.app) },
        remoteAddress: '127.0.9.9',
      });
      expect(plain.json().code).toBe('CAPTCHA_REQUIRED');
    });
  },
);
