import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The bets record's sums for operator reports (reports module), read from whichever connection the
 * caller passes (the reports replica when one is configured). Real-money play only: trial rows are
 * left out. A rolled-back round's correcting row carries negative figures, so sums stay right.
 */

export interface ReportWindow {
  from: Date;
  to: Date;
  /** Minutes east of UTC of the business day. */
  offsetMinutes: number;
}

/** `YYYY-MM-DD` of the business day an instant column falls in (independent of the session time zone). */
export const businessDaySql = (column: SQL, offsetMinutes: number): SQL =>
  sql`to_char((${column} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;

export type BetGrouping = 'day' | 'vendor' | 'game' | 'agent';

export interface BetSumRow {
  key: string;
  bets: number;
  stake: bigint;
  payout: bigint;
  validStake: bigint;
}

/**
 * Stake, payout and valid stake of real-money bets settled in the window, grouped by business day,
 * vendor, game code (`vendor:game`), or agent branch. With `agentId`, only that agent's team (its
 * own bets and every member whose upline path holds it). By agent: without `agentId` one row per
 * top of the tree (a top-level agent, or a member without an upline: the reports module folds the
 * players among those into one row); with it, one row per direct downline branch below the agent
 * (the agent's own bets under its own id).
 */
export async function betSums(
  db: Db,
  w: ReportWindow,
  by: BetGrouping,
  agentId?: number | undefined,
): Promise<BetSumRow[]> {
  const settled = sql.raw('settled_at');
  let key: SQL;
  switch (by) {
    case 'day':
      key = businessDaySql(settled, w.offsetMinutes);
      break;
    case 'vendor':
      key = sql`vendor`;
      break;
    case 'game':
      key = sql`vendor || ':' || coalesce(game_code, game_type)`;
      break;
    case 'agent':
      key =
        agentId === undefined
          ? sql`coalesce(upline_path[1], member_id)::text`
          : sql`(case when member_id = ${agentId}::int then member_id
                 else coalesce(upline_path[array_position(upline_path, ${agentId}::int) + 1], member_id) end)::text`;
      break;
  }
  const team =
    agentId === undefined
      ? sql`true`
      : sql`(upline_path @> array[${agentId}::int] or member_id = ${agentId}::int)`;
  const result = await db.execute(sql`
    select ${key} as key, count(*)::int as bets, sum(stake)::text as stake, sum(payout)::text as payout,
           sum(valid_stake)::text as valid_stake
    from bets
    where settled_at >= ${w.from.toISOString()}::timestamptz and settled_at < ${w.to.toISOString()}::timestamptz
      and not trial and ${team}
    group by 1
    order by 1`);
  return rowsOf<{ key: string; bets: number; stake: string; payout: string; valid_stake: string }>(
    result,
  ).map((r) => ({
    key: String(r.key),
    bets: Number(r.bets),
    stake: BigInt(r.stake),
    payout: BigInt(r.payout),
    validStake: BigInt(r.valid_stake),
  }));
}

/**
 * Members who placed a real-money bet, per business day, and over the whole window (each member
 * once). A day whose only rows are corrections still counts the member as active.
 */
export async function activeBettors(
  db: Db,
  w: ReportWindow,
): Promise<{ byDay: Map<string, number>; total: number }> {
  const day = businessDaySql(sql.raw('settled_at'), w.offsetMinutes);
  const result = await db.execute(sql`
    select coalesce(d, 'total') as day, count(distinct member_id)::int as n from (
      select ${day} as d, member_id from bets
      where settled_at >= ${w.from.toISOString()}::timestamptz and settled_at < ${w.to.toISOString()}::timestamptz
        and not trial and stake > 0
    ) x group by grouping sets ((d), ())`);
  const byDay = new Map<string, number>();
  let total = 0;
  for (const r of rowsOf<{ day: string; n: number }>(result)) {
    if (r.day === 'total') total = Number(r.n);
    else byDay.set(r.day, Number(r.n));
  }
  return { byDay, total };
}
