import type { Database } from '../../db/client.ts';
import { RowCache } from '../../db/row-cache.ts';
import type { MEMBER_ACCOUNT_TYPES } from './schema.ts';

export type MemberBalances = Record<(typeof MEMBER_ACCOUNT_TYPES)[number], bigint>;

export const BALANCE_CACHE_MS = 30_000;
const BALANCE_CACHE_MAX = 20_000;
const CHANNEL = 'wps_balance';
const TRIGGER = 'ledger_accounts_balance_changed';

/**
 * Each member's balances, cached in this process on the embedded PGlite (issue 10's player API).
 * Every open page polls the header balance; on PGlite that poll was one query through the WASM
 * engine, which is the route's whole cost.
 *
 * Correctness does not rest on the TTL. Trigger `ledger_accounts_balance_changed` (migration
 * 0045) announces on `wps_balance`, at commit, every member account created or moved. It fires
 * whichever path moved it: wallet_post, the seamless and lottery functions, console
 * adjustments, or raw SQL. PGlite calls the listener before the committing query answers, so
 * the writer and everyone after it read the new balance. A read that overlapped a notice does
 * not cache what it read (the generation stamp).
 *
 * The cache is used only where that trigger exists and this process listens. The migration
 * installs it on PGlite alone: on PostgreSQL a NOTIFY per bet would cost the wallet more than the
 * indexed read saves, and the cache simply stays off there.
 */
export class BalanceCache {
  private listening = false;
  private stop: (() => Promise<void>) | null = null;
  private readonly rows = new RowCache<number, MemberBalances>({
    ttlMs: BALANCE_CACHE_MS,
    max: BALANCE_CACHE_MAX,
    active: () => this.listening,
  });

  get active(): boolean {
    return this.listening;
  }

  /** Take before reading balances from the database; hand to `set`. */
  get stamp(): number {
    return this.rows.stamp;
  }

  /** A copy: callers may change what they get. */
  get(memberId: number): MemberBalances | null {
    const b = this.rows.get(memberId);
    return b ? { ...b } : null;
  }

  set(memberId: number, balances: MemberBalances, stamp: number): void {
    this.rows.set(memberId, { ...balances }, stamp);
  }

  /** This member's balances moved. */
  drop(memberId: number): void {
    this.rows.drop(memberId);
  }

  private onNotice(payload: string | undefined): void {
    const id = Number(payload);
    if (Number.isSafeInteger(id)) this.drop(id);
    else this.clear();
  }

  private clear(): void {
    this.rows.clear();
  }

  /** Starts the cache where the database announces balance changes (PGlite with migration 0045). */
  async watch(database: Database): Promise<void> {
    if (this.listening || database.kind !== 'pglite' || !database.client) return;
    const client = database.client;
    const found = await client.query(
      `select 1 from pg_trigger where tgname = $1 and tgrelid = 'ledger_accounts'::regclass and tgenabled <> 'D'`,
      [TRIGGER],
    );
    if (found.rows.length === 0) return;
    const unsubscribe = await client.listen(CHANNEL, (payload) => this.onNotice(payload));
    this.stop = () => unsubscribe();
    this.clear();
    this.listening = true;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.stop?.();
    this.stop = null;
  }
}
