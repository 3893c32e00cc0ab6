import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/** Polls until `check` holds (a notification crosses to the other instance in milliseconds). */
async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/**
 * Two server instances on one PostgreSQL database, each with its own session cache: a session
 * both have cached stops working on both after a logout on one, a member disabled directly in
 * the database, or a revocation of all the member's sessions.
 */
describe.skipIf(!hasPostgres)('session cache across two instances (needs TEST_DATABASE_URL)', () => {
  let a: TestApp;
  let bDatabase: Database;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp({}, { postgres: 'require' });
    bDatabase = await openDatabase({ url: a.database.url!, poolSize: 4 });
    b = await buildApp(testConfig(), { database: bDatabase });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

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
});
