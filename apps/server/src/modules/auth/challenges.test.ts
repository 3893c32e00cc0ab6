import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { lastCode } from '../../test/identity.ts';
import { createMember } from '../../test/members.ts';
import { SECOND_VERIFICATION_MAX_ATTEMPTS, SECOND_VERIFICATION_MEMBER_LIMIT } from './second-verification.ts';

/**
 * A second-verification challenge is a login half-done with a password: it must not outlive
 * that password, and fresh tickets must not multiply the tries the second factor allows.
 */
describe('second-verification challenges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const HOME = '127.0.7.1';
  const ATTACKER = '127.0.7.66';
  let seq = 0;
  const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

  /** A member who has signed in at home once, so any other address gets a challenge. */
  async function owner() {
    seq++;
    const m = await createMember(t.app, {
      password: 'Owner1234',
      payeeName: 'Sita Karki',
      countryDialingCode: '977',
      mobileNum: `98777${String(seq).padStart(5, '0')}`,
    });
    const home = await post('/wps/session/login', { username: m.account, password: 'Owner1234' }, HOME);
    expect(home.json().value.token).toEqual(expect.any(String));
    return {
      ...m,
      homeToken: home.json().value.token as string,
      mobile: `98777${String(seq).padStart(5, '0')}`,
    };
  }
  const openChallenge = async (account: string, password = 'Owner1234') => {
    const res = await post('/wps/session/login', { username: account, password }, ATTACKER);
    return res.json().value.secondVerification.ticket as string;
  };
  const finish = (ticket: string, payeeName: string) =>
    post('/wps/session/login/verification', { ticket, method: 'payeeName', payeeName }, ATTACKER);

  it('a reset by phone closes the challenge the attacker opened with the old password', async () => {
    const m = await owner();
    const ticket = await openChallenge(m.account);
    await post(
      '/wps/verification/sms/noLogin',
      { mobileNum: m.mobile, countryDialingCode: '977', purpose: 'reset' },
      HOME,
    );
    const reset = await post(
      '/wps/member/password/verification',
      {
        mobileNum: m.mobile,
        countryDialingCode: '977',
        verificationCode: await lastCode(t.app, `+977 ${m.mobile}`),
        newPassword: 'NewOwner123',
      },
      HOME,
    );
    expect(reset.statusCode).toBe(200);
    const late = await finish(ticket, 'Sita Karki');
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'UNAUTHORIZED', value: null });
    expect(
      (await post('/wps/session/login/verification/send', { ticket, method: 'sms' }, ATTACKER)).statusCode,
    ).toBe(401);
  });

  it('a password change closes it too, even if the close itself were missed (bound to the password)', async () => {
    const m = await owner();
    const ticket = await openChallenge(m.account);
    const change = await post(
      '/wps/member/password',
      { data: { oldPassword: 'Owner1234', newPassword: 'Changed1234', confirmNewPassword: 'Changed1234' } },
      HOME,
      { token: m.homeToken },
    );
    expect(change.statusCode).toBe(200);
    expect((await finish(ticket, 'Sita Karki')).statusCode).toBe(401);

    // Reopen the challenge row by hand, as a missed close would leave it: the password version
    // it was opened with no longer matches, so it still cannot finish.
    await t.database.query(`update login_challenges set consumed_at = null where member_id = $1`, [m.id]);
    expect((await finish(ticket, 'Sita Karki')).statusCode).toBe(401);
  });

  it(`caps second-factor tries per member at ${SECOND_VERIFICATION_MEMBER_LIMIT}, across fresh tickets`, async () => {
    const m = await owner();
    const answers: string[] = [];
    const tickets = Math.ceil(SECOND_VERIFICATION_MEMBER_LIMIT / SECOND_VERIFICATION_MAX_ATTEMPTS) + 1;
    for (let k = 0; k < tickets; k++) {
      const ticket = await openChallenge(m.account);
      for (let i = 0; i < SECOND_VERIFICATION_MAX_ATTEMPTS; i++)
        answers.push((await finish(ticket, `Wrong Name ${k}${i}`)).json().code);
    }
    expect(answers.filter((c) => c === 'VALIDATION')).toHaveLength(SECOND_VERIFICATION_MEMBER_LIMIT);
    expect(answers.slice(SECOND_VERIFICATION_MEMBER_LIMIT).every((c) => c === 'RATE_LIMITED')).toBe(true);
    // The right name on a fresh ticket is refused too while the window lasts.
    const fresh = await openChallenge(m.account);
    expect((await finish(fresh, 'Sita Karki')).json().code).toBe('RATE_LIMITED');
    // The owner resetting the password starts the allowance afresh (the attacker lost the password).
    await t.app.services.auth.secondVerification.closeChallenges(m.id);
    await t.app.services.members.setPassword(m.id, 'Fresh1234');
    const own = await openChallenge(m.account, 'Fresh1234');
    const done = await finish(own, 'Sita Karki');
    expect(done.statusCode).toBe(200);
    expect(done.json().value.token).toEqual(expect.any(String));
  });
});
