import { type CompleteLocale, type Game, GAMES_LIMITS, type PopularQuery } from '@wps/contract';
import type { BetsService } from '../bets/service.ts';
import type { Catalogue, GameRow, Snapshot } from './catalogue.ts';
import { toGame } from './catalogue.ts';

/**
 * The public popular list (SPEC §7): the games with the most real-money rounds over the last
 * days, read from the bets record; when play is thin, topped up with the catalogue's own order
 * (the operator's sort, then hot, then newest), so the list is never empty while games exist.
 * Every visitor asks for the same few lists, so each is kept briefly instead of grouping the
 * record on every home page load.
 */
export class PopularGames {
  private readonly cache = new Map<string, { at: number; list: Promise<Game[]> }>();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly bets: BetsService,
    private readonly ttlMs = GAMES_LIMITS.popularCacheSeconds * 1000,
  ) {}

  list(q: PopularQuery, locale: CompleteLocale): Promise<Game[]> {
    const key = `${q.gameType ?? ''}|${q.limitNum}|${locale}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.list;
    const list = this.read(q, locale);
    this.cache.set(key, { at: Date.now(), list });
    list.catch(() => this.cache.delete(key));
    return list;
  }

  private async read(q: PopularQuery, locale: CompleteLocale): Promise<Game[]> {
    const snap = await this.catalogue.snapshot();
    const shown = (g: GameRow | undefined): g is GameRow =>
      !!g &&
      g.enabled &&
      !!snap.vendorByCode.get(g.vendor)?.enabled &&
      (!q.gameType || g.gameType === q.gameType);
    // More than asked: some of the most played may be hidden now, or named twice (two signers).
    const played = await this.bets.mostPlayed({
      since: new Date(Date.now() - GAMES_LIMITS.popularDays * 86_400_000),
      gameType: q.gameType,
      limit: q.limitNum * 2 + 10,
    });
    const picked: GameRow[] = [];
    const seen = new Set<number>();
    const take = (g: GameRow | undefined) => {
      if (picked.length >= q.limitNum || !shown(g) || seen.has(g.id)) return;
      seen.add(g.id);
      picked.push(g);
    };
    for (const p of played) take(gameOf(snap, p.vendor, p.gameCode));
    for (const g of snap.games) take(g);
    return picked.map((g) => toGame(g, locale));
  }
}

/** A bet's game as the winners board names it: the signer's own game of that code, else any. */
const gameOf = (snap: Snapshot, vendor: string, gameCode: string) =>
  snap.byVendorCode.get(`${vendor}|${gameCode}`) ?? snap.byCode.get(gameCode);
