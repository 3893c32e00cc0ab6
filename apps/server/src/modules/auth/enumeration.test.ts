import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Accounts } from '../wallet/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { lastCode, solveAltcha } from '../../test/identity.ts';
import { createMember } from '../../test/members.ts';

/**
 * Nothing a signed-out caller (or a member without the payment password) can send tells which
 * usernames or phone numbers exist: the same answer, and the same work before the answer,
 * whatever exists. Timing is checked structurally (which calls run before the reply), never by
 * measuring it.
 */
describe('no enumeration of accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: false, humanCheck: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const shape = (res: { statusCode: number; json(): { code: string; message: string; value: unknown } }) => {
    const j = res.json();
    return { status: res.statusCode, code: j.code, message: j.message, value: j.value };
  };

  it('register: a taken and a free username get the same answer until the human check passes', async () => {
    const taken = await createMember(t.app);
    const body = (username: string) => ({
      username,
      password: 'Passw0rd1',
      confirmPassword: 'Passw0rd1',
      terms: true,
      ageConfirmed: true,
    });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/wps/member/register', payload, remoteAddress: '127.0.5.1' });
    const a = await put(body(taken.account));
    const b = await put(body(`free${Date.now().toString(36)}`));
    expect(shape(a)).toEqual(shape(b));
    expect(a.json().code).toBe('HUMAN_CHECK_FAILED');
    // Past the human check the form must say so (it cannot succeed otherwise).
    const c = await put({ ...body(taken.account), altcha: await solveAltcha(t.app) });
    expect(c.json().value.fields.username).toBe('This username is already taken');
  });

  describe('transfers', () => {
    const PAY = 'Pay@1234';
    let agent: Awaited<ReturnType<typeof createMember>>;
    let outsider: Awaited<ReturnType<typeof createMember>>;
    beforeAll(async () => {
      agent = await createMember(t.app, { type: 1, paymentPassword: PAY });
      outsider = await createMember(t.app, { paymentPassword: PAY });
      await t.app.services.wallet.post({
        key: `enum-fund:${agent.id}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -10_000n },
          { account: Accounts.cash(agent.id), amount: 10_000n },
        ],
      });
    });
    const transfer = (account: string, paymentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { token: agent.token },
        payload: { direction: 'downline', account, amount: '1.00', paymentPassword },
      });

    it('a real name outside the team and an unknown name answer alike, with or without the payment password', async () => {
      const ghost = `ghost${Date.now().toString(36)}`;
      const wrongReal = await transfer(outsider.account, 'not-it');
      const wrongGhost = await transfer(ghost, 'not-it');
      expect(shape(wrongReal)).toEqual(shape(wrongGhost));
      expect(wrongReal.json().value.fields).toHaveProperty('paymentPassword');
      const real = await transfer(outsider.account, PAY);
      const unknown = await transfer(ghost, PAY);
      expect(shape(real)).toEqual(shape(unknown));
      expect(real.statusCode).toBe(400);
      expect(real.json().value.fields.account).toBe('You can only transfer to members of your own team.');
    });

    it('does the same member lookups for a real name and an unknown one', async () => {
      const { members } = t.app.services;
      const calls: string[] = [];
      const getByAccount = members.getByAccount.bind(members);
      const isInDownline = members.isInDownline.bind(members);
      const verifyPaymentPassword = members.verifyPaymentPassword.bind(members);
      const spies = [
        vi.spyOn(members, 'getByAccount').mockImplementation(async (a) => {
          calls.push('getByAccount');
          return getByAccount(a);
        }),
        vi.spyOn(members, 'isInDownline').mockImplementation(async (a, b) => {
          calls.push('isInDownline');
          return isInDownline(a, b);
        }),
        vi.spyOn(members, 'verifyPaymentPassword').mockImplementation(async (a, b) => {
          calls.push('verifyPaymentPassword');
          return verifyPaymentPassword(a, b);
        }),
      ];
      try {
        calls.length = 0;
        await transfer(outsider.account, PAY);
        const forReal = [...calls];
        calls.length = 0;
        await transfer(`ghost${Date.now().toString(36)}`, PAY);
        expect(calls).toEqual(forReal);
        expect(forReal).toEqual(['verifyPaymentPassword', 'getByAccount', 'isInDownline']);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    });
  });

  it('SMS codes: the answer never waits on whether the number is registered', async () => {
    const registered = await createMember(t.app, { countryDialingCode: '977', mobileNum: '9844440001' });
    const { members } = t.app.services;
    // Hold every phone lookup: if the reply depended on it, the calls below would never answer.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const original = members.getByMobile.bind(members);
    const spy = vi.spyOn(members, 'getByMobile').mockImplementation(async (d, m) => {
      await gate;
      return original(d, m);
    });
    try {
      const send = async (mobileNum: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/noLogin',
          payload: { mobileNum, countryDialingCode: '977', altcha: await solveAltcha(t.app) },
          remoteAddress: ip,
        });
      const a = await send('9844440001', '127.0.6.1');
      const b = await send('9844449999', '127.0.6.2');
      expect(shape(a)).toEqual(shape(b));
      expect(a.json().value).toEqual({ expiredMinutes: 5 });
      release();
      // Only the registered number received a code, after the answer.
      expect(await lastCode(t.app, '+977 9844440001')).toMatch(/^\d{6}$/);
      expect(await t.app.services.verification.outbox({ recipient: '+977 9844449999' })).toEqual([]);
      expect(spy).toHaveBeenCalledTimes(2);
      expect(registered.id).toBeGreaterThan(0);
    } finally {
      release();
      spy.mockRestore();
    }
  });
});
