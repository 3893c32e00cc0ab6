import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { BetsConsumer } from './consumers.ts';
import type { BetRow } from './reads.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * The consumers' watermark on real concurrency: a transaction still open holds the watermark at
 * its start, because a bet it writes is settled at that start (settled_at = now()) and commits
 * later; the bet is handed over by the next drain, and only then does the watermark pass it.
 */
describe.skipIf(!hasPostgres)('bets consumers: the watermark on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({}, { postgres: 'require' });
    other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  it('never claims a moment an open writer can still settle a bet before', async () => {
    const m = await createMember(t.app);
    const seen: BetRow[] = [];
    const consumer = new BetsConsumer(
      t.app.database.db,
      t.app.services.bets,
      'test.watermark',
      100,
      async (rows) => {
        seen.push(...rows);
      },
    );
    const record = (roundId: string) =>
      `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout,
                         valid_stake, status, trial)
       values (${m.id}, '{}', 'inhouse', 'INHOUSE', 'dice', 'INHOUSE', '${roundId}', 100, 0, 100, 'settled', false)`;
    await other.query('begin');
    const [{ started }] = (await other.query('select now() as started')).rows as [{ started: Date }];
    await new Promise((r) => setTimeout(r, 50));
    await t.database.query(record('committed'));
    await consumer.catchUp();
    expect(seen.map((r) => r.roundId)).toEqual(['committed']);
    const held = await consumer.consumedThrough();
    expect(held!.getTime()).toBeLessThanOrEqual(new Date(started).getTime());
    expect(await consumer.through(new Date(Date.now()))).toBe(false);

    // The open writer's bet is settled at its start, before the moments the watermark refused.
    await other.query(record('late'));
    await other.query('commit');
    expect(await consumer.through(new Date(Date.now()))).toBe(true);
    expect(seen.map((r) => r.roundId)).toEqual(['committed', 'late']);
    expect(seen[1]!.settledAt.getTime()).toBeLessThan(Date.now());
  });
});
