import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import {
  migratedPgliteSnapshot,
  migratedPostgresTemplate,
  pgliteCopy,
  postgresCopy,
  type TestDatabase,
} from './databases.ts';

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database when TEST_DATABASE_URL is set (`postgres: 'require'` suites need that).
 * Both are copies of a migrated template (databases.ts), not migrated again.
 */
export async function freshDatabase(
  opts: { postgres?: 'require' | 'prefer' | 'never' } = {},
): Promise<TestDatabase> {
  const base = testConfig().testDatabaseUrl;
  const mode = opts.postgres ?? 'prefer';
  if (mode === 'require' && !base) throw new Error('TEST_DATABASE_URL is required for this suite');
  if (base && mode !== 'never') {
    return postgresCopy(base, await migratedPostgresTemplate(base));
  }
  const snapshot = await migratedPgliteSnapshot();
  if (snapshot) return pgliteCopy(snapshot);
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
