import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDaySql, type ReportWindow } from '../bets/report-sums.ts';

/** Cash paid for points (approved cash redemptions) per business day of approval: a report's cost. */
export async function pointsCashByDay(db: Db, w: ReportWindow): Promise<Map<string, bigint>> {
  const day = businessDaySql(sql.raw('reviewed_at'), w.offsetMinutes);
  const result = await db.execute(sql`
    select ${day} as day, sum(cash_value)::text as amount from points_redemptions
    where status = 'approved' and cash_value is not null
      and reviewed_at >= ${w.from.toISOString()}::timestamptz and reviewed_at < ${w.to.toISOString()}::timestamptz
    group by 1`);
  return new Map(
    (result as unknown as { rows: Array<{ day: string; amount: string }> }).rows.map((r) => [
      r.day,
      BigInt(r.amount),
    ]),
  );
}
