import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';

/** The name the reports connection gives PostgreSQL (visible in pg_stat_activity on the replica). */
export const REPORTS_APPLICATION_NAME = 'wps-reports';

export interface ReportsReader {
  db: Db;
  /** `replica` when REPORTS_DATABASE_URL is configured, `primary` otherwise. */
  kind: 'replica' | 'primary';
  close(): Promise<void>;
}

/**
 * The connection heavy reports read from: a small read-only pool on REPORTS_DATABASE_URL when it is
 * configured (every transaction read-only, so a report can never write to it), the main database
 * otherwise. The pool connects on first use, so an unreachable replica fails the report, not the
 * start-up.
 */
export function openReportsReader(url: string | undefined, primary: Db): ReportsReader {
  if (!url) return { db: primary, kind: 'primary', close: async () => {} };
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 5000,
    application_name: REPORTS_APPLICATION_NAME,
    options: '-c default_transaction_read_only=on',
  });
  pool.on('error', () => {
    /* an idle client's error is reported by the query that next uses the pool */
  });
  return {
    db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'replica',
    close: () => pool.end(),
  };
}
