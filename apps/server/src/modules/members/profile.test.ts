import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';

/** Issue 8, "Fidelity to SPEC": icon, menu, language, profile fields, store counters, consolidated. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (
  token: string | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  lang?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? { token } : {}), ...(lang ? { lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

function multipart(file: Buffer, field = 'file') {
  const boundary = `----wps${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('GET/POST /wps/member/info/icon (avatar)', () => {
  it('stores an uploaded avatar re-encoded (metadata dropped) and answers its address', async () => {
    const m = await createMember(t.app);
    expect((await call(m.token, 'GET', '/wps/member/info/icon')).json().value).toEqual({ iconUrl: null });
    const original = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3a6' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const body = multipart(original);
    const up = await t.app.inject({
      method: 'POST',
      url: '/wps/member/info/icon',
      headers: { token: m.token, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const iconUrl = up.json().value.iconUrl as string;
    expect(iconUrl).toMatch(/^\/wps\/cashier\/uploads\/[0-9a-f-]{36}$/);
    expect((await call(m.token, 'GET', '/wps/member/info/icon')).json().value).toEqual({ iconUrl });
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.iconUrl).toBe(iconUrl);
    const img = await call(m.token, 'GET', iconUrl);
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(original)).toBe(false);
    expect(img.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
    expect((await sharp(img.rawPayload).metadata()).width).toBe(40);
    // Only its owner sees it.
    const other = await createMember(t.app);
    expect((await call(other.token, 'GET', iconUrl)).statusCode).toBe(404);
  });

  it('refuses what is not a png/jpg, trial members and strangers', async () => {
    const m = await createMember(t.app);
    const html = multipart(Buffer.from('<html><script>alert(1)</script></html>'));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wps/member/info/icon',
      headers: { token: m.token, ...html.headers },
      payload: html.payload,
    });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe('Only PNG or JPG images are accepted.');
    const none = await call(m.token, 'POST', '/wps/member/info/icon', {});
    expect(none.statusCode).toBe(400);
    const trial = await createMember(t.app, { type: 4 });
    const png = multipart(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const asTrial = await t.app.inject({
      method: 'POST',
      url: '/wps/member/info/icon',
      headers: { token: trial.token, ...png.headers },
      payload: png.payload,
    });
    expect(asTrial.statusCode).toBe(403);
    expect((await call(null, 'GET', '/wps/member/info/icon')).statusCode).toBe(401);
  });
});

describe('PUT /wps/member/language (SPEC §4: the server is told)', () => {
  it('stores a known language code and refuses others', async () => {
    const m = await createMember(t.app);
    expect((await call(m.token, 'PUT', '/wps/member/language', { language: 'ne' })).statusCode).toBe(200);
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.language).toBe('NE');
    const bad = await call(m.token, 'PUT', '/wps/member/language', { language: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect((await call(null, 'PUT', '/wps/member/language', { language: 'EN' })).statusCode).toBe(401);
  });
});

describe('PUT /wps/member/profile (SPEC §3 profile fields under the register rules)', () => {
  it('saves valid values, answers rule messages per field, and clears with an empty value', async () => {
    const m = await createMember(t.app);
    const good = {
      nickname: 'राम 77',
      telegram: '@ram_np',
      zalo: '0912345678',
      birthday: '1990-04-14',
      address: 'Lalitpur-3, Bagmati',
      nationality: 'Nepali',
      occupation: 'Teacher',
      sourceOfIncome: 'Salary',
    };
    expect((await call(m.token, 'PUT', '/wps/member/profile', good)).statusCode).toBe(200);
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.profile).toEqual(good);
    // The nickname is the member info's own field too (the header and session show it).
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.nickname).toBe('राम 77');

    const bad = await call(m.token, 'PUT', '/wps/member/profile', {
      nickname: 'x',
      birthday: '14/04/1990',
      zalo: 'abc',
      nationality: 'N3pal',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields).toEqual({
      nickname: 'Please enter 2-20 characters: any characters',
      zalo: 'Please enter 9-15 characters: digits only',
      birthday: expect.stringMatching(/^Please enter 10 characters: /),
      nationality: 'Please enter 2-60 characters: letters and spaces',
    });
    // Nothing of a refused update is kept.
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.profile.zalo).toBe('0912345678');
    const tooLong = await call(m.token, 'PUT', '/wps/member/profile', { nickname: 'n'.repeat(21) }, 'ne');
    expect(tooLong.json().value.fields.nickname).toBe('कृपया 2-20 अक्षर लेख्नुहोस्: जुनसुकै अक्षर');
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.nickname).toBe('राम 77');

    expect((await call(m.token, 'PUT', '/wps/member/profile', { telegram: '  ' })).statusCode).toBe(200);
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.profile.telegram).toBeNull();
    // Unknown fields are refused, not silently dropped (the real name is a field since issue 27:
    // money-path.test.ts; an email is bound with its code, never here).
    expect((await call(m.token, 'PUT', '/wps/member/profile', { email: 'ram@example.com' })).statusCode).toBe(
      400,
    );
  });

  it('follows the operator-edited rule and refuses trial members', async () => {
    const { system } = t.app.services;
    const rule = (await system.registerSettings()).find((r) => r.field === 'occupation')!;
    await system.updateRegisterRule({ ...rule, minLength: 5 });
    try {
      const m = await createMember(t.app);
      const res = await call(m.token, 'PUT', '/wps/member/profile', { occupation: 'Cook' });
      expect(res.json().value.fields.occupation).toBe('Please enter 5-60 characters: any characters');
    } finally {
      await system.updateRegisterRule(rule);
    }
    const trial = await createMember(t.app, { type: 4 });
    expect((await call(trial.token, 'PUT', '/wps/member/profile', { occupation: 'Cook' })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /wps/member/menu', () => {
  it('lists the account menu under the flags and the member type', async () => {
    const { system } = t.app.services;
    const player = await createMember(t.app);
    const agent = await createMember(t.app, { type: 1 });
    const keys = async (token: string) =>
      ((await call(token, 'GET', '/wps/member/menu')).json().value as Array<{ key: string }>).map(
        (i) => i.key,
      );
    await system.setFlag('MANPLAYREB3', false);
    await system.setFlag('PTSYS3', true);
    expect(await keys(player.token)).toEqual([
      'bettingRecord',
      'accountRecord',
      'profitLoss',
      'rewardCenter',
      'points',
      'myAccount',
    ]);
    expect(await keys(agent.token)).toContain('agentCentre');
    await system.setFlag('PTSYS3', false);
    await system.setFlag('MANPLAYREB3', true);
    try {
      const k = await keys(player.token);
      expect(k).not.toContain('points');
      expect(k).toContain('manualRebate');
    } finally {
      await system.setFlag('PTSYS3', true);
      await system.setFlag('MANPLAYREB3', false);
    }
    expect((await call(null, 'GET', '/wps/member/menu')).statusCode).toBe(401);
  });
});

describe('GET /wps/member/info/store', () => {
  it('answers the counters (nothing to count yet) and refuses trial members (SPEC §4)', async () => {
    const m = await createMember(t.app);
    expect((await call(m.token, 'GET', '/wps/member/info/store')).json().value).toEqual({
      hasVip: false,
      unreadMessageCount: 0,
      availablePromoCount: 0,
    });
    const trial = await createMember(t.app, { type: 4 });
    expect((await call(trial.token, 'GET', '/wps/member/info/store')).statusCode).toBe(403);
  });
});

describe('GET /wps/member/info/funds/consolidated (SPEC §3 consolidated contract info)', () => {
  it('is the contract info, gated by AGENTPOLICY3 and refused to trial members', async () => {
    const { system } = t.app.services;
    const agent = await createMember(t.app, { type: 1 });
    const downline = await createMember(t.app, { parentId: agent.id });
    const loner = await createMember(t.app);
    const res = await call(downline.token, 'GET', '/wps/member/info/funds/consolidated');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      dailysalreqtype: null,
      divtypereq: null,
      contracthoursalreq: null,
      realtimesalreqtype: null,
      dailySalaryInfo: null,
      hourSalaryInfo: null,
      salaryInfo: null,
      contractDividendInfo: null,
      enableSalary: true,
      enableContract: true,
    });
    expect(
      (await call(loner.token, 'GET', '/wps/member/info/funds/consolidated')).json().value,
    ).toMatchObject({
      enableSalary: false,
      enableContract: false,
    });
    const trial = await createMember(t.app, { type: 4 });
    expect((await call(trial.token, 'GET', '/wps/member/info/funds/consolidated')).statusCode).toBe(403);
    await system.setFlag('AGENTPOLICY3', false);
    try {
      const off = await call(agent.token, 'GET', '/wps/member/info/funds/consolidated');
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe('Not enabled function, please contact customer service.');
    } finally {
      await system.setFlag('AGENTPOLICY3', true);
    }
    // The wallet totals moved to their own path.
    const wallets = await call(loner.token, 'GET', '/wps/member/info/funds/wallets');
    expect(wallets.json().value).toMatchObject({ trial: false, total: '0.00' });
  });
});
