/**
 * Database rows kept in this process, correct because every change to them is announced (a
 * trigger's NOTIFY at commit, or the writer itself) and drops the entry, not because of the TTL,
 * which only bounds how long an entry lives. The caches of member info (members/info.ts) and of
 * balances on the embedded database (wallet/balance-cache.ts) are built on it.
 *
 * The rules they share:
 * - nothing is served or kept while `active()` is false (the announcements are not being heard),
 *   so a missed notice never leaves a stale row behind;
 * - a read that overlapped a drop is not kept: take `stamp` before reading the database and hand
 *   it to `set`, which keeps the value only if no drop happened in between;
 * - past `max` entries the cache starts again (a bound on memory, not a policy).
 */
export class RowCache<K, V> {
  private readonly entries = new Map<K, { value: V; loadedAt: number }>();
  /** Bumped by every drop: a read that overlapped one does not cache what it read. */
  private generation = 0;

  constructor(
    private readonly opts: {
      ttlMs: number;
      max: number;
      /** Whether every change is being heard right now. */
      active: () => boolean;
    },
  ) {}

  /** Take before reading from the database; hand to `set`. */
  get stamp(): number {
    return this.generation;
  }

  get(key: K): V | null {
    if (!this.opts.active()) return null;
    const e = this.entries.get(key);
    if (!e) return null;
    if (Date.now() - e.loadedAt > this.opts.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return e.value;
  }

  set(key: K, value: V, stamp: number): void {
    if (!this.opts.active() || stamp !== this.generation) return;
    if (this.entries.size >= this.opts.max) this.entries.clear();
    this.entries.set(key, { value, loadedAt: Date.now() });
  }

  /** This key's row changed. */
  drop(key: K): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Anything may have changed (a notice without a key, the listener lost). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
