import {
  CREDIT_REPORT_MAX_BUCKETS,
  type CreditReport,
  type CreditReportInterval,
  fromMinor,
  recordTypeOf,
} from '@wps/contract';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountIds } from './account-ids.ts';
import type { AccountRef } from './accounts.ts';
import type { DateRange } from './ledger-types.ts';
import { ledgerPostings } from './schema.ts';

type Sums = { credit: bigint; debit: bigint; count: number };

const SUMS = {
  credit: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} > 0), 0)::text`,
  debit: sql<string>`coalesce(-sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} < 0), 0)::text`,
  count: sql<string>`count(*)::text`,
};

/** The unit date_trunc cuts by: fixed words, never the caller's text. */
const UNIT: Readonly<Record<CreditReportInterval, string>> = { day: 'day', week: 'week', month: 'month' };

const money = (s: Sums) => ({
  credit: fromMinor(s.credit),
  debit: fromMinor(s.debit),
  net: fromMinor(s.credit - s.debit),
  count: s.count,
});
const sums = (r: { credit: string; debit: string; count: string }): Sums => ({
  credit: BigInt(r.credit),
  debit: BigInt(r.debit),
  count: Number(r.count),
});

/**
 * The member's credit report: what came into (credit) and left (debit) one ledger account over a
 * period, by transaction type and cut into business days, weeks (from Monday) or months. Periods
 * without a posting are left out; the newest CREDIT_REPORT_MAX_BUCKETS are answered.
 */
export async function creditReport(
  db: Db,
  accounts: AccountIds,
  ref: AccountRef,
  range: DateRange,
  interval: CreditReportInterval,
  businessOffsetMinutes: number,
): Promise<CreditReport> {
  const report: CreditReport = {
    from: range.from?.toISOString() ?? null,
    to: range.to?.toISOString() ?? null,
    interval,
    totals: money({ credit: 0n, debit: 0n, count: 0 }),
    byType: [],
    periods: [],
  };
  const accountId = await accounts.existing(ref);
  if (!accountId) return report;
  const where = and(
    eq(ledgerPostings.accountId, accountId),
    range.from ? gte(ledgerPostings.createdAt, range.from) : undefined,
    range.to ? lt(ledgerPostings.createdAt, range.to) : undefined,
  );

  const reasons = await db
    .select({ reason: ledgerPostings.reason, ...SUMS })
    .from(ledgerPostings)
    .where(where)
    .groupBy(ledgerPostings.reason);
  const byType = new Map<string, Sums>();
  const total: Sums = { credit: 0n, debit: 0n, count: 0 };
  for (const r of reasons) {
    const s = sums(r);
    const type = recordTypeOf(r.reason) ?? 'other';
    const acc = byType.get(type) ?? { credit: 0n, debit: 0n, count: 0 };
    byType.set(type, {
      credit: acc.credit + s.credit,
      debit: acc.debit + s.debit,
      count: acc.count + s.count,
    });
    total.credit += s.credit;
    total.debit += s.debit;
    total.count += s.count;
  }
  report.totals = money(total);
  report.byType = [...byType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, s]) => ({ type: type as CreditReport['byType'][number]['type'], ...money(s) }));

  // The business day of a posting: its UTC time moved by the business offset, then cut. Unit and
  // offset are written into the statement (a fixed word, an integer from config) so that the
  // GROUP BY below names the very same expression.
  const offset = Math.trunc(businessOffsetMinutes);
  const bucket: SQL<string> = sql<string>`to_char(date_trunc('${sql.raw(UNIT[interval])}', (${ledgerPostings.createdAt} at time zone 'UTC') + interval '${sql.raw(String(offset))} minutes'), 'YYYY-MM-DD')`;
  const periods = await db
    .select({ start: bucket, ...SUMS })
    .from(ledgerPostings)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`)
    .limit(CREDIT_REPORT_MAX_BUCKETS);
  report.periods = periods.map((r) => ({ start: r.start, ...money(sums(r)) }));
  return report;
}
