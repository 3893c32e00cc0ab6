import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';
import { rowsOf } from './rows.ts';
import { splitSqlStatements } from './sql-statements.ts';
import { partitionBetsTable } from '../modules/bets/partitions.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

/** A folder beside this file in src/, copied to dist/db/<name> by the build. */
function besideThisFile(name: string, marker: (dir: string) => boolean): string {
  const candidates = [path.join(here, name), path.join(here, 'db', name)];
  const found = candidates.find(marker);
  if (!found) throw new Error(`${name} not found in ${candidates.join(' or ')}`);
  return found;
}

export function migrationsFolder(): string {
  return besideThisFile('migrations', (dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
}

export function functionsFolder(): string {
  return besideThisFile('functions', (dir) => existsSync(dir));
}

export interface SqlFunctionFile {
  /** The file's name without `.sql`: the function it defines. */
  name: string;
  script: string;
  sha256: string;
}

/**
 * The database's functions, one file each (db/functions/<name>.sql): the function's current
 * definition and the triggers that fire it. Migrations hold only schema changes, so each money
 * rule is written, reviewed and changed in exactly one place (issue 32, item 2).
 */
export function sqlFunctionFiles(): SqlFunctionFile[] {
  const folder = functionsFolder();
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const script = readFileSync(path.join(folder, f), 'utf8');
      return { name: f.slice(0, -4), script, sha256: createHash('sha256').update(script).digest('hex') };
    });
}

/**
 * Applies every function file whose hash differs from the one recorded at its last application
 * (or that was never applied), in one transaction: a start-up sees either the old definitions or
 * all the new ones. The files use CREATE OR REPLACE (and DROP TRIGGER IF EXISTS before CREATE
 * TRIGGER), so applying one again is harmless. Two instances starting together queue on an
 * advisory lock. A function whose file is deleted stays in the database: dropping one is a
 * schema change, so it takes a migration.
 */
export async function applySqlFunctions(database: Database): Promise<string[]> {
  const files = sqlFunctionFiles();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('wps_sql_functions'))`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS wps_sql_functions (
      name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const recorded = rowsOf<{ name: string; sha256: string }>(
      await tx.execute(sql`SELECT name, sha256 FROM wps_sql_functions`),
    );
    const applied = new Map(recorded.map((r) => [r.name, r.sha256]));
    const changed = files.filter((f) => applied.get(f.name) !== f.sha256);
    for (const file of changed) {
      for (const statement of splitSqlStatements(file.script)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO wps_sql_functions (name, sha256) VALUES (${file.name}, ${file.sha256})
        ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, applied_at = now()`);
    }
    return changed.map((f) => f.name);
  });
}

/** The one migration runner, used by start-up, tests and tools: schema migrations, then functions. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolderPath });
  }
  // PostgreSQL only (issue 30): the bets record partitioned by business day; PGlite keeps one table.
  if (database.kind === 'postgres') await partitionBetsTable(database.db);
  await applySqlFunctions(database);
}
