import type { BetSource, BetStatus } from '@wps/contract';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bets } from './schema.ts';

export type BetRow = typeof bets.$inferSelect;

/**
 * A catalogue vendor's rounds in the record (games' `vendorRounds`): the rows it signed, and the
 * rows of its games' codes that another vendor signed for it (a shared code: unless one of the
 * other vendors that have it signed the row).
 */
export interface VendorRounds {
  vendor: string;
  codes: string[];
  shared: Array<{ code: string; notSignedBy: string[] }>;
}

export interface RoundFilter {
  memberId?: number | undefined;
  /** Rounds of this member's team: itself and everyone below it (agent centre). */
  teamOf?: number | undefined;
  /** The vendor that signed the rows (the bets record's `vendor`). */
  vendor?: string | undefined;
  /** The catalogue vendor whose games were played, whoever signed them (the betting record's filter). */
  catalogueVendor?: VendorRounds | undefined;
  gameType?: string | undefined;
  roundId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** One round as the betting record shows it: the sum of its rows. */
export interface RoundSummary {
  source: BetSource;
  vendor: string;
  roundId: string;
  memberId: number;
  gameCode: string | null;
  gameType: string;
  stake: bigint;
  payout: bigint;
  validStake: bigint;
  status: BetStatus;
  trial: boolean;
  time: Date;
}

export interface RoundTotals {
  count: number;
  stake: bigint;
  payout: bigint;
  validStake: bigint;
}

/**
 * The reads of the bets record (DESIGN §7): betting records, game and member totals, rankings and
 * winners. `BetsService` answers them through this class.
 */
export class BetReads {
  constructor(private readonly db: Db) {}

  /**
   * Real-money totals per game of one source and vendor (GGR): settled bets only, trial play
   * excluded, by settlement time in [from, to).
   */
  async totalsByGame(f: { source: string; vendor: string; from?: Date | undefined; to?: Date | undefined }) {
    const rows = await this.db
      .select({
        game: sql<string>`coalesce(${bets.gameCode}, '')`,
        rounds: sql<string>`count(*)::text`,
        stake: sql<string>`coalesce(sum(${bets.stake}), 0)::text`,
        payout: sql<string>`coalesce(sum(${bets.payout}), 0)::text`,
      })
      .from(bets)
      .where(
        and(
          eq(bets.source, f.source),
          eq(bets.vendor, f.vendor),
          eq(bets.status, 'settled'),
          eq(bets.trial, false),
          f.from ? gte(bets.settledAt, f.from) : undefined,
          f.to ? lt(bets.settledAt, f.to) : undefined,
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows.map((r) => ({
      game: r.game,
      rounds: Number(r.rounds),
      stake: BigInt(r.stake),
      payout: BigInt(r.payout),
    }));
  }

  /**
   * One member's valid stake per (game type, game code) over [from, to) by settlement time, every
   * row (a rollback's negative row cancels its bet), trial play excluded: what a rebate reads.
   * Codes come upper-cased, as the rate keys (`INHOUSE:DICE`) name them.
   */
  async validStakeByGame(
    memberId: number,
    from: Date,
    to: Date,
  ): Promise<Array<{ gameType: string; gameCode: string | null; validStake: bigint }>> {
    const rows = await this.db
      .select({
        gameType: bets.gameType,
        gameCode: sql<string | null>`upper(${bets.gameCode})`,
        validStake: sql<string>`sum(${bets.validStake})::text`,
      })
      .from(bets)
      .where(
        and(
          eq(bets.memberId, memberId),
          eq(bets.trial, false),
          gte(bets.settledAt, from),
          lt(bets.settledAt, to),
        ),
      )
      .groupBy(bets.gameType, sql`upper(${bets.gameCode})`);
    return rows.map((r) => ({
      gameType: r.gameType,
      gameCode: r.gameCode,
      validStake: BigInt(r.validStake),
    }));
  }

  private where(f: RoundFilter): SQL | undefined {
    return and(
      f.memberId !== undefined ? eq(bets.memberId, f.memberId) : undefined,
      f.teamOf !== undefined
        ? sql`(${bets.uplinePath} @> array[${f.teamOf}::int] or ${bets.memberId} = ${f.teamOf})`
        : undefined,
      f.vendor ? eq(bets.vendor, f.vendor) : undefined,
      f.catalogueVendor ? catalogueVendorRows(f.catalogueVendor) : undefined,
      f.gameType ? eq(bets.gameType, f.gameType) : undefined,
      f.roundId ? eq(bets.roundId, f.roundId) : undefined,
      f.from ? gte(bets.settledAt, f.from) : undefined,
      f.to ? lt(bets.settledAt, f.to) : undefined,
    );
  }

  /** Rounds (newest first) and the totals of every row the filter selects. */
  async rounds(
    f: RoundFilter,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ rounds: RoundSummary[]; total: number; totals: RoundTotals }> {
    const where = this.where(f);
    const grouped = this.db
      .select({
        source: bets.source,
        vendor: bets.vendor,
        roundId: bets.roundId,
        memberId: bets.memberId,
        gameCode: sql<string | null>`max(${bets.gameCode})`,
        gameType: sql<string>`max(${bets.gameType})`,
        stake: sql<string>`sum(${bets.stake})::text`,
        payout: sql<string>`sum(${bets.payout})::text`,
        validStake: sql<string>`sum(${bets.validStake})::text`,
        status: sql<string>`(array_agg(${bets.status} order by ${bets.id} desc))[1]`,
        trial: sql<boolean>`bool_or(${bets.trial})`,
        time: sql<string>`max(${bets.settledAt})::text`,
      })
      .from(bets)
      .where(where)
      .groupBy(bets.source, bets.vendor, bets.roundId, bets.memberId);
    const rows = await grouped
      .orderBy(desc(sql`max(${bets.settledAt})`), desc(sql`max(${bets.id})`))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize);
    const [sums] = await this.db
      .select({
        rounds: sql<string>`count(distinct (${bets.source}, ${bets.vendor}, ${bets.roundId}, ${bets.memberId}))::text`,
        stake: sql<string>`coalesce(sum(${bets.stake}), 0)::text`,
        payout: sql<string>`coalesce(sum(${bets.payout}), 0)::text`,
        validStake: sql<string>`coalesce(sum(${bets.validStake}), 0)::text`,
      })
      .from(bets)
      .where(where);
    const total = Number(sums?.rounds ?? 0);
    return {
      rounds: rows.map(toSummary),
      total,
      totals: {
        count: total,
        stake: BigInt(sums?.stake ?? 0),
        payout: BigInt(sums?.payout ?? 0),
        validStake: BigInt(sums?.validStake ?? 0),
      },
    };
  }

  /**
   * Real-money stake and payout per member of the rounds that began in [from of that member, to):
   * what a cashback on net loss reads (the money lost, not the valid stake). A round belongs to the
   * business day of its first row, stake and payout alike, with every row it has by now, so a
   * round begun before midnight and paid after it counts, won, on the day it began (issue 26:
   * the stake counted on one day and the win on the next, and the day paid cashback on a round
   * the player won). Rollbacks' negative rows cancel their bets; trial play excluded.
   */
  async netByMember(
    windows: ReadonlyArray<{ memberId: number; from: Date }>,
    to: Date,
  ): Promise<Map<number, { stake: bigint; payout: bigint }>> {
    const out = new Map<number, { stake: bigint; payout: bigint }>();
    for (let i = 0; i < windows.length; i += 500) {
      const chunk = windows.slice(i, i + 500);
      const ids = sql.join(
        chunk.map((w) => sql`${w.memberId}`),
        sql`, `,
      );
      const froms = sql.join(
        chunk.map((w) => sql`${w.from.toISOString()}`),
        sql`, `,
      );
      const rows = rowsOf<{ member_id: number; stake: string; payout: string }>(
        await this.db.execute(sql`
          with w as (
            select * from unnest(array[${ids}]::int[], array[${froms}]::timestamptz[]) as w(member_id, from_at)
          ), touched as (
            select distinct b.source, b.vendor, b.round_id, b.member_id, w.from_at
            from bets b join w on b.member_id = w.member_id
            where b.settled_at >= w.from_at and b.settled_at < ${to.toISOString()}::timestamptz and not b.trial
          ), began as (
            select t.* from touched t
            where (select min(b.settled_at) from bets b
                   where b.source = t.source and b.vendor = t.vendor and b.round_id = t.round_id
                     and b.member_id = t.member_id) >= t.from_at
          )
          select r.member_id, coalesce(sum(b.stake), 0)::text as stake, coalesce(sum(b.payout), 0)::text as payout
          from began r join bets b
            on b.source = r.source and b.vendor = r.vendor and b.round_id = r.round_id and b.member_id = r.member_id
          where not b.trial
          group by r.member_id`),
      );
      for (const r of rows) out.set(r.member_id, { stake: BigInt(r.stake), payout: BigInt(r.payout) });
    }
    return out;
  }

  /** The rows of one member's round (for one vendor when given, else the newest round with that id). */
  async roundRows(memberId: number, roundId: string, vendor?: string): Promise<BetRow[]> {
    const rows = await this.db
      .select()
      .from(bets)
      .where(
        and(
          eq(bets.memberId, memberId),
          eq(bets.roundId, roundId),
          vendor ? eq(bets.vendor, vendor) : undefined,
        ),
      )
      .orderBy(asc(bets.id));
    if (rows.length === 0) return rows;
    const last = rows[rows.length - 1]!;
    return rows.filter((r) => r.vendor === last.vendor && r.source === last.source);
  }

  /** A member's valid stake (turnover) settled in [from, to), real play only. */
  async validStakeOf(memberId: number, from: Date, to: Date, ex: DbOrTx = this.db): Promise<bigint> {
    const [row] = await ex
      .select({ v: sql<string>`coalesce(sum(${bets.validStake}), 0)::text` })
      .from(bets)
      .where(
        and(
          eq(bets.memberId, memberId),
          eq(bets.trial, false),
          gte(bets.settledAt, from),
          lt(bets.settledAt, to),
        ),
      );
    return BigInt(row?.v ?? '0');
  }

  /** The members with the most valid stake settled since `from` (the public ranking). */
  async topTurnover(from: Date, limit: number): Promise<Array<{ memberId: number; validStake: bigint }>> {
    const rows = await this.db
      .select({ memberId: bets.memberId, v: sql<string>`sum(${bets.validStake})::text` })
      .from(bets)
      .where(and(gte(bets.settledAt, from), eq(bets.trial, false)))
      .groupBy(bets.memberId)
      .having(sql`sum(${bets.validStake}) > 0`)
      .orderBy(desc(sql`sum(${bets.validStake})`), asc(bets.memberId))
      .limit(limit);
    return rows.map((r) => ({ memberId: r.memberId, validStake: BigInt(r.v) }));
  }

  /**
   * The games with the most real-money rounds settled since `since` (the public popular list):
   * rounds, not rows, so a vendor that settles a round in many rows counts it once.
   */
  async mostPlayed(opts: {
    since: Date;
    gameType?: string | undefined;
    limit: number;
  }): Promise<Array<{ vendor: string; gameCode: string; rounds: number }>> {
    const rows = await this.db
      .select({
        vendor: bets.vendor,
        gameCode: sql<string>`${bets.gameCode}`,
        rounds: sql<string>`count(distinct ${bets.roundId})::text`,
      })
      .from(bets)
      .where(
        and(
          gte(bets.settledAt, opts.since),
          eq(bets.trial, false),
          eq(bets.status, 'settled'),
          sql`${bets.gameCode} is not null`,
          opts.gameType ? eq(bets.gameType, opts.gameType) : undefined,
        ),
      )
      .groupBy(bets.vendor, bets.gameCode)
      .orderBy(desc(sql`count(distinct ${bets.roundId})`), desc(sql`max(${bets.settledAt})`))
      .limit(opts.limit);
    return rows.map((r) => ({ vendor: r.vendor, gameCode: r.gameCode, rounds: Number(r.rounds) }));
  }

  /**
   * Winning rounds of the last `days` days (real play only): the newest, or the largest payouts.
   */
  async winners(opts: {
    gameType?: string | undefined;
    limit: number;
    sort: 'LATEST' | 'BIGGEST';
    days?: number;
    /** Only rounds paying at least this much (the "big winners" board). */
    minPayout?: bigint;
  }): Promise<
    Array<{ memberId: number; vendor: string; gameCode: string | null; payout: bigint; time: Date }>
  > {
    const since = new Date(Date.now() - (opts.days ?? 7) * 86_400_000);
    const rows = await this.db
      .select({
        memberId: bets.memberId,
        vendor: bets.vendor,
        gameCode: sql<string | null>`max(${bets.gameCode})`,
        payout: sql<string>`sum(${bets.payout})::text`,
        time: sql<string>`max(${bets.settledAt})::text`,
      })
      .from(bets)
      .where(
        and(
          gte(bets.settledAt, since),
          eq(bets.trial, false),
          opts.gameType ? eq(bets.gameType, opts.gameType) : undefined,
        ),
      )
      .groupBy(bets.source, bets.vendor, bets.roundId, bets.memberId)
      .having(
        opts.minPayout && opts.minPayout > 0n
          ? sql`sum(${bets.payout}) >= ${opts.minPayout}`
          : sql`sum(${bets.payout}) > 0`,
      )
      .orderBy(
        opts.sort === 'BIGGEST' ? desc(sql`sum(${bets.payout})`) : desc(sql`max(${bets.settledAt})`),
        desc(sql`max(${bets.id})`),
      )
      .limit(opts.limit);
    return rows.map((r) => ({
      memberId: r.memberId,
      vendor: r.vendor,
      gameCode: r.gameCode,
      payout: BigInt(r.payout),
      time: new Date(r.time),
    }));
  }
}

function toSummary(r: {
  source: string;
  vendor: string;
  roundId: string;
  memberId: number;
  gameCode: string | null;
  gameType: string;
  stake: string;
  payout: string;
  validStake: string;
  status: string;
  trial: boolean;
  time: string;
}): RoundSummary {
  return {
    source: r.source as BetSource,
    vendor: r.vendor,
    roundId: r.roundId,
    memberId: r.memberId,
    gameCode: r.gameCode,
    gameType: r.gameType,
    stake: BigInt(r.stake),
    payout: BigInt(r.payout),
    validStake: BigInt(r.validStake),
    status: r.status as BetStatus,
    trial: r.trial,
    time: new Date(r.time),
  };
}

/** The rows of a catalogue vendor's rounds (see VendorRounds). */
function catalogueVendorRows(v: VendorRounds): SQL {
  return or(
    eq(bets.vendor, v.vendor),
    v.codes.length > 0 ? inArray(bets.gameCode, v.codes) : undefined,
    ...v.shared.map((s) => and(eq(bets.gameCode, s.code), notInArray(bets.vendor, s.notSignedBy))),
  ) as SQL;
}
