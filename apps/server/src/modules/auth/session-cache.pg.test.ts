import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { TestApp } from '../../test/helper.ts';
import { eventually, twoInstances } from '../../test/instances.ts';
import { createMember, createOperator } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Two server instances on one PostgreSQL database, each with its own session cache: a session
 * both have cached stops working on both after a logout on one, a member disabled directly in
 * the database, or a revocation of all the member's sessions. Member info, cached by the same
 * notices, shows a change made through either instance or in SQL on both.
 */
describe.skipIf(!hasPostgres)('session cache across two instances (needs TEST_DATABASE_URL)', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    pair = await twoInstances();
    ({ a, b } = pair);
  });
  afterAll(() => pair?.close());

  const infoOn = async (app: FastifyInstance, token: string) =>
    (await app.inject({ method: 'GET', url: '/wps/member/info', headers: { token } })).statusCode;

  async function signedIn() {
    const m = await createMember(a.app);
    const { token, sessionId } = await a.app.services.auth.sessions.open({
      memberId: m.id,
      role: 'player',
      loginType: 'password',
    });
    // Both instances resolve (and cache) the session.
    expect(await infoOn(a.app, token)).toBe(200);
    expect(await infoOn(b, token)).toBe(200);
    expect(await infoOn(b, token)).toBe(200);
    return { m, token, sessionId };
  }

  it('logout on one instance is logout on both', async () => {
    const { token } = await signedIn();
    const out = await b.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { token } });
    expect(out.statusCode).toBe(200);
    expect(await infoOn(b, token)).toBe(401);
    expect(await eventually(async () => (await infoOn(a.app, token)) === 401)).toBe(true);
  });

  it('a member disabled by any code path (here raw SQL) is refused by both', async () => {
    const { m, token } = await signedIn();
    await a.database.query(`update members set status = 'disabled' where id = $1`, [m.id]);
    expect(await eventually(async () => (await infoOn(a.app, token)) === 401)).toBe(true);
    expect(await eventually(async () => (await infoOn(b, token)) === 401)).toBe(true);
  });

  it("revoking a member's sessions on one instance reaches the other", async () => {
    const { m, token } = await signedIn();
    await a.app.services.auth.sessions.revokeMemberSessions(m.id);
    expect(await infoOn(a.app, token)).toBe(401);
    expect(await eventually(async () => (await infoOn(b, token)) === 401)).toBe(true);
  });

  it('an operator disabled by an owner on one instance is signed out on the other at once', async () => {
    const owner = await createOperator(a.app, { role: 'owner' });
    const op = await createOperator(a.app, { role: 'support' });
    const me = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/wps/admin/session/me', headers: { token: op.token } }))
        .statusCode;
    expect(await me(a.app)).toBe(200);
    expect(await me(b)).toBe(200);
    expect(await me(b)).toBe(200);
    const res = await a.app.inject({
      method: 'PUT',
      url: `/wps/admin/operators/${op.id}/status`,
      headers: { token: owner.token },
      payload: { status: 'disabled' },
    });
    expect(res.statusCode).toBe(200);
    expect(await me(a.app)).toBe(401);
    expect(await eventually(async () => (await me(b)) === 401)).toBe(true);
  });

  // Member info (members/info.ts) is kept by the same notices.
  const memberInfoOn = async (app: FastifyInstance, token: string) =>
    (await app.inject({ method: 'GET', url: '/wps/member/info', headers: { token } })).json().value;

  async function cachedOnBoth() {
    const m = await createMember(a.app);
    for (const app of [a.app, b, a.app, b]) expect((await memberInfoOn(app, m.token)).id).toBe(m.id);
    return m;
  }

  it('a profile change made on one instance is served by the other', async () => {
    const m = await cachedOnBoth();
    await b.services.members.updateProfile(m.id, { zalo: 'zalo-b' });
    expect((await memberInfoOn(b, m.token)).profile.zalo).toBe('zalo-b');
    expect(await eventually(async () => (await memberInfoOn(a.app, m.token)).profile.zalo === 'zalo-b')).toBe(
      true,
    );
  });

  it('a change made straight in the database reaches both', async () => {
    const m = await cachedOnBoth();
    await a.database.query(`update members set nickname = 'from-sql' where id = $1`, [m.id]);
    expect(await eventually(async () => (await memberInfoOn(a.app, m.token)).nickname === 'from-sql')).toBe(
      true,
    );
    expect(await eventually(async () => (await memberInfoOn(b, m.token)).nickname === 'from-sql')).toBe(true);
  });
});
