import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import type { MemberBalances } from './balance-cache.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions, MEMBER_ACCOUNT_TYPES } from './schema.ts';

type MemberAccountType = (typeof MEMBER_ACCOUNT_TYPES)[number];

/** The balances a transaction left behind: the first result, for replays. */
export async function balancesOf(ex: DbOrTx, transactionId: number): Promise<Map<string, bigint>> {
  const rows = await ex
    .select({ key: ledgerAccounts.key, after: sql<string>`${ledgerPostings.balanceAfter}::text` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerPostings.transactionId, transactionId));
  return new Map(rows.map((r) => [r.key, BigInt(r.after)]));
}

/** The first result of the transaction with this key, without posting anything; null if none. */
export async function resultOf(
  ex: DbOrTx,
  key: string,
): Promise<{ transactionId: number; balances: Map<string, bigint> } | null> {
  const [row] = await ex
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key));
  if (!row) return null;
  return { transactionId: Number(row.id), balances: await balancesOf(ex, Number(row.id)) };
}

/** The current balance of one account (0 when it has never been used). */
export async function balanceOf(ex: DbOrTx, ref: AccountRef): Promise<bigint> {
  const [row] = await ex
    .select({ balance: sql<string>`${ledgerAccounts.balance}::text` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(ref)));
  return row ? BigInt(row.balance) : 0n;
}

/**
 * Every account a member owns, by type (missing ones are zero). Every open page polls the header
 * balance through this, so it is a prepared statement rather than a built select (issue 10's
 * player API: the builder cost as much as the indexed lookup itself).
 */
export async function memberBalances(db: Db, memberId: number): Promise<MemberBalances> {
  const rows = await preparedQuery<{ type: string; balance: string }>(
    db,
    'wallet_member_balances',
    'select type, balance::text as balance from ledger_accounts where member_id = $1',
    [memberId],
  );
  const out = Object.fromEntries(MEMBER_ACCOUNT_TYPES.map((t) => [t, 0n])) as MemberBalances;
  for (const r of rows) out[r.type as MemberAccountType] = BigInt(r.balance);
  return out;
}

/**
 * One account's posting in a transaction: its balance just before and just after. The posting
 * is written under the account's row lock, so `before` is exact, unlike a read made before
 * posting (another movement may land between the read and the lock).
 */
export async function postingOf(
  ex: DbOrTx,
  transactionId: number,
  ref: AccountRef,
): Promise<{ before: bigint; after: bigint } | null> {
  const [row] = await ex
    .select({
      before: sql<string>`${ledgerPostings.balanceBefore}::text`,
      after: sql<string>`${ledgerPostings.balanceAfter}::text`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerPostings.transactionId, transactionId), eq(ledgerAccounts.key, accountKey(ref))));
  return row ? { before: BigInt(row.before), after: BigInt(row.after) } : null;
}
