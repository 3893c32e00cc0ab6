import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

// 27.34.16.1 is in a Nepali allocation of the GeoLite2 data; 8.8.8.8 is in the US.
const NEPAL_IP = '27.34.16.1';
const US_IP = '8.8.8.8';

describe('system module', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const status = async (ip: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers status 0 with the visitor IP when nothing is set', async () => {
    const body = await status(US_IP);
    expect(body).toMatchObject({ success: true, code: 'OK', value: { status: 0, ip: US_IP, country: 'US' } });
  });

  it('blocks a country from the operator list with status 2, and maintenance (1) wins over it', async () => {
    const system = t.app.services.system;
    await system.setBlockedCountries(['us']);
    expect((await status(US_IP)).value.status).toBe(2);
    expect((await status(NEPAL_IP)).value.status).toBe(0);

    await system.setMaintenance({ enabled: true, message: 'Back at 10:00' }, 'test');
    const both = await status(US_IP);
    expect(both.value).toMatchObject({ status: 1, maintenanceMessage: 'Back at 10:00' });

    await system.setMaintenance({ enabled: false, message: null }, 'test');
    await system.setBlockedCountries([]);
    expect((await status(US_IP)).value.status).toBe(0);
  });

  it('refuses other /wps calls during maintenance but keeps system calls open', async () => {
    await t.app.services.system.setMaintenance({ enabled: true, message: null }, 'test');
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/info' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'MAINTENANCE' });
    const open = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(open.statusCode).toBe(200);
    await t.app.services.system.setMaintenance({ enabled: false, message: null }, 'test');
  });

  it('does not believe X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const strict = await createTestApp({ trustProxy: false });
    try {
      const res = await strict.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': US_IP },
      });
      expect(res.json().value.ip).toBe('127.0.0.1');
    } finally {
      await strict.close();
    }
  });

  it('survives hostile X-Forwarded-For values', async () => {
    for (const xff of ['not-an-ip', '999.999.1.1', `${'1.'.repeat(2000)}1`, '<script>', ', , ,']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': xff },
      });
      expect(res.statusCode, xff).toBe(200);
      expect(res.json().value.status).toBe(0);
    }
  });

  it('serves the whitelabel tree with every SPEC §6 flag', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json();
    for (const flag of [
      'USERNAMEREG3',
      'MOBILENUMREG3',
      'MOBILENUMPASSREG3',
      'REGMOBVERF3',
      'CHNGPASSVERIF3',
      'AGENTPOLICY3',
      'PTSYS3',
      'MANPLAYREB3',
    ]) {
      expect(body.value.flags, flag).toHaveProperty(flag);
    }
    const games = body.value.modules.find((m: { modId: string }) => m.modId === 'GAMES');
    expect(games.childrenNodes.map((c: { modId: string }) => c.modId)).toContain('RNG');
  });

  it('serves register rules and reflects an operator change at once (cache invalidated)', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json();
    const username = before.value.find((r: { field: string }) => r.field === 'username');
    expect(username).toMatchObject({ enabled: true, required: true, patternId: 'LETTER_FIRST_ALNUM' });
    await t.app.services.system.updateRegisterRule({ ...username, minLength: 6 });
    const after = (await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json();
    expect(after.value.find((r: { field: string }) => r.field === 'username').minLength).toBe(6);
  });

  it('builds the permission payload with location, CDNs and encoded customer-service paths', async () => {
    await t.app.services.system.addCustomerService({
      csPosition: 'LIVECHAT',
      title: 'Live chat',
      url: 'https://chat.example.com/x',
    });
    const body = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/system/permission',
        headers: { 'x-forwarded-for': NEPAL_IP },
      })
    ).json();
    expect(body.value.location).toEqual({ ip: NEPAL_IP, country: 'NP' });
    expect(body.value.maintenance).toBe(false);
    const cs = body.value.info.customerService[0];
    expect(Buffer.from(cs.path, 'base64').toString()).toBe('https://chat.example.com/x');
    expect(body.value.info.register.length).toBeGreaterThan(5);
    // SPEC §3 public store and §9 languages, from configuration (defaults here).
    expect(body.value.info).toMatchObject({
      currencySymbol: 'Rs',
      languages: ['EN', 'NE'],
      defaultLanguage: 'EN',
    });
  });

  it('keeps operator controls behind the operator role', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/admin/system/maintenance',
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    expect((await t.app.services.system.maintenance()).enabled).toBe(false);
  });

  it('lets an operator with the system permission change controls, and audits each change', async () => {
    const op = await createOperator(t.app, { permissions: ['system'] });
    const put = (url: string, payload: unknown, token = op.token) =>
      t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { token } });

    const m = await put('/wps/admin/system/maintenance', { enabled: true, message: 'Upgrade' });
    expect(m.statusCode).toBe(200);
    expect(m.json().value).toEqual({ enabled: true, message: 'Upgrade' });
    expect((await status(US_IP)).value.status).toBe(1);
    await put('/wps/admin/system/maintenance', { enabled: false });

    expect((await put('/wps/admin/system/blocked-countries', { countries: ['US'] })).statusCode).toBe(200);
    expect((await status(US_IP)).value.status).toBe(2);
    expect((await put('/wps/admin/system/blocked-countries', { countries: ['usa'] })).statusCode).toBe(400);
    await put('/wps/admin/system/blocked-countries', { countries: [] });

    // The domains the web app accepts (SPEC §8 'Invalid URL'): host names only, lower-cased.
    const d = await put('/wps/admin/system/domain-route', {
      mainDomain: 'Play.Example.com',
      domains: ['example.com', 'example.com', '127.0.0.1'],
    });
    expect(d.statusCode).toBe(200);
    expect(d.json().value).toEqual({ mainDomain: 'play.example.com', domains: ['example.com', '127.0.0.1'] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/system/domainRoute' })).json().value.mainDomain,
    ).toBe('play.example.com');
    for (const bad of ['https://x.com', 'x.com/path', 'a b', '']) {
      expect(
        (await put('/wps/admin/system/domain-route', { mainDomain: bad, domains: [] })).statusCode,
        bad,
      ).toBe(400);
    }
    await put('/wps/admin/system/domain-route', {
      mainDomain: 'localhost',
      domains: ['localhost', '127.0.0.1'],
    });

    expect((await put('/wps/admin/system/flags/PTSYS3', { enabled: false })).json().value.PTSYS3).toBe(false);
    expect((await put('/wps/admin/system/flags/NOPE', { enabled: false })).statusCode).toBe(404);

    const rule = {
      enabled: true,
      required: true,
      acceptedPattern: '^[a-z]+$',
      patternId: 'ALNUM',
      minLength: 5,
      maxLength: 12,
    };
    expect((await put('/wps/admin/system/register-rules/username', rule)).statusCode).toBe(200);
    expect((await t.app.services.system.registerRule('username'))?.minLength).toBe(5);
    expect((await put('/wps/admin/system/register-rules/nope', rule)).statusCode).toBe(404);

    const log = await t.app.services.audit.list({ pageNo: 1, pageSize: 20, targetType: 'system' });
    const actions = log.content.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'system.maintenance',
        'system.blockedCountries',
        'system.flag',
        'system.registerRule',
      ]),
    );
    const maint = log.content.find(
      (r) => r.action === 'system.maintenance' && (r.after as { enabled: boolean }).enabled,
    );
    expect(maint).toMatchObject({
      actorAccount: op.account,
      before: { enabled: false },
      after: { enabled: true, message: 'Upgrade' },
    });
  });

  it('refuses players and operators without the system permission', async () => {
    const player = await createMember(t.app);
    const cashier = await createOperator(t.app, { permissions: ['cashier'] });
    for (const token of [player.token, cashier.token]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/wps/admin/system/maintenance',
        payload: { enabled: true },
        headers: { token },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.services.system.maintenance()).enabled).toBe(false);
  });
});
