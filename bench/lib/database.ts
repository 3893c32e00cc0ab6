import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The local PostgreSQL the benches use unless BENCH_DATABASE_URL names another. */
export const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway database for one bench run (or BENCH_DATABASE_URL), with a way to drop it. */
export async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, drop: async () => undefined };
  const name = `wps_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: LOCAL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(LOCAL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: LOCAL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Brings a database to the state a measurement should start from: statistics on every table
 * (`pgbench -i` vacuums and analyses its own; our tables would otherwise have none wherever
 * autovacuum is off, as on the CI machine, and be planned blind) and no checkpoint left pending
 * from loading (else it runs during, and is charged to, whichever line is measured next). Called
 * before the baseline and before our own runs, so both start alike. CHECKPOINT needs a superuser
 * or pg_checkpoint; without either it is skipped.
 */
export async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
    await client.query('CHECKPOINT').catch(() => undefined);
  } finally {
    await client.end();
  }
}
