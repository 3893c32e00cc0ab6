import { DEMO_VENDORS, demoGames } from '../../../db/seed/games.ts';
import { type ArtGame, gameArtwork } from './compose.ts';
import { artFileOf } from './files.ts';

/** The games drawn: the demo catalogue (in-house games and the sandbox vendors' catalogue). */
export function artGames(): ArtGame[] {
  const vendorName = new Map(DEMO_VENDORS.map((v) => [v.code, v.nameEn]));
  return demoGames(0).map((g) => ({
    vendor: g.vendor,
    vendorName: vendorName.get(g.vendor) ?? g.vendor,
    gameType: g.gameType,
    gameCode: g.gameCode,
    nameEn: g.nameEn,
  }));
}

/** Every file as it should be committed: path → SVG text. */
export function drawAll(): Map<string, string> {
  return new Map(artGames().map((g) => [artFileOf(g), gameArtwork(g)]));
}
