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
