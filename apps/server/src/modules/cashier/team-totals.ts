import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export interface TeamCashTotals {
  deposits: { count: number; amount: bigint };
  /** Members of the team whose first approved deposit ever was approved in the range. */
  firstDeposits: number;
  withdrawals: { count: number; amount: bigint };
}

/**
 * A team's money in and out over a range (agent team overview): approved deposits by their
 * approval time, first deposits, paid withdrawals by their payment time. The team is given as
 * SQL by the members module (`teamIdsSql`), so the cashier reads only its own tables.
 */
export class CashierTeamTotals {
  constructor(private readonly db: Db) {}

  async totals(teamIds: SQL, from: Date, to: Date): Promise<TeamCashTotals> {
    const f = from.toISOString();
    const t = to.toISOString();
    const result = await this.db.execute(sql`
      with team as ${teamIds},
      dep as (
        select count(*) as n, coalesce(sum(amount), 0) as amount from deposit_requests
        where status = 'approved' and reviewed_at >= ${f}::timestamptz and reviewed_at < ${t}::timestamptz
          and member_id in (select id from team)
      ),
      firsts as (
        select count(*) as n from (
          select member_id from deposit_requests
          where status = 'approved' and member_id in (select id from team)
          group by member_id
          having min(reviewed_at) >= ${f}::timestamptz and min(reviewed_at) < ${t}::timestamptz
        ) x
      ),
      wd as (
        select count(*) as n, coalesce(sum(amount), 0) as amount from withdrawal_requests
        where status = 'paid' and paid_at >= ${f}::timestamptz and paid_at < ${t}::timestamptz
          and member_id in (select id from team)
      )
      select dep.n::text as dep_n, dep.amount::text as dep_amount, firsts.n::text as firsts,
             wd.n::text as wd_n, wd.amount::text as wd_amount
      from dep, firsts, wd`);
    const r = rowsOf<{ dep_n: string; dep_amount: string; firsts: string; wd_n: string; wd_amount: string }>(
      result,
    )[0];
    return {
      deposits: { count: Number(r?.dep_n ?? 0), amount: BigInt(r?.dep_amount ?? 0) },
      firstDeposits: Number(r?.firsts ?? 0),
      withdrawals: { count: Number(r?.wd_n ?? 0), amount: BigInt(r?.wd_amount ?? 0) },
    };
  }
}
