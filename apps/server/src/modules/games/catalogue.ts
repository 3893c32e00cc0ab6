import {
  type CompleteLocale,
  GAME_CATEGORIES,
  type Game,
  type GameCategory,
  type GameClass,
  type GameMenus,
} from '@wps/contract';
import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { artVersion } from './art.ts';
import { ART_PUBLIC_PATH, artFileOf } from './artwork/files.ts';
import { ART_FILES } from './artwork/manifest.ts';
import { gameVendors, games } from './schema.ts';

export type VendorRow = typeof gameVendors.$inferSelect;
export type GameRow = typeof games.$inferSelect;

/** What one read of the catalogue holds; lists filter it in memory (thousands of rows at most). */
export interface Snapshot {
  vendors: VendorRow[];
  vendorByCode: Map<string, VendorRow>;
  games: GameRow[];
  byId: Map<number, GameRow>;
  byNodeId: Map<string, GameRow>;
  byVendorCode: Map<string, GameRow>;
  byCode: Map<string, GameRow>;
  /** The menus and their ETag, computed once per snapshot. */
  menus: Map<CompleteLocale, { body: GameMenus; etag: string }>;
}

/** Short, so an operator's change on another instance shows within seconds. */
const SNAPSHOT_TTL_MS = 5_000;

export const artUrl = (g: GameRow) =>
  `/wps/games/art/${g.id}.svg?v=${artVersion([g.id, g.nameEn, g.vendor, g.gameType])}`;
export const vendorLogoUrl = (v: VendorRow) =>
  `/wps/games/vendor-art/${v.code}.svg?v=${artVersion([v.code, v.markText, v.markColor])}`;

/**
 * A game's picture: the vendor's own when it publishes one (an aggregator's thumbnail), else our
 * drawn tile shipped as a static file (issue 27; versioned by content, so cached for good), else
 * the tile generated from the row for a game added after the files were drawn.
 */
export function imageOf(g: GameRow): string {
  if (g.imageUrl) return g.imageUrl;
  const file = artFileOf(g);
  const version = ART_FILES[file];
  return version ? `${ART_PUBLIC_PATH}/${file}?v=${version}` : artUrl(g);
}

/** A game is playable when it and its vendor are enabled and neither is under maintenance. */
export const playable = (g: GameRow, v: VendorRow | undefined) =>
  g.enabled && !g.maintenance && !!v && v.enabled && !v.maintenance;

export function toGame(g: GameRow, locale: CompleteLocale): Game {
  const name = locale === 'ne' ? g.nameNe : g.nameEn;
  const icon = imageOf(g);
  return {
    gameId: g.id,
    nodeId: g.nodeId,
    iconUrl: icon,
    showIcon: icon,
    lagerIcon: icon,
    vassalage: g.vendor,
    gameType: g.gameType,
    gameCode: g.gameCode,
    gameName: name,
    nodeName: name,
    displayName: name,
    names: { en: g.nameEn, ne: g.nameNe },
    isHot: g.isHot ? 1 : 0,
    isNew: g.isNew ? 1 : 0,
    supportPlay: g.supportPlay,
    isGame: g.isGame as 'GAME' | 'VASSALAGE',
    gameClass: g.gameClass as GameClass,
    rtp: g.rtp,
    addedAt: new Date(g.addedAt).toISOString(),
    maintenance: g.maintenance,
  };
}

/** Catalogue order: operator's order, then hot, then newest. */
export const byOrder = (a: GameRow, b: GameRow) =>
  a.sort - b.sort || Number(b.isHot) - Number(a.isHot) || b.id - a.id;

export class Catalogue {
  private cached: { at: number; snap: Promise<Snapshot> } | null = null;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cached = null;
  }

  snapshot(): Promise<Snapshot> {
    if (this.cached && Date.now() - this.cached.at < SNAPSHOT_TTL_MS) return this.cached.snap;
    const snap = this.load();
    this.cached = { at: Date.now(), snap };
    snap.catch(() => {
      this.cached = null;
    });
    return snap;
  }

  private async load(): Promise<Snapshot> {
    const vendors = await this.db
      .select()
      .from(gameVendors)
      .orderBy(asc(gameVendors.sort), asc(gameVendors.code));
    const rows = await this.db.select().from(games);
    rows.sort(byOrder);
    return {
      vendors,
      vendorByCode: new Map(vendors.map((v) => [v.code, v])),
      games: rows,
      byId: new Map(rows.map((g) => [g.id, g])),
      byNodeId: new Map(rows.map((g) => [g.nodeId, g])),
      byVendorCode: new Map(rows.map((g) => [`${g.vendor}|${g.gameCode}`, g])),
      byCode: new Map([...rows].reverse().map((g) => [g.gameCode, g])),
      menus: new Map(),
    };
  }

  /** Vendor lanes per category: each enabled vendor under every category it has visible games in. */
  menus(snap: Snapshot, locale: CompleteLocale): { body: GameMenus; etag: string } {
    const hit = snap.menus.get(locale);
    if (hit) return hit;
    const counts = new Map<string, number>();
    for (const g of snap.games) {
      if (!g.enabled) continue;
      const k = `${g.gameType}|${g.vendor}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const lanes = GAME_CATEGORIES.map((title: GameCategory) => ({
      title,
      gameClassify: snap.vendors
        .filter(
          (v) => v.enabled && v.categories.includes(title) && (counts.get(`${title}|${v.code}`) ?? 0) > 0,
        )
        .map((v) => {
          const vendorGames = snap.games.filter(
            (g) => g.vendor === v.code && g.gameType === title && g.enabled,
          );
          return {
            vassalage: v.code,
            gameType: title,
            displayName: locale === 'ne' ? v.nameNe : v.nameEn,
            markText: v.markText,
            markColor: v.markColor,
            maintenance: v.maintenance,
            isGame: (vendorGames.some((g) => g.isGame === 'VASSALAGE') ? 'VASSALAGE' : 'GAME') as
              | 'GAME'
              | 'VASSALAGE',
            gameCount: vendorGames.length,
            logoUrl: vendorLogoUrl(v),
          };
        }),
    })).filter((l) => l.gameClassify.length > 0);
    const body = { lanes };
    const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
    const entry = { body, etag };
    snap.menus.set(locale, entry);
    return entry;
  }
}
