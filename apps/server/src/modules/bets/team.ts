import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { businessDaySql, TEAM_ROLLUP_CONSUMER } from './team-rollup.ts';

const DAY_MS = 86_400_000;

/** The rollup consumer's mark as a literal `(xid, id)` (the planner walks bets_xid_idx from it). */
async function markOf(tx: DbOrTx): Promise<SQL> {
  const [mark] = rowsOf<{ last_xid: string; last_id: string }>(
    await tx.execute(
      sql`select last_xid::text, last_id::text from bet_consumers where name = ${TEAM_ROLLUP_CONSUMER}`,
    ),
  );
  return sql.raw(`(${BigInt(mark?.last_xid ?? 0)}, ${BigInt(mark?.last_id ?? 0)})`);
}

/** `[first, end)` business days (YYYY-MM-DD) when the range is exactly whole business days, else null. */
function wholeDays(from: Date, to: Date, utcOffsetMinutes: number): [string, string] | null {
  const offsetMs = utcOffsetMinutes * 60_000;
  const a = from.getTime() + offsetMs;
  const b = to.getTime() + offsetMs;
  if (a % DAY_MS !== 0 || b % DAY_MS !== 0 || b <= a) return null;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [day(a), day(b)];
}

/** Sums of a team's real (non-trial) play over a period. */
export interface TeamTotals {
  validBet: bigint;
  stake: bigint;
  payout: bigint;
  /** Members whose valid bet in the period reached the threshold. */
  activeMembers: number;
}

export const ZERO_TOTALS: TeamTotals = { validBet: 0n, stake: 0n, payout: 0n, activeMembers: 0 };

interface TotalsRow {
  agent: number;
  valid_bet: string;
  stake: string;
  payout: string;
  active: string;
}

const toTotals = (r: Omit<TotalsRow, 'agent'>): TeamTotals => ({
  validBet: BigInt(r.valid_bet),
  stake: BigInt(r.stake),
  payout: BigInt(r.payout),
  activeMembers: Number(r.active),
});

/**
 * Team figures from the bets record (DESIGN §7) for the agents module. A team is a member and
 * everyone below it: the bets whose `upline_path` holds the member, plus the member's own.
 */
export class TeamBets {
  constructor(private readonly db: Db) {}

  /**
   * Totals of many teams at once (salary and dividend settlement): one pass over the period's
   * bets, each member's sums credited to every listed agent on its path. The period is read once
   * whatever the number of contracts, so settling every contract costs about one aggregate.
   */
  async totalsOf(
    agentIds: readonly number[],
    from: Date,
    to: Date,
    activeMinValidBet: bigint,
    /**
     * The business day's offset: given, a range of whole business days (a daily salary, a
     * dividend period) reads the daily rollups and the bets after the rollup's mark instead of
     * every bet of the period (exact either way; team-rollup.test.ts).
     */
    utcOffsetMinutes?: number,
  ): Promise<Map<number, TeamTotals>> {
    const out = new Map<number, TeamTotals>();
    if (agentIds.length === 0) return out;
    const ids = `{${[...new Set(agentIds)].join(',')}}`;
    const f = sql`${from.toISOString()}::timestamptz`;
    const t = sql`${to.toISOString()}::timestamptz`;
    // Each member's period totals are credited to every listed agent on its path (and to itself).
    // A member that moved to another upline within the period has a row per path, and an agent
    // gets only the rows whose path holds it, the member counted once: grouped by (agent, member).
    // Almost no member moves, so that grouping is done for the movers only; everybody else's
    // agents come straight from their one path. Grouping every member by (agent, member) spilled a
    // 590K-group hash aggregate to disk: 2.7-3.3 s against 1.2-1.4 s (100K members, 25K contracts).
    const credit = (perMember: SQL) => sql`
      with per_member as (${perMember}), member_totals as (
        select member_id, sum(vs) as vs, sum(st) as st, sum(po) as po,
               min(upline_path) as path, min(upline_path) is distinct from max(upline_path) as moved
        from per_member group by member_id
      ), credited as (
        select a.agent, m.vs, m.st, m.po
        from member_totals m cross join lateral unnest(m.path || m.member_id) as a(agent)
        where not m.moved and a.agent = any(${ids}::int[])
        union all
        select a.agent, sum(p.vs), sum(p.st), sum(p.po)
        from per_member p join member_totals m on m.member_id = p.member_id and m.moved
        cross join lateral unnest(p.upline_path || p.member_id) as a(agent)
        where a.agent = any(${ids}::int[])
        group by a.agent, p.member_id
      )
      select agent, sum(vs)::text as valid_bet, sum(st)::text as stake, sum(po)::text as payout,
             count(*) filter (where vs >= ${activeMinValidBet.toString()}::bigint and vs > 0)::text as active
      from credited group by agent`;
    const days = utcOffsetMinutes === undefined ? null : wholeDays(from, to, utcOffsetMinutes);
    let rows: TotalsRow[];
    if (days) {
      rows = await this.db.transaction(
        async (tx) => {
          const after = await markOf(tx);
          return rowsOf<TotalsRow>(
            await tx.execute(
              credit(sql`
                select member_id, upline_path, sum(vs) as vs, sum(st) as st, sum(po) as po from (
                  select member_id, upline_path, valid_stake as vs, stake as st, payout as po
                  from bets_team_daily where day >= ${days[0]}::date and day < ${days[1]}::date
                  union all
                  select member_id, upline_path, valid_stake, stake, payout from bets
                  where (tx_xid, id) > ${after} and settled_at >= ${f} and settled_at < ${t} and not trial
                ) x
                group by member_id, upline_path`),
            ),
          );
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    } else {
      rows = rowsOf<TotalsRow>(
        await this.db.execute(
          credit(sql`
            select member_id, upline_path, sum(valid_stake) as vs, sum(stake) as st, sum(payout) as po
            from bets
            where settled_at >= ${f} and settled_at < ${t} and not trial
            group by member_id, upline_path`),
        ),
      );
    }
    for (const r of rows) out.set(Number(r.agent), toTotals(r));
    return out;
  }

  /**
   * One team's totals and its per-day series (team overview). The whole business days of the
   * range come from the rollups (team-rollup.ts) with the bets the rollup consumer has not reached
   * yet; the partial days at either end, if any, from the record. One repeatable-read snapshot
   * for the mark and the figures, so a bet is counted once: in the rollups (at or before the
   * mark) or in the tail (after it). A top agent's day is then its members' rows (thousands)
   * instead of its bets (hundreds of thousands): issue 12 measured 1 s p99 on the record.
   */
  async overview(
    agentId: number,
    from: Date,
    to: Date,
    activeMinValidBet: bigint,
    utcOffsetMinutes: number,
  ): Promise<{ totals: TeamTotals; daily: Array<TeamTotals & { day: string }> }> {
    const offsetMs = utcOffsetMinutes * 60_000;
    // First whole business day at or after `from`; end of the last whole one at or before `to`.
    const d1 = new Date(Math.ceil((from.getTime() + offsetMs) / DAY_MS) * DAY_MS - offsetMs);
    const d2 = new Date(Math.floor((to.getTime() + offsetMs) / DAY_MS) * DAY_MS - offsetMs);
    if (d1 >= d2) return this.overviewRaw(agentId, from, to, activeMinValidBet, utcOffsetMinutes);
    const day = (d: Date) => new Date(d.getTime() + offsetMs).toISOString().slice(0, 10);
    const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    const bizDay = businessDaySql('settled_at', utcOffsetMinutes);
    const team = sql`(upline_path @> array[${agentId}::int] or member_id = ${agentId})`;
    const rowsOfTeam = (where: SQL) => sql`
      select member_id, ${bizDay} as day, valid_stake as vs, stake as st, payout as po from bets
      where upline_path @> array[${agentId}::int] and ${where} and not trial
      union all
      select member_id, ${bizDay} as day, valid_stake, stake, payout from bets
      where member_id = ${agentId} and ${where} and not trial`;
    const edges: SQL[] = [];
    if (from < d1)
      edges.push(sql`union all ${rowsOfTeam(sql`settled_at >= ${ts(from)} and settled_at < ${ts(d1)}`)}`);
    if (d2 < to)
      edges.push(sql`union all ${rowsOfTeam(sql`settled_at >= ${ts(d2)} and settled_at < ${ts(to)}`)}`);
    return this.db.transaction(
      async (tx) => {
        const after = await markOf(tx);
        const result = await tx.execute(sql`
          with team_rows as (
            select member_id, day, valid_stake as vs, stake as st, payout as po from bets_team_daily
            where upline_path @> array[${agentId}::int] and day >= ${day(d1)}::date and day < ${day(d2)}::date
            union all
            select member_id, day, valid_stake, stake, payout from bets_team_daily
            where member_id = ${agentId} and day >= ${day(d1)}::date and day < ${day(d2)}::date
            union all
            -- Bets the consumer has not rolled up yet (the xid index walks from the mark).
            select member_id, ${bizDay}, valid_stake, stake, payout from bets
            where (tx_xid, id) > ${after} and settled_at >= ${ts(d1)} and settled_at < ${ts(d2)}
              and not trial and ${team}
            ${sql.join(edges, sql` `)}
          ), per as (
            select member_id, to_char(day, 'YYYY-MM-DD') as day, sum(vs) as vs, sum(st) as st, sum(po) as po
            from team_rows group by member_id, day
          )
          ${this.summary(activeMinValidBet)}`);
        return this.shape(result);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** The overview straight from the bets record: ranges without a whole day, and the tests' oracle. */
  async overviewRaw(
    agentId: number,
    from: Date,
    to: Date,
    activeMinValidBet: bigint,
    utcOffsetMinutes: number,
  ): Promise<{ totals: TeamTotals; daily: Array<TeamTotals & { day: string }> }> {
    const bizDay = businessDaySql('settled_at', utcOffsetMinutes);
    const result = await this.db.execute(sql`
      with team_bets as (
        -- Two index paths (the path's GIN index, the member's own index) rather than one OR,
        -- which the planner can only answer with a scan of the whole period.
        select member_id, settled_at, valid_stake, stake, payout from bets
        where upline_path @> array[${agentId}::int]
          and settled_at >= ${from.toISOString()}::timestamptz and settled_at < ${to.toISOString()}::timestamptz
          and not trial
        union all
        select member_id, settled_at, valid_stake, stake, payout from bets
        where member_id = ${agentId}
          and settled_at >= ${from.toISOString()}::timestamptz and settled_at < ${to.toISOString()}::timestamptz
          and not trial
      ), per as (
        select member_id, to_char(${bizDay}, 'YYYY-MM-DD') as day,
               sum(valid_stake) as vs, sum(stake) as st, sum(payout) as po
        from team_bets
        group by member_id, day
      )
      ${this.summary(activeMinValidBet)}`);
    return this.shape(result);
  }

  /** The overview's last part over `per` (member, day, sums): the range's totals, then each day. */
  private summary(activeMinValidBet: bigint): SQL {
    const min = sql`${activeMinValidBet.toString()}::bigint`;
    return sql`, members_total as (
        select member_id, sum(vs) as vs from per group by member_id
      )
      select 'total' as day, coalesce(sum(vs), 0)::text as valid_bet, coalesce(sum(st), 0)::text as stake,
             coalesce(sum(po), 0)::text as payout,
             (select count(*) from members_total where vs >= ${min} and vs > 0)::text as active
      from per
      union all
      select day, sum(vs)::text, sum(st)::text, sum(po)::text,
             count(*) filter (where vs >= ${min} and vs > 0)::text
      from per group by day`;
  }

  private shape(result: unknown): { totals: TeamTotals; daily: Array<TeamTotals & { day: string }> } {
    const rows = rowsOf<Omit<TotalsRow, 'agent'> & { day: string }>(result);
    const total = rows.find((r) => r.day === 'total');
    return {
      totals: total ? toTotals(total) : ZERO_TOTALS,
      daily: rows
        .filter((r) => r.day !== 'total')
        .map((r) => ({ day: r.day, ...toTotals(r) }))
        .sort((a, b) => (a.day < b.day ? -1 : 1)),
    };
  }
}
