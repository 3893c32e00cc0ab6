import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';

describe('support hours: a setting the help centre states, edited on the console contacts screen', () => {
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(async () => {
    t = await createTestApp();
    op = await createOperator(t.app, { permissions: ['content'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const asOp = (method: 'GET' | 'PUT', payload?: object, token = op.token) =>
    t.app.inject({
      method,
      url: '/wps/admin/content/support-hours',
      headers: { token },
      ...(payload ? { payload } : {}),
    });
  const hours = async () =>
    (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value.info.supportHours;

  it('starts at 10:00–22:00 Nepal time, and the permission payload carries it', async () => {
    expect(await hours()).toEqual({ from: '10:00', to: '22:00' });
    expect((await asOp('GET')).json().value).toEqual({ from: '10:00', to: '22:00' });
  });

  it('an operator changes them (audited) and the site states the new hours at once', async () => {
    const res = await asOp('PUT', { from: '00:00', to: '24:00' });
    expect(res.statusCode).toBe(200);
    expect(await hours()).toEqual({ from: '00:00', to: '24:00' });
    const auditor = await createOperator(t.app, { permissions: ['audit'] });
    const audit = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/audit?pageNo=1&pageSize=50&action=content.supportHours.update',
      headers: { token: auditor.token },
    });
    expect(JSON.stringify(audit.json().value)).toContain('24:00');
    // Past midnight is allowed: 18:00 to 02:00.
    expect((await asOp('PUT', { from: '18:00', to: '02:00' })).statusCode).toBe(200);
    expect(await hours()).toEqual({ from: '18:00', to: '02:00' });
  });

  it('refuses times that are not times, an empty span, and players', async () => {
    for (const body of [
      { from: '9:00', to: '22:00' },
      { from: '10:00', to: '25:00' },
      { from: '24:00', to: '10:00' },
      { from: '10:00', to: '10:00' },
      { from: '10:00' },
    ]) {
      expect((await asOp('PUT', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const player = await createMember(t.app);
    expect((await asOp('PUT', { from: '08:00', to: '20:00' }, player.token)).statusCode).toBe(403);
    expect(await hours()).toEqual({ from: '18:00', to: '02:00' });
  });
});
