import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database when TEST_DATABASE_URL is set (`postgres: 'require'` suites need that).
 */
export async function freshDatabase(
  opts: { postgres?: 'require' | 'prefer' | 'never' } = {},
): Promise<Database & { drop(): Promise<void> }> {
  const base = testConfig().testDatabaseUrl;
  const mode = opts.postgres ?? 'prefer';
  if (mode === 'require' && !base) throw new Error('TEST_DATABASE_URL is required for this suite');
  if (base && mode !== 'never') {
    const name = `wps_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 40 });
    await runMigrations(database);
    return {
      ...database,
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const database = await openDatabase({});
  await runMigrations(database);
  return { ...database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** buildApp over a fresh database; close() tears both down. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { postgres?: 'require' | 'prefer' | 'never' } = {},
): Promise<TestApp> {
  const database = await freshDatabase(opts);
  const app = await buildApp(testConfig(overrides), { database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
