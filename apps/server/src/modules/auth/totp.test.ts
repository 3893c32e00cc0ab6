import { RECOVERY_CODE_COUNT } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createOperator } from '../../test/members.ts';
import { totpCode } from '../../test/operators.ts';
import { TOTP_CHALLENGE_MAX_ATTEMPTS, TOTP_CODE_LIMIT } from './operator-login.ts';
import { SecretBox } from './totp.ts';

let t: TestApp;
let ip = 0;
const nextIp = () => `10.8.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
});
afterAll(() => t.close());

const post = (url: string, token: string | null, payload?: object, from = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? { token } : {}), 'x-forwarded-for': from },
    ...(payload ? { payload } : {}),
  });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });
const login = (username: string, password: string) =>
  post('/wps/admin/session/login', null, { username, password });
const second = (challenge: string, code: string, from?: string) =>
  post('/wps/admin/session/login/totp', null, { challenge, code }, from);

describe('TOTP enrolment', () => {
  it('gates an owner without TOTP to enrolment only, then enrols with a QR secret and a code', async () => {
    const op = await createOperator(t.app, { role: 'owner', totp: false, password: 'Owner@1234' });
    const signIn = await login(op.account, 'Owner@1234');
    expect(signIn.json().value).toMatchObject({ totpRequired: false, totpEnrolmentRequired: true });
    const token = signIn.json().value.token as string;

    // Every other admin call is refused with a clear code until enrolled.
    for (const url of ['/wps/admin/operators', '/wps/admin/system', '/wps/admin/login-audit']) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TOTP_ENROLMENT_REQUIRED');
      expect(res.json().message).toMatch(/two-factor/);
    }
    const ne = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/operators',
      headers: { token, 'accept-language': 'ne' },
    });
    expect(ne.json().message).toMatch(/[\u0900-\u097F]/);
    expect((await get('/wps/admin/session/me', token)).json().value.totpEnrolmentRequired).toBe(true);
    expect((await get('/wps/admin/session/totp', token)).json().value).toMatchObject({
      enabled: false,
      required: true,
    });

    const enrol = await post('/wps/admin/session/totp/enrol', token);
    expect(enrol.statusCode).toBe(200);
    const { secret, uri } = enrol.json().value as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    // The secret is stored encrypted, never in the clear.
    const [row] = await t.database.query('select totp_pending_secret from operators where id = $1', [op.id]);
    expect(String(row!.totp_pending_secret)).not.toContain(secret);

    const wrong = await post('/wps/admin/session/totp/confirm', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_INVALID');
    const confirm = await post('/wps/admin/session/totp/confirm', token, { code: totpCode(secret) });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().value.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    // Stored hashed.
    const stored = await t.database.query(
      'select code_hash from operator_recovery_codes where operator_id = $1',
      [op.id],
    );
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);

    // The same session may now use the console; the secret is never answered again.
    expect((await get('/wps/admin/operators', token)).statusCode).toBe(200);
    const status = await get('/wps/admin/session/totp', token);
    expect(status.json().value).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(status.body).not.toContain(secret);
    expect((await post('/wps/admin/session/totp/enrol', token)).statusCode).toBe(409);
    const audit = await t.app.services.audit.list({ pageNo: 1, pageSize: 5, action: 'operator.totp_enrol' });
    expect(audit.content[0]).toMatchObject({ targetId: String(op.id) });
  });

  it('does not gate roles that do not require TOTP', async () => {
    const op = await createOperator(t.app, { role: 'support', password: 'Support@123' });
    const signIn = await login(op.account, 'Support@123');
    expect(signIn.json().value).toMatchObject({ totpRequired: false, totpEnrolmentRequired: false });
  });

  it('seals secrets with AES-GCM: another key or a changed byte cannot open them', () => {
    const box = new SecretBox('k'.repeat(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(new SecretBox('x'.repeat(32)).open(sealed)).toBeNull();
    expect(box.open(`${sealed.slice(0, -2)}AA`)).toBeNull();
  });
});

describe('TOTP sign-in', () => {
  it('asks for a code after the password and gives the token for a valid one; a replayed code is refused', async () => {
    const op = await createOperator(t.app, { role: 'finance', password: 'Finance@123' });
    const first = await login(op.account, 'Finance@123');
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ token: null, totpRequired: true });
    const challenge = first.json().value.challenge as string;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const bad = await second(challenge, '123456');
    expect(bad.json().code).toBe('CODE_INVALID');
    const code = totpCode(op.totpSecret!, 1);
    const ok = await second(challenge, code);
    expect(ok.statusCode).toBe(200);
    const token = ok.json().value.token as string;
    expect(ok.json().value).toMatchObject({
      account: op.account,
      role: 'finance',
      totpEnrolmentRequired: false,
    });
    expect((await get('/wps/admin/session/me', token)).statusCode).toBe(200);
    // The challenge is spent.
    expect((await second(challenge, code)).json().code).toBe('CODE_EXPIRED');

    // Replay: the same code with a fresh challenge, still inside its window.
    const again = await login(op.account, 'Finance@123');
    const replay = await second(again.json().value.challenge, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('CODE_INVALID');
    const audit = await t.app.services.auth.auditTrail({ account: op.account });
    expect(audit.map((a) => a.result)).toEqual(
      expect.arrayContaining(['second_verification', 'code_invalid', 'ok']),
    );
  });

  it('accepts each recovery code once', async () => {
    const op = await createOperator(t.app, { role: 'owner', totp: false, password: 'Owner@1234' });
    const { secret } = await t.app.services.auth.totp.begin(op.id, op.account);
    const { recoveryCodes } = await t.app.services.auth.totp.confirm(op.id, op.account, totpCode(secret));
    const use = async (code: string) => {
      const ch = (await login(op.account, 'Owner@1234')).json().value.challenge as string;
      return second(ch, code);
    };
    const ok = await use(recoveryCodes[3]!.toUpperCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.token).toEqual(expect.any(String));
    expect((await use(recoveryCodes[3]!)).json().code).toBe('CODE_INVALID');
    expect((await use(recoveryCodes[4]!.replace('-', ''))).statusCode).toBe(200);
    const status = await t.app.services.auth.totp.status(op.id, 'owner');
    expect(status.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
  });

  it('a password reset closes the code step opened with the old password (issue 28)', async () => {
    const op = await createOperator(t.app, { role: 'finance', password: 'Finance@123' });
    const challenge = (await login(op.account, 'Finance@123')).json().value.challenge as string;
    await t.app.services.auth.operators.resetPassword(
      { id: 0, account: 'owner-test', ip: '127.0.0.1' },
      op.id,
      'Renewed@1234',
    );
    // The right code no longer opens a session on the challenge the old password opened.
    const late = await second(challenge, totpCode(op.totpSecret!, 1));
    expect(late.json().code).toBe('CODE_EXPIRED');
    // The new password opens a fresh one.
    const fresh = (await login(op.account, 'Renewed@1234')).json().value.challenge as string;
    const opened = await second(fresh, totpCode(op.totpSecret!, 1));
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('limits tries per challenge and per operator (rate limit)', async () => {
    const op = await createOperator(t.app, { role: 'finance', password: 'Finance@123' });
    const ch = (await login(op.account, 'Finance@123')).json().value.challenge as string;
    for (let i = 0; i < TOTP_CHALLENGE_MAX_ATTEMPTS; i++) {
      expect((await second(ch, '000000')).json().code).toBe('CODE_INVALID');
    }
    // The challenge is used up: even the right code no longer works with it.
    expect((await second(ch, totpCode(op.totpSecret!, 1))).json().code).toBe('CODE_EXPIRED');

    let limited = false;
    for (let i = 0; i < TOTP_CODE_LIMIT && !limited; i++) {
      const c = (await login(op.account, 'Finance@123')).json().value.challenge as string;
      const res = await second(c, '000000');
      if (res.statusCode === 429) limited = true;
    }
    expect(limited).toBe(true);
    // Now even the right code waits.
    const c = (await login(op.account, 'Finance@123')).json().value.challenge as string;
    const res = await second(c, totpCode(op.totpSecret!, 1));
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });

  it('prunes code-step challenges a day after they expired, keeping live ones', async () => {
    const op = await createOperator(t.app, { role: 'finance', password: 'Finance@123' });
    await login(op.account, 'Finance@123');
    await login(op.account, 'Finance@123');
    await t.database.query(
      `update operator_login_challenges set expires_at = now() - interval '2 days'
        where id = (select min(id) from operator_login_challenges where operator_id = $1)`,
      [op.id],
    );
    await t.app.services.auth.prune();
    const left = await t.database.query('select id from operator_login_challenges where operator_id = $1', [
      op.id,
    ]);
    expect(left).toHaveLength(1);
  });
});
