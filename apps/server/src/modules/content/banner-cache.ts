/**
 * The banners showing now, per content language, kept in this process: the public banners API
 * and every home page's HTML (its server-rendered first slide) read them, and both used to cost
 * three queries a request.
 *
 * An entry lives until the first of: `BANNER_CACHE_MS` (other instances' writes reach this one
 * within it, as the public API's own one-minute max-age already allows), the next schedule
 * boundary (a banner starting or ending, so a schedule is honoured to the second), or a banner
 * write through this process (`clear`, before the write answers).
 */
export const BANNER_CACHE_MS = 30_000;

interface Entry<T> {
  value: Promise<{ value: T; until: number }>;
  /** Settled expiry, once the load is done (until then the entry is fresh by definition). */
  until: number;
}

export class BannerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The cached value for `key`, or `load`'s: concurrent misses share one load. `load` returns the
   * value and the next schedule boundary (ms since epoch, or null for none).
   */
  async get(key: string, load: () => Promise<{ value: T; nextChange: number | null }>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() < hit.until) return (await hit.value).value;

    const started = this.now();
    const entry: Entry<T> = {
      until: Number.POSITIVE_INFINITY,
      value: load().then(({ value, nextChange }) => {
        const until = Math.min(started + BANNER_CACHE_MS, nextChange ?? Number.POSITIVE_INFINITY);
        entry.until = until;
        return { value, until };
      }),
    };
    // Set before the load starts: a write's `clear` after this drops it, so a read that overlapped
    // the write is never served from the cache afterwards.
    this.entries.set(key, entry);
    try {
      return (await entry.value).value;
    } catch (err) {
      // A failed load is not remembered: the next request tries again.
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw err;
    }
  }

  /** Forget everything (a banner was created, changed or deleted). */
  clear(): void {
    this.entries.clear();
  }
}
