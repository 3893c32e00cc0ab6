import type { CompleteLocale, GamesQuery } from '@wps/contract';
import type { Snapshot } from './catalogue.ts';

/**
 * The lobby's game-list pages (`GET /wps/relay/GCS_games`), serialised once per catalogue
 * snapshot. Every open page asks for the same few pages, and building one (20 games mapped,
 * each art URL hashed, then the whole envelope checked against the response schema by the zod
 * serialiser and stringified) cost several times the rest of the request. The body depends on
 * nothing but the snapshot, the query and the locale (the envelope's message), so a page is
 * kept with the snapshot it was read from and dropped with it: an operator's catalogue change
 * shows exactly as soon as before (Catalogue's TTL and invalidate()).
 *
 * Not kept: the member's own lists (FAV, RECENT, read from the database each time) and keyword
 * searches (free text, rarely repeated). The number of pages kept per snapshot is capped, so
 * odd page numbers or sizes cannot grow memory without bound.
 */
export const LIST_PAGES_MAX = 256;

export class ListPages {
  private snap: Snapshot | null = null;
  private readonly bodies = new Map<string, string>();

  /** The cache key of a request, or null for one that must not be cached. */
  static key(q: GamesQuery, locale: CompleteLocale): string | null {
    if (q.filter === 'FAV' || q.filter === 'RECENT' || q.keyword) return null;
    return [
      locale,
      q.filter,
      q.gameType ?? '',
      q.gameClassify ?? '',
      q.vassalage ?? '',
      q.pageNo,
      q.pageSize,
    ].join('\u0000');
  }

  get(snap: Snapshot, key: string): string | undefined {
    if (snap !== this.snap) return undefined;
    return this.bodies.get(key);
  }

  set(snap: Snapshot, key: string, body: string): void {
    if (snap !== this.snap) {
      this.snap = snap;
      this.bodies.clear();
    }
    if (this.bodies.size < LIST_PAGES_MAX) this.bodies.set(key, body);
  }
}
