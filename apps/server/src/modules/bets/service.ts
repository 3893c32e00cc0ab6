import type { BetSource, BetStatus } from '@wps/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { finalBelow, finalThrough, lockMark } from './horizon.ts';
import { BetReads, type BetRow, type RoundFilter, type RoundSummary, type RoundTotals } from './reads.ts';
import { bets, betsDaily, betsHourly } from './schema.ts';
import { TeamBets } from './team.ts';
import { TeamRollup } from './team-rollup.ts';

export type { BetRow, RoundFilter, RoundSummary, RoundTotals, VendorRounds } from './reads.ts';

export interface Settlement {
  memberId: number;
  source: BetSource;
  vendor: string;
  gameCode: string | null;
  gameType: string;
  roundId: string;
  /** Paisa; negative in a correcting row. */
  stake: bigint;
  payout: bigint;
  status?: BetStatus;
  trial: boolean;
}

export type AggregatePeriod = 'hour' | 'day';

const PERIOD_MS: Record<AggregatePeriod, number> = { hour: 3_600_000, day: 86_400_000 };

/**
 * DESIGN §7: the one record of every settled bet. Seamless rounds reach it through a database
 * trigger (migration 0010); in-house and lottery call `recordSettlement` inside their own
 * transaction, next to their ledger postings. Consumers follow it with `consume` (exactly once
 * per consumer) or read the hourly/daily aggregates.
 */
export class BetsService {
  /** Team figures for agent pay and the agent centre. */
  readonly team: TeamBets;
  /** The team overview's daily rollups, kept from the record (team-rollup.ts). */
  readonly rollup: TeamRollup;
  /** Betting records, totals, rankings and winners (reads.ts). */
  private readonly reads: BetReads;

  constructor(
    private readonly db: Db,
    /**
     * `finalitySeconds`: consumers take a vendor (seamless) row only once it is this old, and
     * nothing after it in the record's order before it (see `consume`).
     */
    private readonly opts: { finalitySeconds: number } = { finalitySeconds: 0 },
  ) {
    this.team = new TeamBets(db);
    this.rollup = new TeamRollup(db);
    this.reads = new BetReads(db);
  }

  /**
   * Appends a settled bet (or a correcting row) in the caller's transaction. Its valid stake is
   * the eligibility policy's, decided by the database function every writer of the record uses
   * (db/functions/bets_valid_stake.sql): the money the line put at risk, nothing for trial play.
   */
  async recordSettlement(tx: DbOrTx, s: Settlement): Promise<number> {
    const validStake = sql`bets_valid_stake(${s.stake}, ${s.payout}, ${s.trial})`;
    const [row] = await tx
      .insert(bets)
      .values({
        memberId: s.memberId,
        uplinePath: sql`member_upline_path(${s.memberId})`,
        source: s.source,
        vendor: s.vendor,
        gameCode: s.gameCode,
        gameType: s.gameType,
        roundId: s.roundId,
        stake: s.stake,
        payout: s.payout,
        validStake,
        status: s.status ?? (s.stake < 0n ? 'rolled_back' : 'settled'),
        trial: s.trial,
      })
      .returning({ id: bets.id });
    return row!.id;
  }

  /**
   * Appends many settled bets in one statement (a lottery draw settles thousands of tickets per
   * transaction), in the caller's transaction, with the same columns as `recordSettlement`.
   * `uplines` (member → upline path, root first), when it names every member of `rows`, saves
   * looking the paths up again: a draw's settlement resolves them once for all its chunks.
   */
  async recordSettlements(
    tx: DbOrTx,
    rows: readonly Settlement[],
    uplines?: ReadonlyMap<number, readonly number[]>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const known = !!uplines && rows.every((s) => uplines.has(s.memberId));
    const json = JSON.stringify(
      rows.map((s) => ({
        member_id: s.memberId,
        source: s.source,
        vendor: s.vendor,
        game_code: s.gameCode,
        game_type: s.gameType,
        round_id: s.roundId,
        stake: s.stake.toString(),
        payout: s.payout.toString(),
        status: s.status ?? (s.stake < 0n ? 'rolled_back' : 'settled'),
        trial: s.trial,
        ...(known ? { path: `{${uplines!.get(s.memberId)!.join(',')}}` } : {}),
      })),
    );
    if (known) {
      await tx.execute(sql`
        insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id,
                          stake, payout, valid_stake, status, trial)
        select x.member_id, x.path, x.source, x.vendor, x.game_code, x.game_type,
               x.round_id, x.stake, x.payout, bets_valid_stake(x.stake, x.payout, x.trial), x.status, x.trial
        from jsonb_to_recordset(${json}::jsonb) as x(member_id integer, path integer[], source text,
          vendor text, game_code text, game_type text, round_id text, stake bigint, payout bigint,
          status text, trial boolean)`);
      return;
    }
    await tx.execute(sql`
      insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id,
                        stake, payout, valid_stake, status, trial)
      with x as (
        select * from jsonb_to_recordset(${json}::jsonb) as x(member_id integer, source text, vendor text,
          game_code text, game_type text, round_id text, stake bigint, payout bigint,
          status text, trial boolean)
      ),
      -- Each member's upline path once per statement, however many of their bets it carries.
      u as (select member_id, member_upline_path(member_id) as path from (select distinct member_id from x) d)
      select x.member_id, u.path, x.source, x.vendor, x.game_code, x.game_type,
             x.round_id, x.stake, x.payout, bets_valid_stake(x.stake, x.payout, x.trial), x.status, x.trial
      from x join u using (member_id)`);
  }

  /**
   * Waits until the rounds begun before `end` are final: every bet settled before it committed,
   * and the wins and rollbacks of its vendor rounds in (they arrive within `finalitySeconds`, see
   * `consume`). What closes a period that attributes each round to the day it began (cashback).
   * A period not over yet is read as far as it has gone.
   */
  async awaitRoundsFinal(end: Date): Promise<void> {
    const finality = this.opts.finalitySeconds * 1000;
    if (end.getTime() > Date.now() || finality === 0) return this.awaitFinal(end);
    const target = new Date(end.getTime() + finality);
    const wait = target.getTime() - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    return this.awaitFinal(target);
  }

  /** The settlement time of the consumer's oldest row not yet handed to it (null: none). */
  async oldestUnconsumed(consumer: string): Promise<Date | null> {
    const [row] = rowsOf<{ t: Date | string | null }>(
      await this.db.execute(sql`
        select min(b.settled_at) as t from bets b, bet_consumers c
        where c.name = ${consumer} and (b.tx_xid, b.id) > (c.last_xid, c.last_id)`),
    );
    return row?.t ? new Date(row.t) : null;
  }

  /**
   * Waits until every bet settled before `moment` has committed (horizon.ts `finalThrough`): what
   * closes a period. A period read by settled_at as soon as it ended missed the bets of a
   * transaction that began before the end and committed after the read, and no period paid them
   * (issue 26). Throws after `timeoutMs` (a transaction open since before `moment`): the job fails
   * and the scheduler runs the period again at its next tick.
   */
  async awaitFinal(moment: Date, timeoutMs = 30_000): Promise<void> {
    // A period not over yet (a manual run, a test) is read as far as it has gone.
    const target = moment.getTime() > Date.now() ? new Date() : moment;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await finalThrough(this.db)) >= target) return;
      if (Date.now() >= deadline)
        throw new Error(
          `bets settled before ${moment.toISOString()} are not all final yet: a transaction is still open`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Hands the consumer the bets it has not seen, in batches, exactly once: the handler runs in
   * the same transaction that moves the consumer's mark, so its effects and the mark commit
   * together. Rows are taken in (writer transaction id, id) order and only from transactions
   * older than every one of this database still running (horizon.ts), so a bet committed late
   * with a lower id is never skipped.
   * Rewards wait until a round is final (issue 26): in-house and lottery rows are written when
   * their round settles, but a vendor round arrives call by call and is never declared over, so
   * a vendor row is taken only once it is `finalitySeconds` old, and no row after it before it.
   * A win or rollback arriving within that time is consumed with the bet it corrects, so no
   * reward is paid on a bet that was rolled back or on stake the round's win takes back.
   * Answers how many rows the handler got.
   */
  async consume(
    consumer: string,
    batchSize: number,
    handler: (rows: BetRow[], tx: Tx) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const mark = await lockMark(tx, consumer);
      const after = sql`(${bets.txXid}, ${bets.id}) > (${Number(mark.lastXid)}, ${Number(mark.lastId)})`;
      // The first vendor row still too young: it, and everything after it, waits.
      const young =
        this.opts.finalitySeconds > 0
          ? (
              await tx
                .select({ txXid: bets.txXid, id: bets.id })
                .from(bets)
                .where(
                  and(
                    after,
                    eq(bets.source, 'seamless'),
                    sql`${bets.settledAt} > now() - make_interval(secs => ${this.opts.finalitySeconds})`,
                  ),
                )
                .orderBy(asc(bets.txXid), asc(bets.id))
                .limit(1)
            )[0]
          : undefined;
      const rows = await tx
        .select()
        .from(bets)
        .where(
          and(
            after,
            sql`${bets.txXid} < ${finalBelow(mark)}`,
            young ? sql`(${bets.txXid}, ${bets.id}) < (${young.txXid}, ${young.id})` : undefined,
          ),
        )
        .orderBy(asc(bets.txXid), asc(bets.id))
        .limit(batchSize);
      if (rows.length === 0) return 0;
      await handler(rows, tx);
      const last = rows[rows.length - 1]!;
      await tx.execute(
        sql`update bet_consumers set last_xid = ${last.txXid}, last_id = ${last.id}, updated_at = now()
            where name = ${consumer}`,
      );
      return rows.length;
    });
  }

  /**
   * Rebuilds one hour or day of the aggregates from the record: delete and insert in one
   * transaction, so running it twice (or again after late bets) leaves the same rows. Answers
   * the rows written (0, writing none, for a period of an archived day).
   * `start` is the period's first instant; the scheduler picks it (e.g. Nepal midnight).
   */
  async aggregate(period: AggregatePeriod, start: Date): Promise<number> {
    const table = period === 'hour' ? betsHourly : betsDaily;
    const end = new Date(start.getTime() + PERIOD_MS[period]);
    return this.db.transaction(async (tx) => {
      // A period overlapping an archived day (partitions.ts) keeps the sums it was built with: its
      // rows have left the live table, and rebuilding it (an operator re-running an old period)
      // would empty it.
      const [archived] = rowsOf<{ any: boolean }>(
        await tx.execute(sql`
          select exists (select 1 from bets_archived_days
                         where range_start < ${end.toISOString()}::timestamptz
                           and range_end > ${start.toISOString()}::timestamptz) as any`),
      );
      if (archived?.any) return 0;
      await tx.delete(table).where(eq(table.periodStart, start));
      const inserted = await tx.execute(sql`
        insert into ${table} (period_start, member_id, upline_path, source, vendor, game_type,
                              stake, payout, valid_stake, rows)
        select ${start.toISOString()}::timestamptz, member_id, upline_path,
               source, vendor, game_type, sum(stake), sum(payout), sum(valid_stake), count(*)
        from bets
        where settled_at >= ${start.toISOString()}::timestamptz and settled_at < ${end.toISOString()}::timestamptz
        group by member_id, upline_path, source, vendor, game_type`);
      return (
        (inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (inserted as unknown as { affectedRows?: number }).affectedRows ??
        0
      );
    });
  }

  /**
   * Real-money totals per game of one source and vendor (GGR): settled bets only, trial play
   * excluded, by settlement time in [from, to).
   */
  totalsByGame(f: { source: string; vendor: string; from?: Date | undefined; to?: Date | undefined }) {
    return this.reads.totalsByGame(f);
  }

  /** One member's valid stake per (game type, upper-cased game code) over [from, to), trial excluded. */
  validStakeByGame(memberId: number, from: Date, to: Date) {
    return this.reads.validStakeByGame(memberId, from, to);
  }

  /** Rounds (newest first) and the totals of every row the filter selects. */
  rounds(
    f: RoundFilter,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ rounds: RoundSummary[]; total: number; totals: RoundTotals }> {
    return this.reads.rounds(f, page);
  }

  /**
   * Real-money valid stake and payout per member over [from of that member, to): what a cashback
   * on net loss reads. Every row counts (a rollback's negative row cancels its bet), trial excluded.
   */
  netByMember(
    windows: ReadonlyArray<{ memberId: number; from: Date }>,
    to: Date,
  ): Promise<Map<number, { stake: bigint; payout: bigint }>> {
    return this.reads.netByMember(windows, to);
  }

  /** The rows of one member's round (for one vendor when given, else the newest round with that id). */
  roundRows(memberId: number, roundId: string, vendor?: string): Promise<BetRow[]> {
    return this.reads.roundRows(memberId, roundId, vendor);
  }

  /** A member's valid stake (turnover) settled in [from, to), real play only. */
  validStakeOf(memberId: number, from: Date, to: Date, ex: DbOrTx = this.db): Promise<bigint> {
    return this.reads.validStakeOf(memberId, from, to, ex);
  }

  /** The members with the most valid stake settled since `from` (the public ranking). */
  topTurnover(from: Date, limit: number): Promise<Array<{ memberId: number; validStake: bigint }>> {
    return this.reads.topTurnover(from, limit);
  }

  /** The games with the most real-money rounds settled since `since` (the popular list). */
  mostPlayed(opts: { since: Date; gameType?: string | undefined; limit: number }) {
    return this.reads.mostPlayed(opts);
  }

  /** Winning rounds of the last `days` days (real play only): the newest, or the largest payouts. */
  winners(opts: {
    gameType?: string | undefined;
    limit: number;
    sort: 'LATEST' | 'BIGGEST';
    days?: number;
    /** Only rounds paying at least this much (the "big winners" board). */
    minPayout?: bigint;
  }): Promise<
    Array<{ memberId: number; vendor: string; gameCode: string | null; payout: bigint; time: Date }>
  > {
    return this.reads.winners(opts);
  }
}
