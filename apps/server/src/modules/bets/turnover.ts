import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { bets } from './schema.ts';

/** One member's window of settled play: [from, to). */
export interface StakeWindow {
  memberId: number;
  from: Date;
  to: Date;
}

/**
 * Real-money valid stake settled inside each member's own window, in one grouped query (what
 * `BetsService.validStakeOf` answers for one member): a page listing many players reads them all
 * at once instead of one query each. Members without play in their window are absent (zero).
 */
export async function validStakeInWindows(
  ex: DbOrTx,
  windows: readonly StakeWindow[],
): Promise<Map<number, bigint>> {
  if (windows.length === 0) return new Map();
  const list = sql.join(
    windows.map(
      (w) =>
        sql`(${w.memberId}::int, ${w.from.toISOString()}::timestamptz, ${w.to.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = rowsOf<{ member_id: number; v: string }>(
    await ex.execute(sql`
      select w.member_id, coalesce(sum(${bets.validStake}), 0)::text as v
      from (values ${list}) as w(member_id, since, until)
      join ${bets} on ${bets.memberId} = w.member_id
        and ${bets.settledAt} >= w.since and ${bets.settledAt} < w.until
        and ${bets.trial} = false
      group by w.member_id`),
  );
  return new Map(rows.map((r) => [Number(r.member_id), BigInt(r.v)]));
}
