import {
  bpToRate,
  type ContractKind,
  CONTRACT_KINDS,
  type DividendRow,
  fromMinor,
  type Page,
  type SalaryRow,
} from '@wps/contract';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentPayouts } from './schema.ts';

export interface PayoutQuery {
  memberId: number;
  side: 'RECEIVED' | 'PAID';
  kinds: ContractKind[];
  from?: Date | undefined;
  to?: Date | undefined;
  pageNo: number;
  pageSize: number;
}

const STATUS_OUT = { paid: 'PAID', pending: 'PENDING', none: 'NONE' } as const;

export const pageOf = <T>(content: T[], total: number, pageNo: number, pageSize: number): Page<T> => ({
  content,
  pageNum: pageNo,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

/** Salary and dividend records, and the income report, from the payouts table. */
export class PayoutReports {
  constructor(
    private readonly db: Db,
    /** Accounts by member id, from the members service (its table is not ours to read). */
    private readonly accountsOf: (ids: number[]) => Promise<Map<number, string>>,
  ) {}

  private async names(rows: Array<{ p: { memberId: number; payerId: number | null } }>) {
    return this.accountsOf([
      ...new Set(rows.flatMap(({ p }) => (p.payerId ? [p.memberId, p.payerId] : [p.memberId]))),
    ]);
  }

  private where(q: Omit<PayoutQuery, 'pageNo' | 'pageSize'>): SQL | undefined {
    return and(
      q.side === 'PAID' ? eq(agentPayouts.payerId, q.memberId) : eq(agentPayouts.memberId, q.memberId),
      inArray(agentPayouts.kind, q.kinds),
      q.from ? gte(agentPayouts.periodStart, q.from) : undefined,
      q.to ? lt(agentPayouts.periodStart, q.to) : undefined,
    );
  }

  async page(q: PayoutQuery): Promise<Page<DividendRow>> {
    const where = this.where(q);
    const rows = await this.db
      .select({
        p: agentPayouts,
        total: sql<string>`count(*) over ()`,
      })
      .from(agentPayouts)
      .where(where)
      .orderBy(desc(agentPayouts.periodStart), desc(agentPayouts.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && q.pageNo > 1) {
      const [c] = await this.db.select({ n: sql<string>`count(*)` }).from(agentPayouts).where(where);
      total = Number(c?.n ?? 0);
    }
    const names = await this.names(rows);
    return pageOf(
      rows.map(({ p }) =>
        payoutRow(p, names.get(p.memberId) ?? '', p.payerId ? (names.get(p.payerId) ?? null) : null),
      ),
      total,
      q.pageNo,
      q.pageSize,
    );
  }

  /** My income: per contract kind, what I received, what I paid below, and what waits for funds. */
  async income(memberId: number, from: Date, to: Date) {
    const result = await this.db.execute(sql`
      select kind,
             coalesce(sum(amount) filter (where member_id = ${memberId} and status = 'paid'), 0)::text as received,
             coalesce(sum(amount) filter (where payer_id = ${memberId} and status = 'paid'), 0)::text as paid,
             coalesce(sum(amount) filter (where member_id = ${memberId} and status = 'pending'), 0)::text as pending
      from agent_payouts
      where (member_id = ${memberId} or payer_id = ${memberId})
        and period_start >= ${from.toISOString()}::timestamptz and period_start < ${to.toISOString()}::timestamptz
      group by kind`);
    const byKind = new Map(
      (
        result as unknown as {
          rows: Array<{ kind: string; received: string; paid: string; pending: string }>;
        }
      ).rows.map((r) => [r.kind, r]),
    );
    let received = 0n;
    let paid = 0n;
    const rows = CONTRACT_KINDS.map((kind) => {
      const r = byKind.get(kind);
      const rec = BigInt(r?.received ?? 0);
      const pay = BigInt(r?.paid ?? 0);
      received += rec;
      paid += pay;
      return {
        kind,
        received: fromMinor(rec),
        paid: fromMinor(pay),
        net: fromMinor(rec - pay),
        pending: fromMinor(BigInt(r?.pending ?? 0)),
      };
    });
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      rows,
      received: fromMinor(received),
      paid: fromMinor(paid),
      net: fromMinor(received - paid),
    };
  }

  /** Operator console: payouts waiting for their payer's funds. */
  async pending(pageNo: number, pageSize: number) {
    const rows = await this.db
      .select({
        p: agentPayouts,
        total: sql<string>`count(*) over ()`,
      })
      .from(agentPayouts)
      .where(eq(agentPayouts.status, 'pending'))
      .orderBy(agentPayouts.id)
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const names = await this.names(rows);
    return pageOf(
      rows.map(({ p }) => ({
        id: p.id,
        contractId: p.contractId,
        kind: p.kind as ContractKind,
        period: p.period,
        account: names.get(p.memberId) ?? '',
        payer: p.payerId ? (names.get(p.payerId) ?? null) : null,
        amount: fromMinor(p.amount),
        attempts: p.attempts,
        createdAt: p.createdAt.toISOString(),
      })),
      Number(rows[0]?.total ?? 0),
      pageNo,
      pageSize,
    );
  }
}

function payoutRow(p: typeof agentPayouts.$inferSelect, account: string, payer: string | null): DividendRow {
  const salary: SalaryRow = {
    contractId: p.contractId,
    kind: p.kind as ContractKind,
    period: p.period,
    validBet: fromMinor(p.validBet),
    rate: bpToRate(p.rateBp),
    amount: fromMinor(p.amount),
    status: STATUS_OUT[p.status as keyof typeof STATUS_OUT] ?? 'NONE',
    account,
    payer,
  };
  return {
    ...salary,
    netLoss: fromMinor(p.netLoss),
    activeMembers: p.activeMembers,
    carriedIn: fromMinor(p.carriedIn),
    carriedOut: fromMinor(p.carriedOut),
  };
}
