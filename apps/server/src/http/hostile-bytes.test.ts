import { createHmac } from 'node:crypto';
import { boundedDateSchema, isSafeText, safeString } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createMember, createOperator } from '../test/members.ts';

/** The three examples the attack found, each one representative of its class (see hostile-input.test.ts). */
describe('hostile bytes answer 4xx, never 5xx', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the shared string schema refuses lone surrogates and NUL, keeps every real character', () => {
    for (const bad of ['\uD800', 'a\uDC00', 'x\uDBFFy', 'a\u0000b']) {
      expect(isSafeText(bad)).toBe(false);
      expect(safeString().safeParse(bad).success).toBe(false);
    }
    for (const good of ['', 'नेपाल', '😀 emoji', '中文', 'tab\tnewline\n']) {
      expect(safeString().safeParse(good).success).toBe(true);
    }
    expect(safeString().trim().max(3).safeParse(' ab ').data).toBe('ab');
  });

  it('dates outside 2000–2100 are a validation error', () => {
    for (const bad of ['0000-01-01', '9999-12-31', '1999-12-31', '2101-01-01', '9999-12-31T23:59:59Z']) {
      expect(boundedDateSchema.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ['2000-01-01', '2026-11-23', '2100-12-31', '2026-11-23T10:00:00+05:45']) {
      expect(boundedDateSchema.safeParse(good).success, good).toBe(true);
    }
  });

  it('refuses lone surrogates and NUL anywhere in a request, including keys and inline route schemas', async () => {
    const operator = await createOperator(t.app, { permissions: ['*'] });
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/admin/system/maintenance',
        headers: { token: operator.token },
        payload: payload as object,
      });
    for (const message of ['back \uD800 soon', 'a\u0000b']) {
      const res = await put({ enabled: false, message });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await put({ enabled: false, ['k\uDC00']: 1 })).statusCode).toBe(400);
  });

  it('a seamless call with a lone surrogate id is refused with 400 (a vendor would retry a 500 forever)', async () => {
    const secret = t.app.config.sandboxVendorSecret ?? t.app.config.vendorSecrets.SANDBOX;
    if (!secret) return; // no SANDBOX vendor configured in this build: nothing to sign
    const member = await createMember(t.app);
    const body = JSON.stringify({
      txId: 'tx-\uD800',
      roundId: 'r\u0000',
      username: member.account,
      gameCode: 'G',
      amount: '1.00',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/seamless/v1/SANDBOX/bet',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', secret).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a truncated or boundary-less multipart body is a 400', async () => {
    const member = await createMember(t.app);
    const part = [
      '--B',
      'Content-Disposition: form-data; name="channelId"',
      '',
      '1',
      '--B',
      'Content-Disposition: form-data; name="proof"; filename="p.png"',
      'Content-Type: image/png',
      '',
      'abc',
    ].join('\r\n');
    for (const contentType of ['multipart/form-data; boundary=B', 'multipart/form-data']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/deposits',
        headers: { token: member.token, 'content-type': contentType },
        payload: part,
      });
      expect(res.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, contentType).toBeLessThan(500);
    }
  });

  it('account records refuse dates out of range with 400', async () => {
    const member = await createMember(t.app);
    for (const q of ['to=9999-12-31', 'from=0000-01-01', 'from=0000-01-01&to=9999-12-31']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/cashier/records?${q}`,
        headers: { token: member.token },
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});
