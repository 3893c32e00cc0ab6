import { CURRENCY } from '@wps/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import { pgTextArray } from './pg-array.ts';
import { ledgerAccounts } from './schema.ts';

/**
 * Ledger account ids by key, created on first use. Account ids never change once created, so
 * key → id is cached for the process's life.
 */
export class AccountIds {
  private readonly ids = new Map<string, number>();
  /**
   * Accounts this process created inside a caller's transaction: that transaction may still roll
   * back, so they are not cached until a lookup outside any transaction sees them.
   */
  private readonly createdInTransaction = new Set<string>();
  /**
   * The accounts each open transaction created (ids by key), so `committed` can cache them once
   * it has committed; otherwise a batch's new players were looked up again in every later batch.
   */
  private readonly createdBy = new WeakMap<Tx, Map<string, number>>();

  constructor(private readonly db: Db) {}

  /** `tx` has committed: the accounts it created are cached now (nothing is if it rolled back). */
  committed(tx: Tx): void {
    const created = this.createdBy.get(tx);
    if (!created) return;
    for (const [k, id] of created) {
      this.ids.set(k, id);
      this.createdInTransaction.delete(k);
    }
  }

  /**
   * Get-or-create: accounts are created on first use, so registering a member needs no wallet
   * call. An id is cached once it is known committed: resolved outside a caller's transaction,
   * or found (not created) inside one, unless this process created it in a transaction that may
   * still roll back. Only this method creates accounts, and a row another transaction is still
   * inserting makes ours wait for its end, so a row found is either committed or our own.
   * (The crash game's batches resolve their players' accounts inside a transaction; without
   * this they were looked up again in every batch.)
   */
  async ensure(refs: readonly AccountRef[], tx?: Tx): Promise<number[]> {
    const keys = refs.map(accountKey);
    // Each missing account once, however often the batch names it (a payer of many payouts).
    const missing = new Map<string, AccountRef>();
    refs.forEach((r, i) => {
      if (!this.ids.has(keys[i]!)) missing.set(keys[i]!, r);
    });
    if (missing.size === 0) return keys.map((k) => this.ids.get(k)!);
    const ex: DbOrTx = tx ?? this.db;
    // Three set-based statements at most, each with array parameters (a multi-row VALUES of
    // 10K accounts cost seconds to build and parse): the existing ones, then the rest created,
    // then any another transaction created meanwhile (our insert waited for it and skipped them).
    const found = await this.idsByKey([...missing.keys()], ex);
    const rest = [...missing.values()].filter((r) => !found.has(accountKey(r)));
    const createdNow = new Set<string>();
    if (rest.length) {
      const created = rowsOf<{ id: string; key: string }>(
        await ex.execute(sql`
          insert into ledger_accounts (key, type, member_id, ref, shard, currency)
          select key, type, member_id, ref, shard, ${CURRENCY}
          from unnest(${pgTextArray(rest.map(accountKey))}::text[], ${pgTextArray(rest.map((r) => r.type))}::text[],
                      ${pgTextArray(rest.map((r) => r.memberId ?? null))}::int[],
                      ${pgTextArray(rest.map((r) => r.ref ?? null))}::text[],
                      ${pgTextArray(rest.map((r) => r.shard ?? 0))}::int[]) as w(key, type, member_id, ref, shard)
          on conflict (key) do nothing
          returning id::text as id, key`),
      );
      for (const c of created) {
        found.set(c.key, Number(c.id));
        createdNow.add(c.key);
        if (tx) {
          this.createdInTransaction.add(c.key);
          const mine = this.createdBy.get(tx) ?? new Map<string, number>();
          mine.set(c.key, Number(c.id));
          this.createdBy.set(tx, mine);
        }
      }
      const raced = rest.map(accountKey).filter((k) => !found.has(k));
      if (raced.length) for (const [k, id] of await this.idsByKey(raced, ex)) found.set(k, id);
    }
    for (const k of missing.keys()) {
      if (!found.has(k)) throw new Error(`ledger account ${k} could not be created`);
      if (!tx) {
        this.ids.set(k, found.get(k)!);
        this.createdInTransaction.delete(k);
      } else if (!createdNow.has(k) && !this.createdInTransaction.has(k)) {
        this.ids.set(k, found.get(k)!);
      }
    }
    return keys.map((k) => this.ids.get(k) ?? found.get(k)!);
  }

  /** An existing account's id, without creating it (reads); null when it has never been used. */
  async existing(ref: AccountRef): Promise<number | null> {
    const key = accountKey(ref);
    const cached = this.ids.get(key);
    if (cached) return cached;
    const [row] = await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, key));
    if (row) this.ids.set(key, row.id);
    return row?.id ?? null;
  }

  private async idsByKey(keys: readonly string[], ex: DbOrTx): Promise<Map<string, number>> {
    const rows = rowsOf<{ id: string; key: string }>(
      await ex.execute(
        sql`select id::text as id, key from ledger_accounts where key = any(${pgTextArray(keys)}::text[])`,
      ),
    );
    return new Map(rows.map((r) => [r.key, Number(r.id)]));
  }
}
