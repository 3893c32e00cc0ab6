import { createHash } from 'node:crypto';

/** Where the drawn files are served from: the web app's public folder, copied into its build as is. */
export const ART_PUBLIC_PATH = '/game-art';
/** Every file stays small enough for a phone on a slow line (issue 27: ≤ 30 KiB each). */
export const ART_MAX_BYTES = 30 * 1024;

/** A game's file, relative to the folder: one folder per vendor, the game code as its name. */
export const artFileOf = (g: { vendor: string; gameCode: string }) => `${g.vendor}/${g.gameCode}.svg`;

/** A fingerprint of the file's content: part of its URL, so it may be cached for good. */
export const artVersionOf = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 10);
