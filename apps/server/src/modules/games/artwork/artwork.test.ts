import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type GameRow, imageOf } from '../catalogue.ts';
import { designOf, titleLines } from './compose.ts';
import { artGames, drawAll } from './draw.ts';
import { ART_MAX_BYTES, artFileOf, artVersionOf } from './files.ts';
import { ART_FILES } from './manifest.ts';

const FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../web/public/game-art',
);
const onDisk = () =>
  (readdirSync(FOLDER, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.svg'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();

describe('game artwork files (issue 27)', () => {
  it('has a file for every game of the demo catalogue, each at most 30 KiB', () => {
    const files = new Set(onDisk());
    const games = artGames();
    expect(games.length).toBeGreaterThan(140);
    for (const g of games) {
      const file = artFileOf(g);
      expect(files.has(file), `${file} is missing`).toBe(true);
      expect(ART_FILES[file], `${file} is not in the manifest`).toBeDefined();
    }
    for (const file of files) {
      const bytes = statSync(path.join(FOLDER, file)).size;
      expect(bytes, `${file} is ${bytes} bytes`).toBeLessThanOrEqual(ART_MAX_BYTES);
    }
    // Nothing left behind from a game that is gone.
    expect([...files]).toEqual(Object.keys(ART_FILES).sort());
  });

  it('commits what the motifs draw, with the manifest versions of those contents', () => {
    const drawn = drawAll();
    for (const [file, svg] of drawn) {
      const committed = readFileSync(path.join(FOLDER, file), 'utf8');
      // A motif changed without `npm run art -w apps/server`: draw the files again.
      expect(committed, file).toBe(svg);
      expect(ART_FILES[file]).toBe(artVersionOf(committed));
    }
  });

  it('draws each game its own tile from motifs, with nothing fetched from elsewhere', () => {
    const drawn = [...drawAll().values()];
    expect(new Set(drawn).size).toBe(drawn.length);
    for (const svg of drawn) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300"/);
      expect(svg).not.toMatch(/href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)|<script|<image/);
    }
    // The motif follows what the game is: dice for dice, cards for baccarat, the rocket for crash.
    const motifOf = (nameEn: string, gameType = 'INHOUSE') =>
      designOf({ vendor: 'X', vendorName: 'X', gameCode: 'x', gameType, nameEn }).motif;
    expect(motifOf('Crash')).toBe(motifOf('Crash Rocket', 'BGS'));
    expect(motifOf('Golden Dragon', 'RNG')).toBe(motifOf('Crystal Dragon', 'RNG'));
    expect(motifOf('Golden Dragon', 'RNG')).not.toBe(motifOf('Golden Tiger', 'RNG'));
    expect(
      designOf({ vendor: 'X', vendorName: 'X', gameCode: 'x', gameType: 'RNG', nameEn: 'Golden Tiger' })
        .palette,
    ).toBe('gold');
    expect(titleLines('No Commission Baccarat')).toEqual(['No Commission', 'Baccarat']);
    expect(titleLines('Keno')).toEqual(['Keno']);
  });
});

describe('a game picture (issue 27)', () => {
  const row = (over: Partial<GameRow>) =>
    ({
      id: 9_999,
      vendor: 'INHOUSE',
      gameCode: 'dice',
      nameEn: 'Dice',
      gameType: 'INHOUSE',
      imageUrl: null,
      ...over,
    }) as GameRow;

  it('is the vendor image when the vendor has one, else our drawn file, else the generated tile', () => {
    expect(imageOf(row({ imageUrl: 'https://cdn.vendor.example/dice.png' }))).toBe(
      'https://cdn.vendor.example/dice.png',
    );
    expect(imageOf(row({}))).toBe(`/game-art/INHOUSE/dice.svg?v=${ART_FILES['INHOUSE/dice.svg']}`);
    expect(imageOf(row({ vendor: 'PG', gameCode: 'PG_NEW_GAME' }))).toMatch(
      /^\/wps\/games\/art\/9999\.svg\?v=/,
    );
  });
});
