import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';

describe('console: customer-service entries and resources', () => {
  let t: TestApp;
  let op: CreatedAccount;

  beforeAll(async () => {
    t = await createTestApp();
    op = await createOperator(t.app, { permissions: ['content'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const asOp = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = op.token,
  ) => t.app.inject({ method, url, headers: { token }, ...(payload ? { payload: payload as object } : {}) });
  const permission = async () =>
    (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value;

  it('adds, edits and removes a contact; the permission payload follows at once', async () => {
    const add = await asOp('POST', '/wps/admin/content/contacts', {
      csPosition: 'TELEGRAM2',
      title: 'Telegram VIP',
      url: 'https://t.me/wps_vip',
      sort: 5,
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().value.id;
    let cs = (await permission()).info.customerService;
    const mine = cs.find((c: { csPosition: string }) => c.csPosition === 'TELEGRAM2');
    expect(mine.title).toBe('Telegram VIP');
    expect(Buffer.from(mine.path, 'base64').toString()).toBe('https://t.me/wps_vip');

    const edit = await asOp('PUT', `/wps/admin/content/contacts/${id}`, {
      csPosition: 'TELEGRAM2',
      title: 'Telegram VIP',
      url: 'https://t.me/wps_vip2',
      enabled: false,
    });
    expect(edit.statusCode).toBe(200);
    cs = (await permission()).info.customerService;
    // Disabled entries leave the payload but stay in the console's list.
    expect(cs.some((c: { csPosition: string }) => c.csPosition === 'TELEGRAM2')).toBe(false);
    const list = (await asOp('GET', '/wps/admin/content/contacts')).json().value;
    expect(list.find((c: { id: number }) => c.id === id)).toMatchObject({
      url: 'https://t.me/wps_vip2',
      enabled: false,
    });

    expect((await asOp('DELETE', `/wps/admin/content/contacts/${id}`)).statusCode).toBe(200);
    expect((await asOp('DELETE', `/wps/admin/content/contacts/${id}`)).statusCode).toBe(404);
    const auditor = await createOperator(t.app, { permissions: ['audit'] });
    const audit = await asOp(
      'GET',
      '/wps/admin/audit?pageNo=1&pageSize=50&action=content.contact.delete',
      undefined,
      auditor.token,
    );
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json().value)).toContain('Telegram VIP');
  });

  it('refuses links a player must never open and unknown positions', async () => {
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/x',
      // A browser reads the backslash as a slash: another host (issue 28).
      '/\\evil.example',
      '/\\/evil.example',
      'https://ok.example\\@evil.example',
      'ftp://x.example',
      'https://',
      ' ',
    ]) {
      const res = await asOp('POST', '/wps/admin/content/contacts', {
        csPosition: 'LIVECHAT',
        title: 'x',
        url,
      });
      expect(res.statusCode, url).toBe(400);
    }
    const pos = await asOp('POST', '/wps/admin/content/contacts', {
      csPosition: 'TELEGRAM9',
      title: 'x',
      url: 'https://t.me/x',
    });
    expect(pos.statusCode).toBe(400);
    const path = await asOp('POST', '/wps/admin/content/contacts', {
      csPosition: 'LIVECHAT',
      title: 'Help',
      url: '/help#livechat',
    });
    expect(path.statusCode).toBe(200);
  });

  it('edits the APP resources the download QR codes lead to', async () => {
    const add = await asOp('POST', '/wps/admin/content/resources', {
      resourceType: 'app',
      labelNameEn: 'Android',
      url: 'https://cdn.example/wps.apk',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().value.id;
    let apps = (await permission()).info.resources.APP;
    expect(apps).toContainEqual({
      resourceType: 'APP',
      labelNameEn: 'Android',
      url: 'https://cdn.example/wps.apk',
    });
    await asOp('PUT', `/wps/admin/content/resources/${id}`, {
      resourceType: 'APP',
      labelNameEn: 'Android',
      url: 'https://cdn.example/wps-2.apk',
    });
    apps = (await permission()).info.resources.APP;
    expect(apps.map((a: { url: string }) => a.url)).toContain('https://cdn.example/wps-2.apk');
    expect((await asOp('DELETE', `/wps/admin/content/resources/${id}`)).statusCode).toBe(200);
    expect(
      (
        await asOp('PUT', `/wps/admin/content/resources/${id}`, {
          resourceType: 'APP',
          labelNameEn: 'x',
          url: '/x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is for operators with the content permission only', async () => {
    const player = await createMember(t.app);
    const other = await createOperator(t.app, { permissions: ['cashier'] });
    expect((await asOp('GET', '/wps/admin/content/contacts', undefined, player.token)).statusCode).toBe(403);
    expect((await asOp('GET', '/wps/admin/content/resources', undefined, other.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/wps/admin/content/resources' })).statusCode).toBe(401);
    const write = await asOp(
      'POST',
      '/wps/admin/content/resources',
      { resourceType: 'APP', labelNameEn: 'iOS', url: '/download/ios' },
      other.token,
    );
    expect(write.statusCode).toBe(403);
  });
});
