import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

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
  ): Promise<Map<number, TeamTotals>> {
    const out = new Map<number, TeamTotals>();
    if (agentIds.length === 0) return out;
    const ids = `{${[...new Set(agentIds)].join(',')}}`;
    const result = await this.db.execute(sql`
      with per_member as (
        select member_id, upline_path, sum(valid_stake) as vs, sum(stake) as st, sum(payout) as po
        from bets
        where settled_at >= ${from.toISOString()}::timestamptz and settled_at < ${to.toISOString()}::timestamptz
          and not trial
        group by member_id, upline_path
      ), credited as (
        select a.agent, p.member_id, sum(p.vs) as vs, sum(p.st) as st, sum(p.po) as po
        from per_member p cross join lateral unnest(p.upline_path || p.member_id) as a(agent)
        where a.agent = any(${ids}::int[])
        group by a.agent, p.member_id
      )
      select agent, sum(vs)::text as valid_bet, sum(st)::text as stake, sum(po)::text as payout,
             count(*) filter (where vs >= ${activeMinValidBet.toString()}::bigint and vs > 0)::text as active
      from credited group by agent`);
    for (const r of rowsOf<TotalsRow>(result)) out.set(Number(r.agent), toTotals(r));
    return out;
  }

  /** One team's totals and its per-day series (team overview), through the path's GIN index. */
  async overview(
    agentId: number,
    from: Date,
    to: Date,
    activeMinValidBet: bigint,
    utcOffsetMinutes: number,
  ): Promise<{ totals: TeamTotals; daily: Array<TeamTotals & { day: string }> }> {
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
        select member_id,
               to_char(settled_at + make_interval(mins => ${utcOffsetMinutes}), 'YYYY-MM-DD') as day,
               sum(valid_stake) as vs, sum(stake) as st, sum(payout) as po
        from team_bets
        group by member_id, day
      ), members_total as (
        select member_id, sum(vs) as vs from per group by member_id
      )
      select 'total' as day, coalesce(sum(vs), 0)::text as valid_bet, coalesce(sum(st), 0)::text as stake,
             coalesce(sum(po), 0)::text as payout,
             (select count(*) from members_total
              where vs >= ${activeMinValidBet.toString()}::bigint and vs > 0)::text as active
      from per
      union all
      select day, sum(vs)::text, sum(st)::text, sum(po)::text,
             count(*) filter (where vs >= ${activeMinValidBet.toString()}::bigint and vs > 0)::text
      from per group by day`);
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
