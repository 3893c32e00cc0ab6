import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDaySql, type ReportWindow } from '../bets/report-sums.ts';
import { rowsOf } from '../../db/rows.ts';

/** The members module's figures for operator reports, on the connection the caller passes. */

/** SPEC §3 type 4: trial (free-play) accounts are not registrations. */
const TRIAL_TYPE = 4;

/** Members registered (trial accounts excluded) per business day of the window. */
export async function registrationsByDay(db: Db, w: ReportWindow): Promise<Map<string, number>> {
  const day = businessDaySql(sql.raw('created_at'), w.offsetMinutes);
  const result = await db.execute(sql`
    select ${day} as day, count(*)::int as n from members
    where type <> ${TRIAL_TYPE} and created_at >= ${w.from.toISOString()}::timestamptz
      and created_at < ${w.to.toISOString()}::timestamptz
    group by 1`);
  return new Map(rowsOf<{ day: string; n: number }>(result).map((r) => [r.day, Number(r.n)]));
}

/** Account name and type (SPEC §3) of the given member ids: report labels, and which rows are agents. */
export async function memberLabels(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { account: string; type: number }>> {
  if (ids.length === 0) return new Map();
  const list = `{${[...new Set(ids)].join(',')}}`;
  const result = await db.execute(sql`select id, account, type from members where id = any(${list}::int[])`);
  return new Map(
    rowsOf<{ id: number; account: string; type: number }>(result).map((r) => [
      Number(r.id),
      { account: r.account, type: Number(r.type) },
    ]),
  );
}

/**
 * The agent-tree branch each member counts under, keyed as the bets report keys its rows: without
 * `agentId`, the member's top-level agent (`0` for none); with it, the branch directly below that
 * agent (the agent itself for its own figures), and members outside its team are left out. Uses
 * today's tree (the bets record keeps the path at bet time).
 */
export async function branchesOf(
  db: Db,
  memberIds: readonly number[],
  agentId?: number | undefined,
): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const list = `{${[...new Set(memberIds)].join(',')}}`;
  const key =
    agentId === undefined
      ? sql`coalesce(path[1], id)::text`
      : sql`(case when id = ${agentId}::int then id
             when path @> array[${agentId}::int] then coalesce(path[array_position(path, ${agentId}::int) + 1], id)
             end)::text`;
  const result = await db.execute(sql`
    select id, ${key} as key from (
      select id, member_upline_path(id) as path from members where id = any(${list}::int[])
    ) m`);
  const out = new Map<number, string>();
  for (const r of rowsOf<{ id: number; key: string | null }>(result))
    if (r.key !== null) out.set(Number(r.id), r.key);
  return out;
}
