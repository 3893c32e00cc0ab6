import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { games, gameVendors } from './schema.ts';

/** A game as an aggregator lists it, mapped to our catalogue's terms. */
export interface ImportedGame {
  vendor: string;
  vendorName: string;
  gameType: string;
  gameCode: string;
  name: string;
  /** Free (demo) play available: SPEC §3 supportPlay 0. */
  demo: boolean;
  enabled: boolean;
  /** The provider's picture of the game (null: none usable; we draw one). */
  imageUrl: string | null;
}

/** One imported game as the console lists it. */
export interface ImportedGameRef {
  vendor: string;
  gameCode: string;
  name: string;
}

/** What an import did: counts, and which games were new to the catalogue and which were refreshed. */
export interface ImportResult {
  vendors: number;
  games: number;
  added: ImportedGameRef[];
  updated: ImportedGameRef[];
}

/**
 * Adds or refreshes games an aggregator lists (issue 29). The games module owns the catalogue, so
 * the aggregator module calls this instead of writing the tables. A vendor row per provider is
 * created once (its launch goes through `walletVendor`'s integration); an operator's later edits
 * to a vendor (sort, maintenance, names) are kept, and so are a game's sort, hot and maintenance;
 * its name, demo play, state and picture follow the provider's list.
 */
export async function upsertImportedGames(
  db: Db,
  walletVendor: string,
  list: ImportedGame[],
): Promise<ImportResult> {
  const vendors = new Map<string, ImportedGame[]>();
  for (const g of list) vendors.set(g.vendor, [...(vendors.get(g.vendor) ?? []), g]);
  return db.transaction(async (tx) => {
    for (const [code, gs] of vendors) {
      await tx
        .insert(gameVendors)
        .values({
          code,
          nameEn: gs[0]!.vendorName,
          nameNe: gs[0]!.vendorName,
          categories: [...new Set(gs.map((g) => g.gameType))],
          launchUrlTemplate: `/wps/aggregator/${walletVendor.toLowerCase()}/launch?token={token}&device={device}`,
          walletVendor,
          markText: gs[0]!.vendorName.slice(0, 3).toUpperCase(),
          markColor: '#1d3557',
        })
        .onConflictDoUpdate({
          target: gameVendors.code,
          set: { categories: sql`excluded.categories`, updatedAt: sql`now()` },
        });
    }
    // What the catalogue held before, so the operator sees what this import added and refreshed.
    const known = new Set(
      (
        await tx
          .select({ vendor: games.vendor, gameCode: games.gameCode })
          .from(games)
          .where(inArray(games.vendor, [...vendors.keys()]))
      ).map((r) => `${r.vendor}|${r.gameCode}`),
    );
    const added: ImportedGameRef[] = [];
    const updated: ImportedGameRef[] = [];
    for (const g of list) {
      const ref = { vendor: g.vendor, gameCode: g.gameCode, name: g.name };
      (known.has(`${g.vendor}|${g.gameCode}`) ? updated : added).push(ref);
      known.add(`${g.vendor}|${g.gameCode}`);
      await tx
        .insert(games)
        .values({
          nodeId: `${g.vendor}:${g.gameCode}`,
          vendor: g.vendor,
          gameType: g.gameType,
          gameCode: g.gameCode,
          nameEn: g.name,
          nameNe: g.name,
          supportPlay: g.demo ? 0 : 1,
          enabled: g.enabled,
          isNew: true,
          imageUrl: g.imageUrl,
        })
        .onConflictDoUpdate({
          target: [games.vendor, games.gameCode],
          set: {
            nameEn: sql`excluded.name_en`,
            supportPlay: sql`excluded.support_play`,
            enabled: sql`excluded.enabled`,
            imageUrl: sql`excluded.image_url`,
            updatedAt: sql`now()`,
          },
        });
    }
    return { vendors: vendors.size, games: list.length, added, updated };
  });
}
