import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDaySql, type ReportWindow } from '../bets/report-sums.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The cashier's sums for operator reports, on the connection the caller passes (the reports
 * replica when configured). A deposit counts on the business day it was approved; a withdrawal
 * on the day it was paid (its money left the platform then).
 */

export interface CashflowSum {
  day: string;
  kind: 'deposit' | 'withdrawal';
  channel: string;
  count: number;
  amount: bigint;
}

export async function cashflowByChannel(db: Db, w: ReportWindow): Promise<CashflowSum[]> {
  const from = w.from.toISOString();
  const to = w.to.toISOString();
  const depDay = businessDaySql(sql.raw('reviewed_at'), w.offsetMinutes);
  const wdDay = businessDaySql(sql.raw('paid_at'), w.offsetMinutes);
  const result = await db.execute(sql`
    select ${depDay} as day, 'deposit' as kind, channel_code as channel, count(*)::int as n, sum(amount)::text as amount
    from deposit_requests
    where status = 'approved' and reviewed_at >= ${from}::timestamptz and reviewed_at < ${to}::timestamptz
    group by 1, 3
    union all
    select ${wdDay}, 'withdrawal', payout_provider, count(*)::int, sum(amount)::text
    from withdrawal_requests
    where status = 'paid' and paid_at >= ${from}::timestamptz and paid_at < ${to}::timestamptz
    group by 1, 3
    order by 1, 2, 3`);
  return rowsOf<{ day: string; kind: 'deposit' | 'withdrawal'; channel: string; n: number; amount: string }>(
    result,
  ).map((r) => ({
    day: r.day,
    kind: r.kind,
    channel: r.channel,
    count: Number(r.n),
    amount: BigInt(r.amount),
  }));
}

/**
 * Members whose first approved deposit ever was approved on each business day of the window: the
 * first approval inside the window, of members with none before it (both through the approved index).
 */
export async function firstDepositors(db: Db, w: ReportWindow): Promise<Map<string, number>> {
  const from = w.from.toISOString();
  const day = businessDaySql(sql.raw('first_at'), w.offsetMinutes);
  const result = await db.execute(sql`
    select ${day} as day, count(*)::int as n from (
      select member_id, min(reviewed_at) as first_at from deposit_requests
      where status = 'approved' and reviewed_at >= ${from}::timestamptz and reviewed_at < ${w.to.toISOString()}::timestamptz
      group by member_id
    ) f
    where not exists (
      select 1 from deposit_requests d
      where d.member_id = f.member_id and d.status = 'approved' and d.reviewed_at < ${from}::timestamptz
    )
    group by 1`);
  return new Map(rowsOf<{ day: string; n: number }>(result).map((r) => [r.day, Number(r.n)]));
}
