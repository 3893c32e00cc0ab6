import pg from 'pg';
import type { Db } from './client.ts';

/** What both drivers' clients (pg.Pool, PGlite) offer for a raw query. */
type RawClient =
  | pg.Pool
  | { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>; [k: string]: unknown };

/**
 * A hot autocommitted statement, outside any transaction: on PostgreSQL a named prepared
 * statement, parsed and planned once per connection instead of once per call (drizzle's
 * execute cannot name them); on the embedded PGlite the same text, unnamed, which still skips
 * drizzle's query builder (measured: about half the time of the built select there).
 * For the few statements every request or every bet runs; everything else goes through drizzle.
 */
export async function preparedQuery<R>(db: Db, name: string, text: string, values: unknown[]): Promise<R[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const result =
    client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
  return result.rows as R[];
}
