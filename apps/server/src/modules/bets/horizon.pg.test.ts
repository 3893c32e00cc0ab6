import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { freshDatabase } from '../../test/helper.ts';
import { BetsService } from './service.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * The consumers' horizon (horizon.ts) on real PostgreSQL, with two databases of one server: a
 * transaction open in the other database must not hold a consumer back, while one of our own
 * must, until it ends, so that no row is ever skipped.
 */
describe.skipIf(!hasPostgres)(
  'bets consumers: the horizon is this database’s (needs TEST_DATABASE_URL)',
  () => {
    let ours: Database & { drop(): Promise<void> };
    let other: Database & { drop(): Promise<void> };
    let bets: BetsService;
    const clients: pg.Client[] = [];

    beforeAll(async () => {
      ours = await freshDatabase({ postgres: 'require' });
      other = await freshDatabase({ postgres: 'require' });
      bets = new BetsService(ours.db);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
      await ours?.drop();
      await other?.drop();
    });

    /** A session of its own (to hold a transaction open), closed after the suite. */
    async function session(db: Database): Promise<pg.Client> {
      const c = new pg.Client({ connectionString: db.url! });
      await c.connect();
      clients.push(c);
      return c;
    }

    /** Opens a transaction holding an xid in `db` (a long report, a bench, another test file). */
    async function openWriter(db: Database): Promise<pg.Client> {
      const c = await session(db);
      await c.query('begin');
      await c.query('select pg_current_xact_id()');
      return c;
    }

    const insertBet = (ex: { query(sql: string): Promise<{ rows: Array<{ id: string }> }> }, round: string) =>
      ex
        .query(`insert into bets (member_id, upline_path, source, vendor, game_type, round_id, stake, payout, valid_stake, status)
              values (1, '{}', 'inhouse', 'INHOUSE', 'INHOUSE', '${round}', 100, 0, 100, 'settled') returning id`)
        .then((r) => Number(r.rows[0]!.id));

    async function drain(consumer: string): Promise<number[]> {
      const seen: number[] = [];
      while (
        (await bets.consume(consumer, 50, async (rows) => void seen.push(...rows.map((r) => r.id)))) > 0
      );
      return seen;
    }

    it('a transaction left open in another database does not hold the consumer back', async () => {
      const elsewhere = await openWriter(other);
      const writer = await session(ours);
      const id = await insertBet(writer, 'other-db-open');
      try {
        // With the cluster-wide xmin this got nothing until the other database's transaction ended.
        expect(await drain('horizon-a')).toEqual([id]);
      } finally {
        await elsewhere.query('rollback');
      }
    });

    it('a row of ours written by an older transaction that commits later is held back, then taken once', async () => {
      await drain('horizon-b');
      const older = await openWriter(ours);
      const olderId = await insertBet(older, 'older');
      const newer = await session(ours);
      const newerId = await insertBet(newer, 'newer');
      try {
        expect(newerId).toBeGreaterThan(olderId);
        // The newer transaction committed first; taking its row now would move the mark past the
        // older one's xid and skip the older row for good.
        expect(await drain('horizon-b')).toEqual([]);
        await older.query('commit');
        expect(await drain('horizon-b')).toEqual([olderId, newerId]);
        expect(await drain('horizon-b')).toEqual([]);
      } finally {
        // A no-op once committed; otherwise it must not hold the next tests back.
        await older.query('rollback');
      }
    });

    it('bets_final_below: a running xid holds the horizon when it is in the list or not older than xmax0', async () => {
      const writer = await openWriter(ours);
      const [{ xid }] = (await writer.query('select pg_current_xact_id()::text as xid')).rows as [
        { xid: string },
      ];
      const w = BigInt(xid);
      const c = await session(ours);
      // A later transaction ends, so snapshots' xmax passes w and w is listed as in progress.
      await c.query('select pg_current_xact_id()');
      const below = async (xmax0: bigint, running: bigint[]) =>
        BigInt(
          (
            await c.query('select bets_final_below($1::bigint, $2::bigint[])::text as h', [
              String(xmax0),
              `{${running.join(',')}}`,
            ])
          ).rows[0].h,
        );
      try {
        // Started after the writers list was read (xid >= xmax0): unknown, so counted as ours.
        expect(await below(w, [])).toBe(w);
        // Started before it and not in it: another database's, ignored.
        expect(await below(w + 1n, [])).toBeGreaterThan(w);
        // In the list (32-bit, as pg_stat_activity gives it): ours.
        expect(await below(w + 1n, [w % 2n ** 32n])).toBe(w);
      } finally {
        await writer.query('rollback');
      }
    });

    it('outside READ COMMITTED the writers list is not taken (the xmin rule applies)', async () => {
      const c = await session(ours);
      await c.query('begin isolation level repeatable read');
      const { rows } = await c.query('select xmax0, running from bets_writers_running()');
      await c.query('commit');
      expect(rows).toEqual([{ xmax0: null, running: null }]);
    });

    it('property: writers committing or rolling back after random delays, a consumer running throughout, every committed row consumed exactly once', async () => {
      const elsewhere = await openWriter(other);
      const pool = new pg.Pool({ connectionString: ours.url!, max: 12 });
      const writer = fc.record({
        rows: fc.integer({ min: 1, max: 3 }),
        startMs: fc.integer({ min: 0, max: 30 }),
        holdMs: fc.integer({ min: 0, max: 40 }),
        commit: fc.boolean(),
      });
      let run = 0;
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(writer, { minLength: 5, maxLength: 25 }), async (writers) => {
            const consumer = `horizon-p${run++}`;
            await drain(consumer);
            const committed: number[] = [];
            const seen: number[] = [];
            let writing = true;
            const following = (async () => {
              while (writing) {
                const n = await bets.consume(
                  consumer,
                  7,
                  async (rows) => void seen.push(...rows.map((r) => r.id)),
                );
                if (n === 0) await sleep(2);
              }
            })();
            await Promise.all(
              writers.map(async (w, i) => {
                await sleep(w.startMs);
                const c = await pool.connect();
                try {
                  await c.query('begin');
                  const ids: number[] = [];
                  for (let r = 0; r < w.rows; r++) ids.push(await insertBet(c, `p${run}-${i}-${r}`));
                  await sleep(w.holdMs);
                  await c.query(w.commit ? 'commit' : 'rollback');
                  if (w.commit) committed.push(...ids);
                } finally {
                  c.release();
                }
              }),
            );
            writing = false;
            await following;
            // Every writer has ended and the other database's transaction is still open: one
            // drain must reach every committed row.
            seen.push(...(await drain(consumer)));
            expect([...seen].sort((a, b) => a - b)).toEqual([...committed].sort((a, b) => a - b));
          }),
          { numRuns: 8 },
        );
      } finally {
        await pool.end();
        await elsewhere.query('rollback');
      }
    }, 120_000);
  },
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
