import { createHash } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { addBusinessDays, businessDayOf, dayRange } from '@wps/contract';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database, Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { EXPORT_APPLICATION } from './horizon.ts';

/**
 * The bets record's partitions by business day (issue 30), on PostgreSQL only: migration 0071
 * made `bets` a range-partitioned table on settled_at with a DEFAULT partition; PGlite keeps one
 * table and every method here is a no-op there.
 *
 * `maintain` (the `bets-partitions` job) does three things, each in its own transaction:
 * - creates one partition per business day from yesterday to `daysAhead` days ahead, so today's
 *   bets insert into today's small indexes;
 * - moves whatever landed in the default partition (rows of a day that had no partition yet: the
 *   table as it stood before the migration, or days missed while no instance ran the job) into
 *   per-day partitions, checking that the moved rows' count and sums are exactly those it took;
 * - with a retention setting, archives each day older than it: detached and moved to the archive
 *   tablespace, or exported (gzip CSV, SHA-256 recorded) and then dropped. A day leaves only once
 *   every consumer of the record has consumed it and its aggregates are final; the day's sums are
 *   recorded in `bets_archived_days`, so an auditor can reconcile what left.
 *
 * Partition DDL takes a lock that waits for running bet transactions and queues new ones behind
 * it, so every step sets a short lock_timeout: a busy moment makes the step fail fast, and the
 * job runs it again next period, instead of stalling the wallet while it waits.
 */
export interface BetPartitionsOptions {
  utcOffsetMinutes: number;
  /** Business days created ahead of today (today and yesterday always exist). */
  daysAhead: number;
  /** Business days kept in the live table before today; null keeps every day. */
  retentionDays: number | null;
  /** Archived days move to this tablespace as tables; null: exported to `exportDir`, then dropped. */
  archiveTablespace: string | null;
  exportDir: string;
  /** Whether the aggregates of every period ending at or before `end` are final (their jobs ran). */
  aggregatesFinalThrough: (end: Date) => Promise<boolean>;
  lockTimeoutMs?: number;
}

export interface DayPartition {
  name: string;
  from: Date;
  to: Date;
}

export interface MaintenanceResult {
  partitioned: boolean;
  /** Partitions created, by name. */
  created: string[];
  /** Rows moved out of the default partition. */
  moved: number;
  /** Business days archived. */
  archived: string[];
  /** Days past retention kept back, and why. */
  held: Array<{ day: string; reason: string }>;
}

interface DaySums {
  rows: bigint;
  stake: bigint;
  payout: bigint;
  validStake: bigint;
}

const NAME_PREFIX = 'bets_p';

const ADVISORY_KEY = sql`hashtext('wps_bets_partitions')`;

/** `bets_p20261130` for business day 2026-11-30. */
export const partitionName = (day: string) => `${NAME_PREFIX}${day.replaceAll('-', '')}`;

const dayOfName = (name: string) => {
  const d = name.slice(NAME_PREFIX.length);
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
};

/** A range bound as pg_get_expr prints it with TimeZone UTC: `'2026-11-29 18:15:00+00'`. */
const boundInstant = (text: string) => new Date(`${text.replace(' ', 'T').replace(/\+00$/, '')}Z`);

/**
 * Makes `bets` a table partitioned by range of settled_at, once, on PostgreSQL (db/migrate.ts runs
 * it after the migrations; PGlite keeps one table). The table as it stands becomes the DEFAULT
 * partition, rows and indexes included (no copy): the first maintenance run moves its rows into
 * one partition per business day, once the business time zone (configuration, not schema) is
 * known. The primary key must hold the partition key, so it becomes (id, settled_at); ids still
 * come from the one sequence, so they stay unique. The append-only trigger is created on the new
 * parent by db/functions/wps_refuse_change.sql, which runs after this (its text changed with it).
 * Answers whether it converted the table (false: already partitioned).
 */
export async function partitionBetsTable(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_KEY})`);
    const [row] = rowsOf<{ kind: string }>(
      await tx.execute(sql`select relkind::text as kind from pg_class where oid = 'bets'::regclass`),
    );
    if (row?.kind !== 'r') return false;
    for (const statement of [
      'alter table bets rename to bets_default',
      'drop trigger if exists bets_append_only on bets_default',
      'alter table bets_default drop constraint bets_pkey',
      ...['member', 'round', 'xid', 'upline'].map(
        (i) => `alter index bets_${i}_idx rename to bets_default_${i}_idx`,
      ),
      // Replaced by a BRIN index below, built for the default partition when it is attached.
      'drop index bets_settled_idx',
      `create table bets (like bets_default including defaults including constraints)
         partition by range (settled_at)`,
      'alter sequence bets_id_seq owned by bets.id',
      'alter table bets add constraint bets_pkey primary key (id, settled_at)',
      // The same definitions as before (migration 0010), but for settled_at: the renamed indexes
      // match them and are attached as they are, without a rebuild.
      'create index bets_member_idx on bets using btree (member_id, settled_at)',
      'create index bets_round_idx on bets using btree (source, vendor, round_id, member_id)',
      // BRIN, not a B-tree: rows arrive in settled_at order, so a block range summary finds any
      // period (aggregates, reports, winners) at a fraction of a B-tree's cost per insert: no
      // index entry per bet, one summary update per range of blocks.
      'create index bets_settled_idx on bets using brin (settled_at) with (autosummarize = on)',
      'create index bets_xid_idx on bets using btree (tx_xid, id)',
      'create index bets_upline_idx on bets using gin (upline_path)',
      'alter table bets attach partition bets_default default',
    ])
      await tx.execute(sql.raw(statement));
    // Append-only from the same commit on (the trigger file, applied next, creates it again).
    const [refuse] = rowsOf<{ f: string | null }>(
      await tx.execute(sql`select to_regprocedure('wps_refuse_change()')::text as f`),
    );
    if (refuse?.f)
      await tx.execute(sql`create trigger bets_append_only before update or delete on bets
                           for each row execute function wps_refuse_change()`);
    // The trigger file is applied again whenever its hash changes; after a conversion it must be,
    // whatever its hash: forget the recorded one.
    const [recorded] = rowsOf<{ t: string | null }>(
      await tx.execute(sql`select to_regclass('wps_sql_functions')::text as t`),
    );
    if (recorded?.t) await tx.execute(sql`delete from wps_sql_functions where name = 'wps_refuse_change'`);
    return true;
  });
}

export class BetPartitions {
  constructor(
    private readonly database: Database,
    private readonly opts: BetPartitionsOptions,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** True on PostgreSQL after migration 0071; false on PGlite (one table). */
  async partitioned(): Promise<boolean> {
    const [row] = rowsOf<{ kind: string }>(
      await this.db.execute(sql`select relkind::text as kind from pg_class where oid = 'bets'::regclass`),
    );
    return row?.kind === 'p';
  }

  /** The per-day partitions (not the default), oldest first. */
  async dayPartitions(tx?: Tx): Promise<DayPartition[]> {
    const run = async (t: Tx) => {
      await t.execute(sql`set local timezone = 'UTC'`);
      const rows = rowsOf<{ name: string; bound: string }>(
        await t.execute(sql`
          select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
          from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'bets'::regclass`),
      );
      return rows
        .map((r) => {
          const m = /FROM \('([^']+)'\) TO \('([^']+)'\)/.exec(r.bound);
          return m ? { name: r.name, from: boundInstant(m[1]!), to: boundInstant(m[2]!) } : null;
        })
        .filter((p): p is DayPartition => p !== null)
        .sort((a, b) => a.from.getTime() - b.from.getTime());
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  async maintain(now = new Date()): Promise<MaintenanceResult> {
    const result: MaintenanceResult = { partitioned: false, created: [], moved: 0, archived: [], held: [] };
    if (!(await this.partitioned())) return result;
    result.partitioned = true;
    const ensured = await this.ensureDays(now);
    result.created = ensured.created;
    result.moved = ensured.moved;
    if (this.opts.retentionDays !== null) {
      const { archived, held } = await this.applyRetention(now, this.opts.retentionDays);
      result.archived = archived;
      result.held = held;
    }
    return result;
  }

  /**
   * Creates the missing days from yesterday to `daysAhead` ahead, and moves the default
   * partition's rows into their days, in one transaction under an exclusive lock on `bets`
   * (no bet can land in the default between the two). Nothing to do takes no lock.
   */
  private async ensureDays(now: Date): Promise<{ created: string[]; moved: number }> {
    const offset = this.opts.utcOffsetMinutes;
    const today = businessDayOf(now, offset);
    const wanted: string[] = [];
    for (let i = -1; i <= this.opts.daysAhead; i++) wanted.push(addBusinessDays(today, i));
    const missing = (parts: DayPartition[], days: string[]) =>
      days.filter((day) => {
        const [from, to] = dayRange(day, offset);
        // A day overlapping an existing partition (the business offset was changed) is left to it.
        return !parts.some((p) => p.from < to && p.to > from);
      });
    const defaultHasRows = async (t: Tx) =>
      rowsOf<{ any: boolean }>(await t.execute(sql`select exists (select 1 from bets_default) as any`))[0]!
        .any;

    const quick = await this.db.transaction(async (tx) => ({
      parts: await this.dayPartitions(tx),
      dirty: await defaultHasRows(tx),
    }));
    if (!quick.dirty && missing(quick.parts, wanted).length === 0) return { created: [], moved: 0 };

    return this.db.transaction(async (tx) => {
      await this.guard(tx);
      await tx.execute(sql`lock table bets in access exclusive mode`);
      const parts = await this.dayPartitions(tx);
      const dirty = await defaultHasRows(tx);
      let draining: DaySums | null = null;
      const days = new Set(wanted);
      if (dirty) {
        // The default leaves the table and a new, empty one takes its place; its rows go back in
        // through `bets`, each to its day. Their days are created first, so none returns to the default.
        for (const r of rowsOf<{ day: string }>(
          await tx.execute(sql`
            select distinct to_char((settled_at at time zone 'UTC') + make_interval(mins => ${offset}), 'YYYY-MM-DD') as day
            from bets_default`),
        ))
          days.add(r.day);
        draining = await sumsOf(tx, sql`bets_default`);
        await tx.execute(sql`alter table bets detach partition bets_default`);
        await tx.execute(sql`alter table bets_default rename to bets_default_draining`);
        await tx.execute(sql`create table bets_default partition of bets default`);
      }
      const created: string[] = [];
      for (const day of missing(parts, [...days].sort())) {
        const [from, to] = dayRange(day, offset);
        const name = partitionName(day);
        await tx.execute(
          sql.raw(`create table ${ident(name)} partition of bets
                   for values from ('${from.toISOString()}') to ('${to.toISOString()}')`),
        );
        created.push(name);
      }
      let moved = 0;
      if (draining) {
        const [back] = rowsOf<SumsRow>(
          await tx.execute(sql`
            with moved as (insert into bets select * from bets_default_draining
                           returning stake, payout, valid_stake)
            select ${sql.raw(SUMS_COLUMNS)} from moved`),
        );
        const got = parseSums(back!);
        if (!sameSums(got, draining))
          throw new Error(
            `bets partitions: moving the default partition changed its sums (${fmt(draining)} → ${fmt(got)})`,
          );
        await tx.execute(sql`drop table bets_default_draining`);
        moved = Number(got.rows);
      }
      return { created, moved };
    });
  }

  /** Archives every day older than `retentionDays` business days before today, oldest first. */
  private async applyRetention(
    now: Date,
    retentionDays: number,
  ): Promise<{ archived: string[]; held: Array<{ day: string; reason: string }> }> {
    const offset = this.opts.utcOffsetMinutes;
    const [cutoff] = dayRange(addBusinessDays(businessDayOf(now, offset), -retentionDays), offset);
    const old = (await this.dayPartitions()).filter(
      (p) => p.name.startsWith(NAME_PREFIX) && p.to.getTime() <= cutoff.getTime(),
    );
    const archived: string[] = [];
    const held: Array<{ day: string; reason: string }> = [];
    for (const part of old) {
      const day = dayOfName(part.name);
      const reason = await this.holdReason(part);
      if (reason) {
        // Later days wait too: the record leaves in order.
        held.push({ day, reason });
        break;
      }
      if (this.opts.archiveTablespace) await this.moveToTablespace(part, day, this.opts.archiveTablespace);
      else await this.exportAndDrop(part, day);
      archived.push(day);
    }
    return { archived, held };
  }

  /** Why a day may not leave yet, or null. */
  private async holdReason(part: DayPartition): Promise<string | null> {
    const behind = rowsOf<{ name: string }>(
      await this.db.execute(sql`
        select name from bet_consumers
        where consumed_through is null or consumed_through < ${part.to.toISOString()}::timestamptz
        order by name`),
    );
    if (behind.length > 0) return `consumers not past the day: ${behind.map((b) => b.name).join(', ')}`;
    if (!(await this.opts.aggregatesFinalThrough(part.to)))
      return 'the hourly and daily aggregates are not final';
    return null;
  }

  /**
   * Detaches the day as `bets_archive_YYYYMMDD`, append-only, and records it, in one short
   * transaction; the copy into the archive tablespace follows in a transaction of its own, which
   * locks only the detached table (a copy of a whole day under the lock on `bets` would hold every
   * bet for its length). `moveArchivesToTablespace` finishes any move a crash left undone.
   */
  private async moveToTablespace(part: DayPartition, day: string, tablespace: string): Promise<void> {
    const archive = `bets_archive_${day.replaceAll('-', '')}`;
    await this.db.transaction(async (tx) => {
      await this.guard(tx);
      await tx.execute(sql.raw(`alter table bets detach partition ${ident(part.name)}`));
      const sums = await sumsOf(tx, sql.raw(ident(part.name)));
      await tx.execute(sql.raw(`alter table ${ident(part.name)} rename to ${ident(archive)}`));
      await tx.execute(
        sql.raw(`create trigger ${ident(`${archive}_append_only`)} before update or delete on ${ident(archive)}
                 for each row execute function wps_refuse_change()`),
      );
      await this.record(tx, part, day, sums, { method: 'tablespace', archiveTable: archive });
    });
    await this.moveArchivesToTablespace(tablespace);
  }

  /** Moves every archive table not yet in the archive tablespace there, one transaction each. */
  private async moveArchivesToTablespace(tablespace: string): Promise<void> {
    const pending = rowsOf<{ t: string }>(
      await this.db.execute(sql`
        select a.archive_table as t from bets_archived_days a
        join pg_class c on c.relname = a.archive_table and c.relkind = 'r'
        left join pg_tablespace ts on ts.oid = c.reltablespace
        where a.method = 'tablespace'
          and coalesce(ts.spcname, (select t.spcname from pg_database d join pg_tablespace t on t.oid = d.dattablespace
                                    where d.datname = current_database())) <> ${tablespace}
        order by a.day`),
    );
    for (const { t } of pending)
      await this.db.execute(sql.raw(`alter table ${ident(t)} set tablespace ${ident(tablespace)}`));
  }

  /**
   * Copies the day to `<exportDir>/bets-<day>.csv.gz` in one snapshot, then, in one transaction
   * that finds the same count and sums, detaches and drops it and records the file and its
   * SHA-256. A crash between the two leaves the day in place, exported again next time.
   */
  private async exportAndDrop(part: DayPartition, day: string): Promise<void> {
    if (!this.database.url) throw new Error('bets partitions: exporting needs a PostgreSQL URL');
    mkdirSync(this.opts.exportDir, { recursive: true });
    const file = path.join(this.opts.exportDir, `bets-${day}.csv.gz`);
    const partial = `${file}.partial`;
    // An export of this day already kept is never replaced: the day must not be dropped on a new one.
    if (existsSync(file))
      throw new Error(`bets partitions: ${file} exists; move it away to archive ${part.name} again`);
    // Read-only and named, so the horizon (horizon.ts finalThrough) leaves it out: its transaction
    // lasts the whole export, and consumers and period closes would otherwise wait for it.
    const client = new pg.Client({
      connectionString: this.database.url,
      application_name: EXPORT_APPLICATION,
    });
    await client.connect();
    let exported: DaySums;
    let sha256: string;
    try {
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<SumsRow>(`select ${SUMS_COLUMNS} from ${ident(part.name)}`);
      exported = parseSums(rows[0]!);
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const copy = client.query(
        copyTo(
          `copy (select * from ${ident(part.name)} order by id) to stdout with (format csv, header true)`,
        ),
      );
      await pipeline(copy, createGzip(), hashing, createWriteStream(partial));
      sha256 = hash.digest('hex');
      await client.query('commit');
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    } finally {
      await client.end();
    }
    // On disk before the day is dropped: the file, then its name in the directory.
    syncFile(partial);
    renameSync(partial, file);
    syncFile(this.opts.exportDir);
    try {
      await this.db.transaction(async (tx) => {
        await this.guard(tx);
        await tx.execute(sql.raw(`alter table bets detach partition ${ident(part.name)}`));
        const now = await sumsOf(tx, sql.raw(ident(part.name)));
        if (!sameSums(now, exported))
          throw new Error(
            `bets partitions: ${part.name} changed after its export (${fmt(exported)} → ${fmt(now)})`,
          );
        await tx.execute(sql.raw(`drop table ${ident(part.name)}`));
        await this.record(tx, part, day, exported, {
          method: 'export',
          exportFile: file,
          exportSha256: sha256,
        });
      });
    } catch (err) {
      // Only a day still in place gives its file up (the next run exports it again); if the drop
      // may have committed, or the database cannot say, the file stays.
      const still = await this.db
        .execute(sql`select to_regclass(${part.name}) is not null as still`)
        .then((r) => rowsOf<{ still: boolean }>(r)[0]?.still === true)
        .catch(() => false);
      if (still) rmSync(file, { force: true });
      throw err;
    }
  }

  private async record(
    tx: Tx,
    part: DayPartition,
    day: string,
    sums: DaySums,
    where:
      | { method: 'tablespace'; archiveTable: string }
      | { method: 'export'; exportFile: string; exportSha256: string },
  ): Promise<void> {
    const w = where as { method: string; archiveTable?: string; exportFile?: string; exportSha256?: string };
    await tx.execute(sql`
      insert into bets_archived_days (day, range_start, range_end, partition_name, rows, stake, payout,
                                      valid_stake, method, archive_table, export_file, export_sha256)
      values (${day}::date, ${part.from.toISOString()}::timestamptz, ${part.to.toISOString()}::timestamptz,
              ${part.name}, ${sums.rows}, ${sums.stake}, ${sums.payout}, ${sums.validStake}, ${w.method},
              ${w.archiveTable ?? null}, ${w.exportFile ?? null}, ${w.exportSha256 ?? null})`);
  }

  /** One maintainer at a time across instances; DDL gives up quickly rather than stall bets. */
  private async guard(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_KEY})`);
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, this.opts.lockTimeoutMs ?? 1000)}`));
  }
}

/** A table's (or a statement's rows') count and sums, as text: bigint sums exceed a JS number. */
const SUMS_COLUMNS = `count(*)::text as rows, coalesce(sum(stake), 0)::text as stake,
  coalesce(sum(payout), 0)::text as payout, coalesce(sum(valid_stake), 0)::text as valid_stake`;
type SumsRow = { rows: string; stake: string; payout: string; valid_stake: string };
const parseSums = (r: SumsRow): DaySums => ({
  rows: BigInt(r.rows),
  stake: BigInt(r.stake),
  payout: BigInt(r.payout),
  validStake: BigInt(r.valid_stake),
});

async function sumsOf(tx: Tx, table: SQL): Promise<DaySums> {
  const [row] = rowsOf<SumsRow>(await tx.execute(sql`select ${sql.raw(SUMS_COLUMNS)} from ${table}`));
  return parseSums(row!);
}

/** A catalog name (ours: `bets_p…`, `bets_archive_…`, or a validated tablespace) quoted for raw DDL. */
const ident = (name: string) => pg.escapeIdentifier(name);

function syncFile(file: string) {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const sameSums = (a: DaySums, b: DaySums) =>
  a.rows === b.rows && a.stake === b.stake && a.payout === b.payout && a.validStake === b.validStake;

const fmt = (s: DaySums) => `${s.rows} rows, stake ${s.stake}, payout ${s.payout}, valid ${s.validStake}`;
