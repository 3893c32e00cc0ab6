import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDaySql, type ReportWindow } from '../bets/report-sums.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The promotions module's cost figures for operator reports, on the connection the caller passes,
 * per business day and member: bonus money granted (on its grant day; informational: it is not
 * cash yet), bonus converted to cash (on its conversion day) and rebates paid (on the claim day).
 */

export interface PromotionCostSum {
  day: string;
  memberId: number;
  granted: bigint;
  converted: bigint;
  rebates: bigint;
}

export async function promotionCostByDay(db: Db, w: ReportWindow): Promise<PromotionCostSum[]> {
  const from = w.from.toISOString();
  const to = w.to.toISOString();
  const created = businessDaySql(sql.raw('created_at'), w.offsetMinutes);
  const settled = businessDaySql(sql.raw('settled_at'), w.offsetMinutes);
  const result = await db.execute(sql`
    select day, member_id, sum(granted)::text as granted, sum(converted)::text as converted,
           sum(rebates)::text as rebates
    from (
      select ${created} as day, member_id, amount as granted, 0::bigint as converted, 0::bigint as rebates
      from bonus_grants
      where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
      union all
      select ${settled}, member_id, 0, amount, 0 from bonus_grants
      where status = 'converted' and settled_at >= ${from}::timestamptz and settled_at < ${to}::timestamptz
      union all
      select ${created}, member_id, 0, 0, amount from rebate_claims
      where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
    ) x group by day, member_id order by day, member_id`);
  return rowsOf<{ day: string; member_id: number; granted: string; converted: string; rebates: string }>(
    result,
  ).map((r) => ({
    day: r.day,
    memberId: Number(r.member_id),
    granted: BigInt(r.granted),
    converted: BigInt(r.converted),
    rebates: BigInt(r.rebates),
  }));
}
