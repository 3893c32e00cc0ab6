import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { addBusinessDays, businessDayOf, dayRange } from '@wps/contract';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { freshDatabase } from '../../test/helper.ts';
import { EXPORT_APPLICATION, finalThrough } from './horizon.ts';
import { BetPartitions, type BetPartitionsOptions, partitionName } from './partitions.ts';
import { BetsService } from './service.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;
const OFFSET = 345; // Nepal, +05:45: business days cut at 18:15 UTC.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Row {
  member: number;
  round: string;
  stake: number;
  payout: number;
  at: Date;
}

const insertRows = (db: TestDatabase, rows: Row[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db.query(
        `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout,
                           valid_stake, status, trial, settled_at)
         select m, '{}', 'inhouse', 'INHOUSE', 'dice', 'RNG', r, s, p, s, 'settled', false, a
         from unnest($1::int[], $2::text[], $3::bigint[], $4::bigint[], $5::timestamptz[]) as u(m, r, s, p, a)`,
        [
          rows.map((r) => r.member),
          rows.map((r) => r.round),
          rows.map((r) => r.stake),
          rows.map((r) => r.payout),
          rows.map((r) => r.at.toISOString()),
        ],
      );

/** Every row of `member`, with the partition holding it. */
const rowsOf = (db: TestDatabase, members: number[]) =>
  db.query(
    `select id::text, round_id, stake::text, payout::text, settled_at, tableoid::regclass::text as part
     from bets where member_id = any($1::int[]) order by id`,
    [members],
  ) as Promise<
    Array<{ id: string; round_id: string; stake: string; payout: string; settled_at: Date; part: string }>
  >;

describe.skipIf(!hasPostgres)('bets record partitioned by business day (PostgreSQL, issue 30)', () => {
  let db: TestDatabase;
  let exportDir: string;
  let aggregatesFinal = true;
  const options = (o: Partial<BetPartitionsOptions> = {}): BetPartitionsOptions => ({
    utcOffsetMinutes: OFFSET,
    daysAhead: 2,
    retentionDays: null,
    archiveTablespace: null,
    exportDir,
    aggregatesFinalThrough: async () => aggregatesFinal,
    ...o,
  });

  beforeAll(async () => {
    db = await freshDatabase({ postgres: 'require' });
    exportDir = mkdtempSync(path.join(tmpdir(), 'wps-bets-export-'));
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('migration 0071 made bets a partitioned table with a default partition and the append-only trigger', async () => {
    const [kind] = await db.query(`select relkind::text as k from pg_class where oid = 'bets'::regclass`);
    expect(kind).toEqual({ k: 'p' });
    const [def] = await db.query(
      `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'bets'::regclass and pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT'`,
    );
    expect(def).toEqual({ relname: 'bets_default' });
    const [pk] = await db.query(
      `select pg_get_constraintdef(oid) as d from pg_constraint where conrelid = 'bets'::regclass and contype = 'p'`,
    );
    expect(pk).toEqual({ d: 'PRIMARY KEY (id, settled_at)' });
    // settled_at is found by block range summaries, not a B-tree entry per bet.
    const [settled] = await db.query(
      `select am.amname from pg_class c join pg_am am on am.oid = c.relam where c.relname = 'bets_settled_idx'`,
    );
    expect(settled).toEqual({ amname: 'brin' });
  });

  it("creates yesterday to days-ahead, each cut at the business day's midnight, once", async () => {
    const now = new Date();
    const partitions = new BetPartitions(db, options());
    const first = await partitions.maintain(now);
    const today = businessDayOf(now, OFFSET);
    const days = [-1, 0, 1, 2].map((i) => addBusinessDays(today, i));
    expect(first.created).toEqual(days.map(partitionName));
    const listed = await partitions.dayPartitions();
    for (const day of days) {
      const p = listed.find((l) => l.name === partitionName(day))!;
      expect([p.from, p.to]).toEqual(dayRange(day, OFFSET));
      expect(p.from.getUTCHours() * 60 + p.from.getUTCMinutes()).toBe(18 * 60 + 15);
    }
    expect((await partitions.maintain(now)).created).toEqual([]);
    // A bet settled now lands in today's partition.
    await insertRows(db, [{ member: 900_001, round: 'now', stake: 100, payout: 0, at: new Date() }]);
    expect((await rowsOf(db, [900_001]))[0]!.part).toBe(partitionName(businessDayOf(new Date(), OFFSET)));
  });

  it('keeps the record append-only on every partition', async () => {
    await insertRows(db, [{ member: 900_002, round: 'ao', stake: 100, payout: 0, at: new Date() }]);
    await expect(db.query('update bets set stake = 1 where member_id = 900002')).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('delete from bets where member_id = 900002')).rejects.toThrow(/append-only/);
  });

  it('moves rows of days without a partition out of the default, losing and inventing nothing (property)', async () => {
    let member = 910_000;
    const now = new Date();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            // Up to 12 days back (days without partitions: they land in the default) and today.
            ageMs: fc.integer({ min: 0, max: 12 * DAY }),
            stake: fc.integer({ min: -50_000, max: 1_000_000 }),
            payout: fc.integer({ min: 0, max: 2_000_000 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (specs) => {
          member += 1;
          const rows = specs.map((s, i) => ({
            member,
            round: `r${i}`,
            stake: s.stake,
            payout: s.payout,
            at: new Date(now.getTime() - s.ageMs),
          }));
          await insertRows(db, rows);
          const before = await rowsOf(db, [member]);
          const result = await new BetPartitions(db, options()).maintain(now);
          const after = await rowsOf(db, [member]);
          // The same rows, ids and all…
          expect(after.map(({ part: _, ...r }) => r)).toEqual(before.map(({ part: _, ...r }) => r));
          // …each in the partition of its business day, none left in the default.
          for (const r of after)
            expect(r.part).toBe(partitionName(businessDayOf(new Date(r.settled_at), OFFSET)));
          const [left] = await db.query('select count(*)::int as n from bets_default');
          expect(left).toEqual({ n: 0 });
          expect(result.moved).toBeGreaterThanOrEqual(before.filter((r) => r.part === 'bets_default').length);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('loses no bet written while it moves the default and creates days', async () => {
    // Rows waiting in the default (an old day) and writers inserting all along.
    const member = 920_001;
    const old = new Date(Date.now() - 20 * DAY);
    await insertRows(
      db,
      Array.from({ length: 200 }, (_, i) => ({ member, round: `old${i}`, stake: 10, payout: 0, at: old })),
    );
    const writers = Array.from({ length: 4 }, async (_, w) => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      let n = 0;
      try {
        for (; n < 60; n++)
          await client.query(
            `insert into bets (member_id, upline_path, source, vendor, game_type, round_id, stake, payout,
                               valid_stake, status)
             values ($1, '{}', 'inhouse', 'INHOUSE', 'RNG', $2, 5, 0, 5, 'settled')`,
            [member, `w${w}-${n}`],
          );
      } finally {
        await client.end();
      }
      return n;
    });
    // A later "now" makes it create further days while the writers run; a lock timeout is retried.
    const partitions = new BetPartitions(db, options({ daysAhead: 6, lockTimeoutMs: 200 }));
    let moved = 0;
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        moved = (await partitions.maintain(new Date(Date.now() + 2 * DAY))).moved;
        break;
      } catch (err) {
        if (!/lock timeout/.test(String(err))) throw err;
      }
    }
    const written = (await Promise.all(writers)).reduce((a, b) => a + b, 0);
    expect(moved).toBeGreaterThanOrEqual(200);
    const [count] = await db.query(
      'select count(*)::int as n, sum(stake)::int as s from bets where member_id = $1',
      [member],
    );
    expect(count).toEqual({ n: 200 + written, s: 200 * 10 + written * 5 });
  });

  it('archives days past retention only when every consumer and the aggregates are past them', async () => {
    const now = new Date();
    const today = businessDayOf(now, OFFSET);
    const oldDay = addBusinessDays(today, -30);
    const [from] = dayRange(oldDay, OFFSET);
    const member = 930_001;
    await insertRows(db, [
      { member, round: 'a,"quoted"', stake: 1_500, payout: 300, at: new Date(from.getTime() + HOUR) },
      { member, round: 'b', stake: 2_500, payout: 0, at: new Date(from.getTime() + 2 * HOUR) },
    ]);
    const bets = new BetsService(db.db);
    await bets.aggregate('day', from);
    const daily = await db.query(
      'select stake::text from bets_daily where period_start = $1 and member_id = $2',
      [from.toISOString(), member],
    );
    expect(daily).toEqual([{ stake: '4000' }]);
    await new BetPartitions(db, options()).maintain(now); // moves the old day into its own partition
    const partitions = new BetPartitions(db, options({ retentionDays: 7 }));

    // A consumer behind the day holds it, and every later one.
    await db.query(`insert into bet_consumers (name, consumed_through) values ('test.behind', $1)`, [
      from.toISOString(),
    ]);
    let result = await partitions.maintain(now);
    expect(result.archived).toEqual([]);
    expect(result.held[0]).toMatchObject({ reason: expect.stringContaining('test.behind') });
    await db.query(`update bet_consumers set consumed_through = now()`);
    aggregatesFinal = false;
    result = await partitions.maintain(now);
    expect(result.held[0]!.reason).toMatch(/aggregates/);
    aggregatesFinal = true;

    result = await partitions.maintain(now);
    expect(result.archived).toContain(oldDay);
    const gone = await db.query(`select to_regclass($1) as t`, [partitionName(oldDay)]);
    expect(gone).toEqual([{ t: null }]);
    const [record] = await db.query(
      `select rows::text, stake::text, payout::text, method, export_file, export_sha256
       from bets_archived_days where day = $1`,
      [oldDay],
    );
    // The day's sums (other tests' rows of that day included) and the file that now holds them.
    const file = String(record!.export_file);
    const bytes = readFileSync(file);
    expect(record!.export_sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const lines = gunzipSync(bytes).toString('utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^id,tx_xid,member_id,/);
    expect(lines.length - 1).toBe(Number(record!.rows));
    expect(lines.some((l) => l.includes('"a,""quoted"""'))).toBe(true);
    expect(record).toMatchObject({ method: 'export' });

    // Rebuilding the archived day's aggregates keeps what they were built with.
    expect(await bets.aggregate('day', from)).toBe(0);
    expect(
      await db.query('select stake::text from bets_daily where period_start = $1 and member_id = $2', [
        from.toISOString(),
        member,
      ]),
    ).toEqual([{ stake: '4000' }]);
    // Every day kept is still there, and nothing before the cutoff is.
    const [cutoff] = dayRange(addBusinessDays(today, -7), OFFSET);
    expect((await partitions.dayPartitions()).every((p) => p.to > cutoff)).toBe(true);
  });

  it('moves an archived day to the archive tablespace as an append-only table', async () => {
    const now = new Date();
    const oldDay = addBusinessDays(businessDayOf(now, OFFSET), -40);
    const [from] = dayRange(oldDay, OFFSET);
    await insertRows(db, [
      { member: 940_001, round: 't', stake: 700, payout: 0, at: new Date(from.getTime() + HOUR) },
    ]);
    // pg_default stands in for an archive tablespace: creating one needs a directory the server owns.
    const result = await new BetPartitions(
      db,
      options({ retentionDays: 7, archiveTablespace: 'pg_default' }),
    ).maintain(now);
    expect(result.archived).toContain(oldDay);
    const table = `bets_archive_${oldDay.replaceAll('-', '')}`;
    expect(await db.query(`select stake::text from ${table} where member_id = 940001`)).toEqual([
      { stake: '700' },
    ]);
    await expect(db.query(`delete from ${table}`)).rejects.toThrow(/append-only/);
    const [record] = await db.query('select method, archive_table from bets_archived_days where day = $1', [
      oldDay,
    ]);
    expect(record).toEqual({ method: 'tablespace', archive_table: table });
    expect(await db.query('select count(*)::int as n from bets where member_id = 940001')).toEqual([
      { n: 0 },
    ]);
  });
});

describe.skipIf(!hasPostgres)("the export session and the consumers' horizon (PostgreSQL)", () => {
  it('an open export transaction does not hold the horizon back; any other open transaction does', async () => {
    const db = await freshDatabase({ postgres: 'require' });
    const open = async (applicationName: string) => {
      const c = new pg.Client({ connectionString: db.url, application_name: applicationName });
      await c.connect();
      await c.query('begin isolation level repeatable read read only');
      await c.query('select 1');
      return c;
    };
    try {
      const exporter = await open(EXPORT_APPLICATION);
      const opened = Date.now();
      await new Promise((r) => setTimeout(r, 300));
      expect((await finalThrough(db.db)).getTime()).toBeGreaterThan(opened + 200);
      const report = await open('a-report');
      await new Promise((r) => setTimeout(r, 300));
      expect((await finalThrough(db.db)).getTime()).toBeLessThan(Date.now() - 250);
      for (const c of [exporter, report]) await c.end();
    } finally {
      await db.drop();
    }
  });
});

describe('bets record on PGlite: one table', () => {
  it('stays unpartitioned, and maintenance does nothing', async () => {
    const db = await freshDatabase({ postgres: 'never' });
    try {
      const [kind] = await db.query(`select relkind::text as k from pg_class where oid = 'bets'::regclass`);
      expect(kind).toEqual({ k: 'r' });
      const partitions = new BetPartitions(db, {
        utcOffsetMinutes: OFFSET,
        daysAhead: 7,
        retentionDays: 2,
        archiveTablespace: null,
        exportDir: tmpdir(),
        aggregatesFinalThrough: async () => true,
      });
      expect(await partitions.maintain()).toEqual({
        partitioned: false,
        created: [],
        moved: 0,
        archived: [],
        held: [],
      });
    } finally {
      await db.drop();
    }
  });
});
