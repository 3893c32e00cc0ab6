import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** The bets export's session name (partitions.ts): `finalThrough` leaves its transaction out. */
export const EXPORT_APPLICATION = 'wps-bets-export';

/**
 * Where a bets-record consumer may read up to. Consumers follow the record by (tx_xid, id), so a
 * row may only be taken once no transaction that could still add a row with a lower tx_xid is
 * running; the old rule, tx_xid < pg_snapshot_xmin(pg_current_snapshot()), is cluster-wide, so a
 * transaction open in ANY database of the server held every consumer back. Only transactions of
 * this database can write its bets, and this narrows the horizon to them (migration 0044):
 *
 *  1. `lockMark` (one statement, READ COMMITTED) calls bets_writers_running(): xmax0, the xmax
 *     of a snapshot S1, then A, the xids of this database's backends and prepared transactions,
 *     read after S1.
 *  2. The consumer's SELECT (snapshot S) keeps rows with tx_xid < bets_final_below(xmax0, A) =
 *     least(xmax(S), min of x in xip(S) with x in A or x >= xmax0).
 *
 * Why no row is ever skipped: take a transaction x of this database with x < horizon. x < xmax(S),
 * so it had started at S, and either it was over at S (its rows are visible to S, or it aborted),
 * or x is in xip(S). In the latter case x < xmax0 (else the horizon would be <= x): x had started
 * before S1 and was still running at S, so it was running while A was read, on a backend of this
 * database or as a prepared transaction of it, so x is in A and again horizon <= x. So every row
 * with tx_xid < horizon that will ever commit is already visible to S, and a later transaction
 * gets an xid >= xmax(S) >= horizon. A transaction of another database counts only if its xid is
 * >= xmax0, and then it holds back only rows committed after S1 (a row committed before S1 has
 * tx_xid < xmax0): a bet committed before the call starts is taken whatever runs elsewhere.
 *
 * S must be the consumer's own SELECT's snapshot: bets_final_below is STABLE (it runs on the
 * caller's snapshot) and is wrapped in a scalar subquery so it runs once, not per row (the plan
 * keeps bets_xid_idx with the horizon as an index bound). The consumer's own xid (its row lock)
 * is never in its own snapshot's xip, so it holds nothing back. pg_stat_activity shows
 * backend_xid to every role (PostgreSQL 15, checked as an unprivileged role). In REPEATABLE READ,
 * or where the activity views are missing or closed to the role, the functions fall back to the
 * cluster-wide xmin rule. Cost: one consume call with an empty batch, 500 calls x 6 alternated
 * rounds on PostgreSQL at load 9: 5.58 ms before, 5.59 ms after.
 */

/** The consumer's mark, locked for the transaction, and the running writers' list for `finalBelow`. */
export interface LockedMark {
  lastXid: string;
  lastId: string;
  /** The horizon condition's inputs (NULL = the xmin rule). */
  xmax0: string | null;
  running: string | null;
}

/**
 * Creates the consumer's mark if new and locks it (consumers of one name run one at a time), and
 * in the same statement reads step 1 of the horizon.
 */
export async function lockMark(tx: Tx, consumer: string): Promise<LockedMark> {
  await tx.execute(sql`insert into bet_consumers (name) values (${consumer}) on conflict do nothing`);
  const [mark] = rowsOf<{ last_xid: string; last_id: string; xmax0: string | null; running: string | null }>(
    await tx.execute(sql`
      select c.last_xid::text, c.last_id::text, w.xmax0::text, w.running::text
      from bet_consumers c, bets_writers_running() w
      where c.name = ${consumer}
      for update of c`),
  );
  return { lastXid: mark!.last_xid, lastId: mark!.last_id, xmax0: mark!.xmax0, running: mark!.running };
}

/** `tx_xid < this` keeps only rows final for the statement it is used in (see above). */
export function finalBelow(mark: LockedMark): SQL {
  return sql`(select bets_final_below(${mark.xmax0}::bigint, ${mark.running}::bigint[]))`;
}

/**
 * The instant before which every bets row that will ever commit is already committed: the
 * database clock, or the start of the oldest transaction of this database still open, whichever
 * is earlier. A bets row's settled_at is its transaction's start (now()), so a row settled before
 * this instant belongs to a transaction that had ended when it was read. Read it BEFORE a drain:
 * the drain then sees every such row (they are below its horizon), so once it finds nothing more,
 * the consumer has consumed through this instant. Also what closes a period: bets settled before
 * its end are all there once this has passed the end.
 * Open transactions of other roles show no start to a role without pg_read_all_stats: run the
 * app as one role. Prepared (two-phase) transactions are not counted; the app prepares none. The
 * bets record's export (partitions.ts) is left out: a read-only session that never writes a bet,
 * whose transaction lasts as long as a day takes to copy.
 */
export async function finalThrough(db: DbOrTx): Promise<Date> {
  const [row] = rowsOf<{ t: Date | string }>(
    await db.execute(sql`
      select least(clock_timestamp(), (
        select min(xact_start) from pg_stat_activity
        where datid = (select oid from pg_database where datname = current_database())
          and pid <> pg_backend_pid() and xact_start is not null
          and application_name <> ${EXPORT_APPLICATION})) as t`),
  );
  return new Date(row!.t);
}
