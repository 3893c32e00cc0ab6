import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createTestApp, type TestApp } from './helper.ts';

/** Polls until `check` holds (a notification crosses to another connection in milliseconds). */
export async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/**
 * Two server instances on one fresh PostgreSQL database (TEST_DATABASE_URL): `a` as createTestApp
 * makes it, `b` with its own pool, caches and listener; both with the same config overrides.
 */
export async function twoInstances(
  overrides: Partial<Config> = {},
): Promise<{ a: TestApp; b: FastifyInstance; close(): Promise<void> }> {
  const a = await createTestApp(overrides, { postgres: 'require' });
  const database = await openDatabase({ url: a.database.url!, poolSize: 4 });
  const b = await buildApp(testConfig(overrides), { database });
  await b.ready();
  return {
    a,
    b,
    async close() {
      await b.close();
      await database.close();
      await a.close();
    },
  };
}
