import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { finalBelow, lockMark } from './horizon.ts';

/** The bets record consumer that keeps `bets_team_daily` (its mark in bet_consumers). */
export const TEAM_ROLLUP_CONSUMER = 'agent-team-rollup';

/** The business day of a bet row, whatever the session's time zone. */
export const businessDaySql = (column: string, utcOffsetMinutes: number) =>
  sql.raw(`((${column} at time zone 'UTC') + make_interval(mins => ${Math.trunc(utcOffsetMinutes)}))::date`);

/**
 * Keeps the team rollups (migration 0030) from the bets record, exactly once per bet: each batch
 * takes the rows after the consumer's mark (only from transactions older than every running one
 * of this database, as `BetsService.consume` does: horizon.ts; so a late commit with a lower id
 * is never skipped), adds their sums to (day, member, path) and moves the mark, in one
 * transaction. All of it is SQL: the rows never travel to the process, so catching up 10M bets
 * costs a few aggregates, not 10M objects. The overview adds the rows after the mark from the record itself, so it is exact
 * however far behind this runs.
 */
export class TeamRollup {
  /** Bet rows per transaction. */
  batchSize = 200_000;

  constructor(private readonly db: Db) {}

  /**
   * Runs batches until the consumer has reached every committed bet; answers how many rows it
   * added. `utcOffsetMinutes` is the business day's offset: it must never change under existing
   * rollups (their days would be cut at another hour).
   */
  async catchUp(utcOffsetMinutes: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.batch(utcOffsetMinutes);
      total += n;
      if (n < this.batchSize) return total;
    }
  }

  private async batch(utcOffsetMinutes: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const mark = await lockMark(tx, TEAM_ROLLUP_CONSUMER);
      // The mark as literals: the planner then walks bets_xid_idx from it.
      const [done] = rowsOf<{ n: string }>(
        await tx.execute(sql`
          with batch as (
            select id, tx_xid, member_id, upline_path, settled_at, valid_stake, stake, payout, trial
            from bets
            where (tx_xid, id) > (${sql.raw(String(BigInt(mark.lastXid)))}, ${sql.raw(String(BigInt(mark.lastId)))})
              and tx_xid < ${finalBelow(mark)}
            order by tx_xid, id
            limit ${this.batchSize}
          ), sums as (
            insert into bets_team_daily as d (day, member_id, upline_path, valid_stake, stake, payout)
            select ${businessDaySql('settled_at', utcOffsetMinutes)}, member_id, upline_path,
                   sum(valid_stake), sum(stake), sum(payout)
            from batch where not trial
            group by 1, 2, 3
            on conflict (member_id, day, upline_path) do update
              set valid_stake = d.valid_stake + excluded.valid_stake,
                  stake = d.stake + excluded.stake,
                  payout = d.payout + excluded.payout
          ), last as (
            select tx_xid, id from batch order by tx_xid desc, id desc limit 1
          ), moved as (
            update bet_consumers set last_xid = last.tx_xid, last_id = last.id, updated_at = now()
            from last where name = ${TEAM_ROLLUP_CONSUMER}
          )
          select count(*)::text as n from batch`),
      );
      return Number(done?.n ?? 0);
    });
  }
}
