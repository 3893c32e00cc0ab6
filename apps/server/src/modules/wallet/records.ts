import {
  type AccountRecord,
  type AccountRecordQuery,
  fromMinor,
  type Page,
  type ProfitSummary,
  RECORD_TYPES,
  recordTypeOf,
} from '@wps/contract';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AccountIds } from './account-ids.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import type { DateRange } from './ledger-types.ts';
import { type AccountType, ledgerAccounts, ledgerPostings, ledgerTransactions } from './schema.ts';

/** Details of a transaction's metadata a member may see in the account record. */
const VISIBLE_DETAIL = [
  'vendor',
  'roundId',
  'txId',
  'gameCode',
  'channel',
  'requestId',
  'from',
  'to',
  'direction',
  'depositId',
  'withdrawalId',
] as const;

/** What both posting lists read of a posting and its transaction (amounts as text: bigints). */
const POSTING_COLUMNS = {
  id: ledgerPostings.id,
  transactionId: ledgerPostings.transactionId,
  reason: ledgerPostings.reason,
  amount: sql<string>`${ledgerPostings.amount}::text`,
  before: sql<string>`${ledgerPostings.balanceBefore}::text`,
  after: sql<string>`${ledgerPostings.balanceAfter}::text`,
  createdAt: ledgerPostings.createdAt,
  metadata: ledgerTransactions.metadata,
};

/**
 * What the ledger shows of itself: a member's account record and profit (player pages), their
 * accounts and postings (operator console), and the flows player protection sums.
 */
export class LedgerRecords {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountIds,
  ) {}

  /**
   * Net amounts per reason posted on one account since `since` (player protection: stakes,
   * wins and rollbacks of a limit period). Read through the (account, created_at) index.
   */
  async flowsSince(ref: AccountRef, since: Date, ex: DbOrTx = this.db): Promise<Map<string, bigint>> {
    const rows = await ex
      .select({ reason: ledgerPostings.reason, sum: sql<string>`sum(${ledgerPostings.amount})::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(and(eq(ledgerAccounts.key, accountKey(ref)), gte(ledgerPostings.createdAt, since)))
      .groupBy(ledgerPostings.reason);
    return new Map(rows.map((r) => [r.reason, BigInt(r.sum)]));
  }

  /** A member's account record (transactionHistory): postings on one of their accounts, newest first. */
  async history(
    ref: AccountRef,
    query: Pick<AccountRecordQuery, 'type' | 'pageNo' | 'pageSize'> & DateRange,
  ): Promise<Page<AccountRecord>> {
    const empty = { content: [], pageNum: query.pageNo, pageSize: query.pageSize, total: 0, totalPages: 0 };
    const accountId = await this.accounts.existing(ref);
    if (!accountId) return empty;
    const where = and(
      eq(ledgerPostings.accountId, accountId),
      query.type ? inArray(ledgerPostings.reason, [...RECORD_TYPES[query.type]]) : undefined,
      query.from ? gte(ledgerPostings.createdAt, query.from) : undefined,
      query.to ? lt(ledgerPostings.createdAt, query.to) : undefined,
    );
    const [countRow] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(ledgerPostings)
      .where(where);
    const total = Number(countRow?.n ?? 0);
    const rows = await this.db
      .select(POSTING_COLUMNS)
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    return {
      content: rows.map((r) => ({
        id: Number(r.id),
        transactionId: Number(r.transactionId),
        type: recordTypeOf(r.reason),
        reason: r.reason,
        amount: fromMinor(BigInt(r.amount)),
        balanceBefore: fromMinor(BigInt(r.before)),
        balanceAfter: fromMinor(BigInt(r.after)),
        createdAt: new Date(r.createdAt).toISOString(),
        detail: visibleDetail(r.metadata),
      })),
      pageNum: query.pageNo,
      pageSize: query.pageSize,
      total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  /** Profit and loss over a period (personalProfit), from the postings on one account. */
  async profit(ref: AccountRef, range: DateRange): Promise<ProfitSummary> {
    const accountId = await this.accounts.existing(ref);
    const sums = new Map<string, { pos: bigint; neg: bigint; n: number }>();
    if (accountId) {
      const rows = await this.db
        .select({
          reason: ledgerPostings.reason,
          pos: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} > 0), 0)::text`,
          neg: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} < 0), 0)::text`,
          n: sql<string>`count(*)::text`,
        })
        .from(ledgerPostings)
        .where(
          and(
            eq(ledgerPostings.accountId, accountId),
            range.from ? gte(ledgerPostings.createdAt, range.from) : undefined,
            range.to ? lt(ledgerPostings.createdAt, range.to) : undefined,
          ),
        )
        .groupBy(ledgerPostings.reason);
      for (const r of rows) sums.set(r.reason, { pos: BigInt(r.pos), neg: BigInt(r.neg), n: Number(r.n) });
    }
    const net = (...reasons: string[]) =>
      reasons.reduce((acc, r) => acc + (sums.get(r)?.pos ?? 0n) + (sums.get(r)?.neg ?? 0n), 0n);
    const bet = -net('bet');
    const win = net('win');
    const refund = net('rollback');
    return {
      from: range.from?.toISOString() ?? null,
      to: range.to?.toISOString() ?? null,
      bet: fromMinor(bet),
      win: fromMinor(win),
      refund: fromMinor(refund),
      gameProfit: fromMinor(win + refund - bet),
      deposit: fromMinor(net('deposit')),
      withdraw: fromMinor(-net('withdraw_hold', 'withdraw_release', 'withdraw_refund')),
      transferIn: fromMinor(sums.get('transfer')?.pos ?? 0n),
      transferOut: fromMinor(-(sums.get('transfer')?.neg ?? 0n)),
      bonus: fromMinor(net('bonus')),
      commission: fromMinor(net('commission', 'salary', 'dividend')),
      adjustment: fromMinor(net('adjustment')),
      betCount: sums.get('bet')?.n ?? 0,
    };
  }

  /** A member's accounts with balances (operator console). */
  async accountsOf(memberId: number) {
    const rows = await this.db
      .select({
        id: ledgerAccounts.id,
        key: ledgerAccounts.key,
        type: ledgerAccounts.type,
        balance: sql<string>`${ledgerAccounts.balance}::text`,
        version: ledgerAccounts.version,
        createdAt: ledgerAccounts.createdAt,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.memberId, memberId))
      .orderBy(ledgerAccounts.id);
    return rows.map((r) => ({
      id: Number(r.id),
      key: r.key,
      type: r.type as AccountType,
      balance: BigInt(r.balance),
      version: Number(r.version),
      createdAt: new Date(r.createdAt),
    }));
  }

  /** Every posting on a member's accounts, newest first, with the transaction's metadata (operator console). */
  async postingsOfMember(memberId: number, pageNo: number, pageSize: number) {
    const where = eq(ledgerAccounts.memberId, memberId);
    const [countRow] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(where);
    const total = Number(countRow?.n ?? 0);
    const rows = await this.db
      .select({
        ...POSTING_COLUMNS,
        accountType: ledgerAccounts.type,
        version: ledgerPostings.accountVersion,
        idempotencyKey: ledgerTransactions.idempotencyKey,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    return {
      total,
      rows: rows.map((r) => ({
        id: Number(r.id),
        transactionId: Number(r.transactionId),
        accountType: r.accountType,
        reason: r.reason,
        amount: BigInt(r.amount),
        balanceBefore: BigInt(r.before),
        balanceAfter: BigInt(r.after),
        version: Number(r.version),
        idempotencyKey: r.idempotencyKey,
        metadata: (r.metadata ?? {}) as Record<string, unknown>,
        createdAt: new Date(r.createdAt),
      })),
    };
  }
}

function visibleDetail(metadata: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!metadata || typeof metadata !== 'object') return out;
  for (const k of VISIBLE_DETAIL) {
    const v = (metadata as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}
