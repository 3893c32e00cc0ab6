import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrationsFolder, runMigrations } from '../db/migrate.ts';

/**
 * Booting PGlite and running every migration costs seconds per test file. The first file to
 * need it builds a migrated data directory and dumps it to a temp file keyed by the migrations'
 * content; every later file (each runs in its own process) loads that dump instead.
 */
async function migratedPgliteSnapshot(): Promise<Blob | null> {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const f of readdirSync(folder).sort())
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(path.join(folder, f)));
  hash.update(readFileSync(path.join(folder, 'meta', '_journal.json')));
  const file = path.join(tmpdir(), `wps-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({});
  await runMigrations(database);
  const pglite = database.client;
  if (!pglite) {
    await database.close();
    return null;
  }
  const dump = await pglite.dumpDataDir('gzip');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file); // atomic: a concurrent reader sees the whole file or none
  return dump;
}

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
  const snapshot = await migratedPgliteSnapshot();
  const database = await openDatabase({ loadDataDir: snapshot ?? undefined });
  if (!snapshot) await runMigrations(database);
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
