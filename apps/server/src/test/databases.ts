import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { migrationsFolder, runMigrations, sqlFunctionFiles } from '../db/migrate.ts';

/**
 * Test databases made by copying, never by migrating again: every Vitest file and every browser
 * journey needs a migrated (and often seeded) database of its own, and running 48+ migrations or
 * the demo seeds each time was most of what a test cost. A template is built once, then copied:
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL, a data-directory dump on PGlite.
 */

export type TestDatabase = Database & { drop(): Promise<void> };

/** The migrations' and functions' content: a snapshot or template made from others is never reused. */
export function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const f of readdirSync(folder).sort())
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(path.join(folder, f)));
  hash.update(readFileSync(path.join(folder, 'meta', '_journal.json')));
  for (const f of sqlFunctionFiles()) hash.update(f.name).update(f.sha256);
  return hash.digest('hex');
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(base: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end(); // also releases any session advisory lock taken through it
  }
}

const templates = new Map<string, Promise<string>>();

/**
 * A PostgreSQL template named `name`, made once on the server of `base`: cloned from `from` (or
 * empty), then `fill`ed. Test files and journey workers run in parallel processes, so it is built
 * under an advisory lock and published by a rename: a copy never sees a half-built template, and
 * a second process waits for the first one's instead of building its own.
 */
export function postgresTemplate(
  base: string,
  name: string,
  fill: (database: Database) => Promise<void>,
  from?: string,
): Promise<string> {
  let made = templates.get(name);
  if (!made) {
    made = withAdmin(base, async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return name;
      const building = `${name}_${process.pid}`.slice(0, 63);
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}${from ? ` TEMPLATE ${from}` : ''}`);
      await admin.query(`ALTER DATABASE ${building} SET synchronous_commit = off`);
      const database = await openDatabase({ url: databaseUrl(base, building), poolSize: 4 });
      try {
        await fill(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    });
    made.catch(() => templates.delete(name));
    templates.set(name, made);
  }
  return made;
}

/**
 * The migrated template of the server at `base`, named by that URL and the migrations' content.
 * `.ci/run` drops the run's templates (`wps_tpl_%`) at the end; locally a later run with the same
 * migrations reuses it.
 */
export function migratedPostgresTemplate(base: string): Promise<string> {
  const key = createHash('sha256').update(base).update(migrationsHash()).digest('hex').slice(0, 24);
  return postgresTemplate(base, `wps_tpl_${key}`, runMigrations);
}

/**
 * Drops queued behind the tests, one at a time. PostgreSQL's DROP DATABASE forces an immediate
 * checkpoint (dbcommands.c, dropdb: every dirty buffer of every database written and fsynced):
 * measured 1.7–6.8 s on the 2-core runner while journeys ran, against a fraction of a second for
 * the copy. Awaited in a test's teardown it was the largest fixed cost of a journey and of a Vitest
 * file; queued, the next test starts at once and the checkpoint overlaps its work. One at a time,
 * so back-to-back checkpoints find little left to write.
 */
let dropQueue: Promise<void> = Promise.resolve();
function dropLater(base: string, name: string): void {
  dropQueue = dropQueue
    .then(() => withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
    .then(
      () => undefined,
      // A database left behind is dropped by the run's end (`dropRunDatabases`, `.ci/run`).
      () => undefined,
    );
}

/** Resolves when every drop queued so far has run (a journey worker's end waits for it). */
export function queuedDrops(): Promise<void> {
  return dropQueue;
}

/**
 * This run's prefix for its copies (`wps_test_<run>_…`): set once by the Vitest global set-up and
 * inherited by its forks, so the run's end can drop whatever a fork's queue had not reached.
 */
function copyPrefix(prefix: string | undefined): string {
  if (prefix) return prefix;
  const run = process.env.WPS_TEST_RUN;
  return run ? `wps_test_${run}` : 'wps_test';
}

/** A new database copied from `template` (a fraction of a second), dropped by `drop()`. */
export async function postgresCopy(
  base: string,
  template: string,
  opts: { prefix?: string; poolSize?: number } = {},
): Promise<TestDatabase> {
  const name = `${copyPrefix(opts.prefix)}_${randomBytes(6).toString('hex')}`;
  await withAdmin(base, async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const database = await openDatabase({ url: databaseUrl(base, name), poolSize: opts.poolSize ?? 40 });
  return {
    ...database,
    // Resolves once no connection of ours is open; the database itself goes behind the tests.
    async drop() {
      await database.close();
      dropLater(base, name);
    },
  };
}

/** Drops a template made by `postgresTemplate` (a journey worker's worlds, at its end). */
export async function dropPostgresTemplate(base: string, name: string): Promise<void> {
  templates.delete(name);
  await queuedDrops();
  await withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops every database whose name starts with `prefix` (a run's leftovers, at its end). */
export async function dropDatabasesLike(base: string, prefix: string): Promise<number> {
  return withAdmin(base, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname ~ '^[a-z0-9_]+$'",
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    return rows.length;
  });
}

/**
 * Booting PGlite and running every migration costs seconds per test file. The first file to
 * need it builds a migrated data directory and dumps it to a temp file keyed by the migrations'
 * content; every later file (each runs in its own process) loads that dump instead.
 */
export async function migratedPgliteSnapshot(): Promise<Blob | null> {
  const file = path.join(tmpdir(), `wps-pglite-${migrationsHash().slice(0, 16)}.tar.gz`);
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

/** An in-memory PGlite database started from a dump (`dumpDataDir`), closed by `drop()`. */
export async function pgliteCopy(dump: Blob): Promise<TestDatabase> {
  const database = await openDatabase({ loadDataDir: dump });
  return { ...database, drop: () => database.close() };
}
