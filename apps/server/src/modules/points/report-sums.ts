import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDaySql, type ReportWindow } from '../bets/report-sums.ts';

export interface PointsCashSum {
  day: string;
  memberId: number;
  amount: bigint;
}

/** Cash paid for points (approved cash redemptions) per business day of approval and member: a report's cost. */
export async function pointsCashByDay(db: Db, w: ReportWindow): Promise<PointsCashSum[]> {
  const day = businessDaySql(sql.raw('reviewed_at'), w.offsetMinutes);
  const result = await db.execute(sql`
    select ${day} as day, member_id, sum(cash_value)::text as amount from points_redemptions
    where status = 'approved' and cash_value is not null
      and reviewed_at >= ${w.from.toISOString()}::timestamptz and reviewed_at < ${w.to.toISOString()}::timestamptz
    group by 1, 2`);
  return (result as unknown as { rows: Array<{ day: string; member_id: number; amount: string }> }).rows.map(
    (r) => ({
      day: r.day,
      memberId: Number(r.member_id),
      amount: BigInt(r.amount),
    }),
  );
}
