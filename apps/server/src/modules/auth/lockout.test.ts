import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { solveAltcha } from '../../test/identity.ts';
import { createMember, createOperator } from '../../test/members.ts';

/**
 * Locks must hurt the attacker, not the owner: failures from many other addresses (127.0.0.0/8
 * gives plenty) never stop the owner signing in from theirs, at most they make the account ask
 * for the captcha. The human check is on here, as in production.
 */
describe('no one can lock anyone out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: false, humanCheck: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (url: string, payload: Record<string, unknown>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: { altcha: await solveAltcha(t.app), ...payload },
      remoteAddress: ip,
    });

  const attack = (url: string, payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url, payload: { altcha: 'granted', ...payload }, remoteAddress: ip });

  /** Signs in the way the browser would: the captcha answered when the server asks for it. */
  async function ownerSignsIn(url: string, username: string, password: string, ip: string) {
    let res = await post(url, { username, password }, ip);
    if (res.json().code === 'CAPTCHA_REQUIRED') {
      const captchaKey = `owner${'k'.repeat(20)}${Date.now()}`;
      const { text } = await t.app.services.auth.captcha.create(captchaKey);
      res = await post(url, { username, password, captchaKey, captcha: text }, ip);
    }
    return res;
  }

  for (const portal of ['player', 'operator'] as const) {
    it(`${portal}: 30 failures from 15 other addresses leave the owner able to sign in`, async () => {
      const url = portal === 'player' ? '/wps/session/login' : '/wps/admin/session/login';
      const { account, password } =
        portal === 'player'
          ? await createMember(t.app, { password: 'Owner1234' })
          : await createOperator(t.app, { permissions: ['*'], password: 'Owner@1234' });
      // The attacker is granted every proof of work (and below every captcha) for free: even
      // then only their own addresses slow down.
      const human = t.app.services.auth.humanCheck;
      const verify = human.verify;
      human.verify = async () => true;
      const statuses = new Set<number>();
      for (let i = 0; i < 30; i++) {
        const ip = `127.0.${portal === 'player' ? 1 : 2}.${(i % 15) + 10}`;
        const captchaKey = `atk${'a'.repeat(20)}${i}`;
        const { text } = await t.app.services.auth.captcha.create(captchaKey);
        statuses.add(
          (await attack(url, { username: account, password: `wrong-${i}`, captchaKey, captcha: text }, ip))
            .statusCode,
        );
      }
      human.verify = verify;
      expect([...statuses].every((s) => s === 401 || s === 423)).toBe(true);
      const owner = await ownerSignsIn(url, account, password, '127.0.0.1');
      expect(owner.statusCode).toBe(200);
      expect(owner.json().value.token).toEqual(expect.any(String));
      // The audit keeps every try, the attacker's addresses included.
      const rows = await t.app.services.auth.auditTrail({ account, limit: 500 });
      expect(rows.filter((r) => r.result === 'bad_password').length).toBeGreaterThanOrEqual(30);
      expect(rows[0]).toMatchObject({ result: 'ok', ip: '127.0.0.1' });
    });
  }

  it('one budget per person across the player and agent doors: alternating doors buys no extra guesses', async () => {
    const agent = await createMember(t.app, { password: 'Agent1234', type: 1 });
    const doors = ['/wps/session/login', '/wps/session/login/agent'];
    const human = t.app.services.auth.humanCheck;
    const verify = human.verify;
    human.verify = async () => true;
    const answers: number[] = [];
    try {
      // Issue 28: five wrong tries from one address, whichever doors they came through, start
      // the progressive delay for that address on that person at every door.
      for (let i = 0; i < 6; i++) {
        const captchaKey = `door${'d'.repeat(20)}${i}`;
        const { text } = await t.app.services.auth.captcha.create(captchaKey);
        const res = await attack(
          doors[i % 2]!,
          { username: agent.account, password: `wrong-${i}`, captchaKey, captcha: text },
          '127.0.4.1',
        );
        answers.push(res.statusCode);
      }
    } finally {
      human.verify = verify;
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]).toBe(423);
    // Held back at the other door too, even with the right password; the owner elsewhere is not.
    const captchaKey = `door${'e'.repeat(20)}`;
    const { text } = await t.app.services.auth.captcha.create(captchaKey);
    const other = await post(
      doors[1]!,
      { username: agent.account, password: 'Agent1234', captchaKey, captcha: text },
      '127.0.4.1',
    );
    expect(other.statusCode).toBe(423);
    expect((await ownerSignsIn(doors[1]!, agent.account, 'Agent1234', '127.0.4.2')).statusCode).toBe(200);
  });

  it('operator login requires the human check (ALTCHA), as the player login does', async () => {
    const op = await createOperator(t.app, { permissions: ['*'], password: 'Human@1234' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/session/login',
      payload: { username: op.account, password: 'Human@1234' },
      remoteAddress: '127.0.3.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('HUMAN_CHECK_FAILED');
    expect(
      (await post('/wps/admin/session/login', { username: op.account, password: 'Human@1234' }, '127.0.3.1'))
        .statusCode,
    ).toBe(200);
  });
});
