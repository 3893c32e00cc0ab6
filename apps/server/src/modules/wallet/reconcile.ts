import type { Reconciliation } from '@wps/contract';
import { MEMBER_ACCOUNT_TYPES } from './schema.ts';

/**
 * The books' invariants, each a query listing offenders (at most 20 each): shared by
 * WalletService.reconcile and `npm run ledger:check` (which has no app, only a database).
 */
const MEMBER_TYPES_SQL = MEMBER_ACCOUNT_TYPES.map((t) => `'${t}'`).join(', ');

const CHECKS: Record<string, string> = {
  unbalancedTransactions: `
    select transaction_id::text as id from ledger_postings
    group by transaction_id having sum(amount) <> 0 limit 20`,
  transactionsWithoutTwoPostings: `
    select t.id::text as id from ledger_transactions t left join ledger_postings p on p.transaction_id = t.id
    group by t.id having count(p.id) < 2 limit 20`,
  balanceMismatches: `
    select a.key as id from ledger_accounts a
    left join (select account_id, sum(amount) as s from ledger_postings group by account_id) p on p.account_id = a.id
    where a.balance <> coalesce(p.s, 0) limit 20`,
  versionMismatches: `
    select a.key as id from ledger_accounts a
    left join (select account_id, count(*) as n, max(account_version) as v from ledger_postings group by account_id) p
      on p.account_id = a.id
    where a.version <> coalesce(p.n, 0) or a.version <> coalesce(p.v, 0) limit 20`,
  brokenChains: `
    select id::text as id from (
      select id, balance_before, balance_after, amount,
             lag(balance_after) over (partition by account_id order by account_version) as prev
      from ledger_postings) x
    where balance_after <> balance_before + amount
       or (prev is null and balance_before <> 0) or (prev is not null and balance_before <> prev)
    limit 20`,
  negativeMemberBalances: `
    select key as id from ledger_accounts where balance < 0 and type in (${MEMBER_TYPES_SQL}) limit 20`,
  worldNotZero: `
    select sum(balance)::text as id from ledger_accounts having coalesce(sum(balance), 0) <> 0`,
  holdMismatches: `
    select a.key as id from ledger_accounts a
    left join (select member_id, sum(amount) as s from ledger_holds where status = 'pending' group by member_id) h
      on h.member_id = a.member_id
    where a.type = 'player_hold' and a.balance <> coalesce(h.s, 0) limit 20`,
};

/** Shared by the service and `npm run ledger:check` (which has no app, only a database). */
export async function reconcile(
  query: (sqlText: string) => Promise<Array<Record<string, unknown>>>,
): Promise<Reconciliation> {
  const violations: Record<string, string[]> = {};
  for (const [name, q] of Object.entries(CHECKS)) {
    const rows = await query(q);
    violations[name] = rows.map((r) => String(r.id));
  }
  const [counts] = await query(`
    select (select count(*) from ledger_accounts)::text as accounts,
           (select count(*) from ledger_transactions)::text as transactions,
           (select count(*) from ledger_postings)::text as postings`);
  return {
    ok: Object.values(violations).every((v) => v.length === 0),
    checkedAt: new Date().toISOString(),
    counts: {
      accounts: Number(counts?.accounts ?? 0),
      transactions: Number(counts?.transactions ?? 0),
      postings: Number(counts?.postings ?? 0),
    },
    violations,
  };
}
