import {
  effectivePermissions,
  hasPermission,
  OPERATOR_ROLES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
} from '@wps/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SESSION_IDLE_MINUTES, OPERATOR_SESSION_MAX_HOURS } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOperator>>;
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  owner = await createOperator(t.app, { role: 'owner' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? { token } : {}), 'x-forwarded-for': nextIp() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const me = (token: string) => call('GET', '/wps/admin/session/me', token);

describe('roles and permissions (contract)', () => {
  it('maps every role to known permissions; owner has all, custom none', () => {
    for (const role of OPERATOR_ROLES) {
      for (const p of ROLE_PERMISSIONS[role]) expect(['*', ...PERMISSIONS]).toContain(p);
    }
    for (const p of PERMISSIONS) expect(hasPermission(ROLE_PERMISSIONS.owner, p)).toBe(true);
    expect(ROLE_PERMISSIONS.custom).toEqual([]);
    expect(ROLE_PERMISSIONS.finance).toEqual(expect.arrayContaining(['cashier', 'reports', 'players.read']));
    expect(hasPermission(ROLE_PERMISSIONS.support, 'cashier')).toBe(false);
    expect(hasPermission(ROLE_PERMISSIONS.support, 'players.write')).toBe(true);
    expect(hasPermission(ROLE_PERMISSIONS.content, 'operators')).toBe(false);
    // Only the owner manages operators.
    for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner')) {
      expect(hasPermission(ROLE_PERMISSIONS[role], 'operators')).toBe(false);
    }
  });

  it('effective permissions are the role set united with the explicit ones; a parent grants its children', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPERATOR_ROLES),
        fc.subarray([...PERMISSIONS]),
        fc.constantFrom(...PERMISSIONS),
        (role, explicit, needed) => {
          const eff = effectivePermissions(role, explicit);
          const expected = hasPermission(ROLE_PERMISSIONS[role], needed) || hasPermission(explicit, needed);
          expect(hasPermission(eff, needed)).toBe(expected);
        },
      ),
    );
    expect(hasPermission(['players'], 'players.kyc')).toBe(true);
    expect(hasPermission(['players.read'], 'players.write')).toBe(false);
    expect(hasPermission(['player'], 'players.read')).toBe(false);
  });
});

describe('/wps/admin/operators', () => {
  it('lets only operators with the operators permission list and create', async () => {
    const support = await createOperator(t.app, { role: 'support' });
    const player = await createMember(t.app);
    expect((await call('GET', '/wps/admin/operators', support.token)).statusCode).toBe(403);
    expect((await call('GET', '/wps/admin/operators', player.token)).statusCode).toBe(403);
    expect((await call('GET', '/wps/admin/operators', null)).statusCode).toBe(401);

    const created = await call('POST', '/wps/admin/operators', owner.token, {
      account: 'finance_amy',
      password: 'Finance@123',
      role: 'finance',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().value).toMatchObject({
      account: 'finance_amy',
      role: 'finance',
      status: 'active',
      totpEnabled: false,
    });
    expect(created.json().value.effectivePermissions).toContain('cashier');
    expect(created.body).not.toContain('Finance@123');
    const dup = await call('POST', '/wps/admin/operators', owner.token, {
      account: 'finance_amy',
      password: 'Finance@123',
      role: 'finance',
    });
    expect(dup.statusCode).toBe(409);
    const weak = await call('POST', '/wps/admin/operators', owner.token, {
      account: 'weakling',
      password: 'password',
      role: 'support',
    });
    expect(weak.statusCode).toBe(400);
    const badRole = await call('POST', '/wps/admin/operators', owner.token, {
      account: 'nobody1',
      password: 'Finance@123',
      role: 'god',
    });
    expect(badRole.statusCode).toBe(400);

    const list = await call('GET', '/wps/admin/operators', owner.token);
    expect(list.json().value.map((o: { account: string }) => o.account)).toContain('finance_amy');
    expect(list.body).not.toMatch(/passwordHash|totpSecret/);
    const audit = await t.app.services.audit.list({ pageNo: 1, pageSize: 50, action: 'operator.create' });
    expect(audit.content.some((a) => a.after && JSON.stringify(a.after).includes('finance'))).toBe(true);
  });

  it('changes a role with effect on the open session at once', async () => {
    const op = await createOperator(t.app, { role: 'content' });
    expect((await call('GET', '/wps/admin/content/banners', op.token)).statusCode).not.toBe(403);
    const res = await call('PUT', `/wps/admin/operators/${op.id}/role`, owner.token, { role: 'support' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.role).toBe('support');
    const after = await me(op.token);
    expect(after.json().value).toMatchObject({ role: 'support' });
    expect(after.json().value.permissions).toContain('players.write');
    expect((await call('GET', '/wps/admin/content/banners', op.token)).statusCode).toBe(403);
    const audit = await t.app.services.audit.list({ pageNo: 1, pageSize: 5, action: 'operator.role' });
    expect(audit.content[0]).toMatchObject({ targetId: String(op.id), actorId: owner.id });
  });

  it('disabling revokes every session at once (also cached ones); enabling needs a new sign-in', async () => {
    const op = await createOperator(t.app, { role: 'support', password: 'Support@123' });
    const second = await t.app.services.auth.sessions.open({
      operatorId: op.id,
      role: 'operator',
      loginType: 'test',
    });
    // Both sessions resolved (and cached) before the change.
    expect((await me(op.token)).statusCode).toBe(200);
    expect((await me(second.token)).statusCode).toBe(200);
    const res = await call('PUT', `/wps/admin/operators/${op.id}/status`, owner.token, {
      status: 'disabled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.status).toBe('disabled');
    expect((await me(op.token)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(401);
    const login = await call('POST', '/wps/admin/session/login', null, {
      username: op.account,
      password: 'Support@123',
    });
    expect(login.statusCode).toBe(403);

    await call('PUT', `/wps/admin/operators/${op.id}/status`, owner.token, { status: 'active' });
    expect((await me(op.token)).statusCode).toBe(401);
    const again = await call('POST', '/wps/admin/session/login', null, {
      username: op.account,
      password: 'Support@123',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ role: 'support', totpRequired: false });
  });

  it('resets a password (old one refused, sessions ended) and a second factor', async () => {
    const op = await createOperator(t.app, { role: 'finance', password: 'Finance@123' });
    const res = await call('POST', `/wps/admin/operators/${op.id}/password`, owner.token, {
      password: 'Finance@456',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(op.token)).statusCode).toBe(401);
    const old = await call('POST', '/wps/admin/session/login', null, {
      username: op.account,
      password: 'Finance@123',
    });
    expect(old.statusCode).toBe(401);
    const fresh = await call('POST', '/wps/admin/session/login', null, {
      username: op.account,
      password: 'Finance@456',
    });
    expect(fresh.json().value).toMatchObject({ token: null, totpRequired: true });

    const reset = await call('POST', `/wps/admin/operators/${op.id}/totp/reset`, owner.token);
    expect(reset.json().value).toMatchObject({ totpEnabled: false });
    const now = await call('POST', '/wps/admin/session/login', null, {
      username: op.account,
      password: 'Finance@456',
    });
    expect(now.json().value).toMatchObject({ totpRequired: false, totpEnrolmentRequired: true });
    expect(now.json().value.token).toEqual(expect.any(String));
    const actions = await t.app.services.audit.list({ pageNo: 1, pageSize: 50, targetId: String(op.id) });
    expect(actions.content.map((a) => a.action)).toEqual(
      expect.arrayContaining(['operator.password_reset', 'operator.totp_reset']),
    );
  });

  it('never disables or demotes the last active owner', async () => {
    const solo = await createTestApp({ trustProxy: true });
    try {
      const a = await createOperator(solo.app, { role: 'owner' });
      const put = (url: string, token: string, payload: object) =>
        solo.app.inject({ method: 'PUT', url, headers: { token }, payload });
      const demote = await put(`/wps/admin/operators/${a.id}/role`, a.token, { role: 'finance' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toMatch(/last active owner/);
      expect(
        (await put(`/wps/admin/operators/${a.id}/status`, a.token, { status: 'disabled' })).statusCode,
      ).toBe(409);
      const b = await createOperator(solo.app, { role: 'owner' });
      // With a second active owner, the first may step down; then b is the last one.
      expect((await put(`/wps/admin/operators/${a.id}/role`, b.token, { role: 'finance' })).statusCode).toBe(
        200,
      );
      expect(
        (await put(`/wps/admin/operators/${b.id}/status`, b.token, { status: 'disabled' })).statusCode,
      ).toBe(409);
      // A disabled owner does not count.
      const c = await createOperator(solo.app, { role: 'owner' });
      await put(`/wps/admin/operators/${c.id}/status`, b.token, { status: 'disabled' });
      expect((await put(`/wps/admin/operators/${b.id}/role`, b.token, { role: 'support' })).statusCode).toBe(
        409,
      );
    } finally {
      await solo.close();
    }
  });

  it('answers 404 for an unknown operator and 400 for a bad id', async () => {
    expect(
      (await call('PUT', '/wps/admin/operators/999999/status', owner.token, { status: 'disabled' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/wps/admin/operators/abc/status', owner.token, { status: 'disabled' })).statusCode,
    ).toBe(400);
  });
});

describe('operator sessions', () => {
  it('are shorter than players’ (absolute lifetime and idle time)', async () => {
    expect(t.app.config.operatorSessionMaxHours).toBeLessThan(t.app.config.sessionMaxHours);
    expect(t.app.config.operatorSessionIdleMinutes).toBeLessThan(t.app.config.sessionIdleMinutes);
    expect(t.app.config.operatorSessionMaxHours).toBe(OPERATOR_SESSION_MAX_HOURS);
    expect(t.app.config.operatorSessionIdleMinutes).toBe(OPERATOR_SESSION_IDLE_MINUTES);
    const op = await createOperator(t.app, { role: 'support' });
    const player = await createMember(t.app);
    const rows = await t.database.query(
      `select extract(epoch from (select expires_at - created_at from sessions where operator_id = $1))::text as op,
              extract(epoch from (select expires_at - created_at from sessions where member_id = $2))::text as pl`,
      [op.id, player.id],
    );
    expect(Math.round(Number(rows[0]!.op) / 3600)).toBe(OPERATOR_SESSION_MAX_HOURS);
    expect(Math.round(Number(rows[0]!.pl) / 3600)).toBe(t.app.config.sessionMaxHours);

    // Idle past the operator limit (but within a player's) ends the operator session.
    const idle = t.app.config.operatorSessionIdleMinutes + 1;
    expect(idle).toBeLessThan(t.app.config.sessionIdleMinutes);
    await t.database.query(
      `update sessions set last_seen_at = now() - make_interval(mins => $1) where operator_id = $2 or member_id = $3`,
      [idle, op.id, player.id],
    );
    expect((await me(op.token)).statusCode).toBe(401);
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { token: player.token },
    });
    expect(info.statusCode).toBe(200);
  });
});
