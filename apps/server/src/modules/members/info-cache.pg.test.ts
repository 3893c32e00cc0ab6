import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/**
 * Two server instances on one PostgreSQL database, each caching member info (members/info.ts):
 * a change made through one instance, or straight in the database, reaches the other's cache.
 */
describe.skipIf(!hasPostgres)('member info cache across two instances (needs TEST_DATABASE_URL)', () => {
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
    (await app.inject({ method: 'GET', url: '/wps/member/info', headers: { token } })).json().value;

  async function cachedOnBoth() {
    const m = await createMember(a.app);
    for (const app of [a.app, b, a.app, b]) expect((await infoOn(app, m.token)).id).toBe(m.id);
    return m;
  }

  it('a profile change made on one instance is served by the other', async () => {
    const m = await cachedOnBoth();
    await b.services.members.updateProfile(m.id, { zalo: 'zalo-b' });
    expect((await infoOn(b, m.token)).profile.zalo).toBe('zalo-b');
    expect(await eventually(async () => (await infoOn(a.app, m.token)).profile.zalo === 'zalo-b')).toBe(true);
  });

  it('a change made straight in the database reaches both', async () => {
    const m = await cachedOnBoth();
    await a.database.query(`update members set nickname = 'from-sql' where id = $1`, [m.id]);
    expect(await eventually(async () => (await infoOn(a.app, m.token)).nickname === 'from-sql')).toBe(true);
    expect(await eventually(async () => (await infoOn(b, m.token)).nickname === 'from-sql')).toBe(true);
  });
});
