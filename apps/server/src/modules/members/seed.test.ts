import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOperators } from '../../db/seed/auth.ts';
import { seedMembers } from '../../db/seed/members.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

describe('identity demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (url: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url, payload: { username, password } });

  it('is idempotent', async () => {
    expect(await seedMembers(t.app.services)).toBe(true);
    expect(await seedOperators(t.app.services)).toBe(true);
    expect(await seedMembers(t.app.services)).toBe(false);
    expect(await seedOperators(t.app.services)).toBe(false);
  });

  it('has the DESIGN §4 demo accounts', async () => {
    const demo = await login('/wps/session/login', 'demo01', 'Demo@1234');
    expect(demo.json().value).toMatchObject({ isAgent: false, forceChangePassword: false });
    const agent = await login('/wps/session/login/agent', 'agent01', 'Agent@1234');
    expect(agent.json().value).toMatchObject({ isAgent: true });
    const admin = await login('/wps/admin/session/login', 'admin', 'Admin@1234');
    expect(admin.json().value.permissions).toEqual(['*']);
  });

  it('gives agent01 a nested downline and newbie01 the default weak password', async () => {
    const token = (await login('/wps/session/login/agent', 'agent01', 'Agent@1234')).json().value.token;
    const res = await t.app.inject({ method: 'GET', url: '/wps/agent/downline', headers: { token } });
    const rows = res.json().value as Array<{ account: string; depth: number }>;
    expect(rows.map((r) => `${r.account}:${r.depth}`).sort()).toEqual(
      ['player01:1', 'player02:1', 'subagent01:1', 'player03:2', 'player04:2'].sort(),
    );
    const newbie = await login('/wps/session/login', 'newbie01', '{secret}');
    expect(newbie.json().value.forceChangePassword).toBe(true);
    const playerDownline = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/downline',
      headers: { token: (await login('/wps/session/login', 'player01', 'Player@1234')).json().value.token },
    });
    expect(playerDownline.statusCode).toBe(403);
  });

  it('gives demo01 a payee name, a payment password and a verified phone', async () => {
    const demo = (await t.app.services.members.getByAccount('demo01'))!;
    const profile = await t.app.services.members.profile(demo.id);
    expect(profile).toMatchObject({
      payeeName: 'Demo Player',
      hasPaymentPassword: true,
      mobileVerified: true,
    });
    await expect(t.app.services.members.verifyPaymentPassword(demo.id, '123456')).resolves.toBeUndefined();
  });
});
