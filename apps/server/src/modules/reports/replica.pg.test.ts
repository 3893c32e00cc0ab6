import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { freshDatabase } from '../../test/helper.ts';
import { createOperator } from '../../test/members.ts';
import { insertBet } from './fixtures.ts';
import { REPORTS_APPLICATION_NAME } from './replica.ts';
import { rowsOf } from '../../db/rows.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * REPORTS_DATABASE_URL: the reports read the configured replica, not the main database. The main
 * database here is embedded PGlite and the "replica" a PostgreSQL database holding rows the main one
 * lacks, so a figure the report shows can only have come from the replica connection.
 */
describe.skipIf(!hasPostgres)('reports read the replica (needs TEST_DATABASE_URL)', () => {
  let main: Awaited<ReturnType<typeof freshDatabase>>;
  let replica: Awaited<ReturnType<typeof freshDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    main = await freshDatabase({ postgres: 'never' });
    replica = await freshDatabase({ postgres: 'require' });
    app = await buildApp(testConfig({ reportsDatabaseUrl: replica.url }), { database: main });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await replica?.drop();
    await main?.drop();
  });

  it('answers from the replica connection, named and read-only', async () => {
    const reports = app.services.reports;
    expect(reports.source).toBe('replica');
    const [who] = rowsOf<{ app: string; db: string; ro: string }>(
      await reports.db.execute(
        sql`select current_setting('application_name') as app, current_database() as db,
                   current_setting('transaction_read_only') as ro`,
      ),
    );
    expect(who).toEqual({
      app: REPORTS_APPLICATION_NAME,
      db: new URL(replica.url!).pathname.slice(1),
      ro: 'on',
    });
    await expect(reports.db.execute(sql`create table report_probe (x int)`)).rejects.toThrow();

    // A bet only the replica holds (member 424242 exists nowhere: the record keeps its figures).
    await insertBet(replica.db, {
      memberId: 424242,
      vendor: 'REPLICA',
      gameCode: 'only-here',
      stake: 12345n,
      payout: 45n,
      at: '2026-05-05T06:00:00Z',
    });
    const op = await createOperator(app, { permissions: ['reports'] });
    const res = await app.inject({
      method: 'GET',
      url: '/wps/admin/reports/ggr?from=2026-05-05&to=2026-05-05&by=vendor',
      headers: { token: op.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.rows).toEqual([expect.objectContaining({ key: 'REPLICA', ggr: '123.00' })]);
    // The main database has no such bet.
    const [main0] = rowsOf<{ n: number }>(
      await app.database.db.execute(sql`select count(*)::int as n from bets where vendor = 'REPLICA'`),
    );
    expect(main0!.n).toBe(0);
  });
});
