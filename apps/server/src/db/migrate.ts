import { existsSync } from 'node:fs';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Migrations sit beside this file in src/, and are copied to dist/db/migrations by the build. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations not found in ${candidates.join(' or ')}`);
  return found;
}

/** The one migration runner, used by start-up, tests and tools. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolderPath });
  }
}
