import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers share this type, so query functions take `db` first and accept either (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: for session-bound tools (advisory locks, LISTEN) that need their own connection. */
  url?: string;
  /** The PGlite instance, when embedded (tests dump and reload it). */
  client?: PGlite;
  /** Raw SQL for tooling (migrations, reconciliation); app code uses `db`. */
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted = in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite only: start from a dumped data directory (tests reuse one migrated snapshot). */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: 5000,
    });
    // Fail fast with a clear error instead of hanging at the first query.
    const probe = await pool.connect();
    probe.release();
    pool.on('error', () => {
      /* idle client errors are reported by the query that next uses the pool */
    });
    return {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'postgres',
      url: opts.url,
      async query(sql, params) {
        return (await pool.query(sql, params as unknown[])).rows;
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = opts.loadDataDir ? new PGlite({ loadDataDir: opts.loadDataDir }) : new PGlite();
  }
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'pglite',
    client,
    async query(sql, params) {
      return (await client.query<Record<string, unknown>>(sql, params as unknown[])).rows;
    },
    close: () => client.close(),
  };
}
