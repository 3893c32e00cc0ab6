import { createHash } from 'node:crypto';
import * as M from './motifs.ts';
import type { Motif, Ornament, Palette } from './motifs.ts';

/**
 * A game's tile artwork (issue 27), composed from the motifs in motifs.ts: the motif its game or
 * theme calls for (dice, cards, a rocket, lottery balls, a dragon…), a palette (a slot's adjective
 * picks it: Golden is gold, Jade green, Thunder night blue), a background pattern and a title
 * plate chosen by a hash of the game, and the game's name as lettering. The files are drawn once
 * by `npm run art -w apps/server` and committed (apps/web/public/game-art); nothing runs per request.
 */
export interface ArtGame {
  vendor: string;
  vendorName: string;
  gameType: string;
  gameCode: string;
  nameEn: string;
}

export const ART_SIZE = 300;

export const PALETTES = {
  gold: {
    bg: ['#7a4f00', '#1e1200'],
    accent: '#ffc300',
    accent2: '#e85d04',
    ink: '#2b1600',
    letter: ['#fff6cc', '#ffb703'],
  },
  ruby: {
    bg: ['#9b1028', '#2a0009'],
    accent: '#ef233c',
    accent2: '#ffb703',
    ink: '#2b0a0f',
    letter: ['#ffffff', '#ffd166'],
  },
  jade: {
    bg: ['#0b7a56', '#022a1d'],
    accent: '#38d46a',
    accent2: '#ffd166',
    ink: '#05291d',
    letter: ['#f1fff0', '#b5f56b'],
  },
  royal: {
    bg: ['#4c0f86', '#12002e'],
    accent: '#a45ee5',
    accent2: '#ffd166',
    ink: '#12002e',
    letter: ['#ffffff', '#e7c6ff'],
  },
  ocean: {
    bg: ['#0582c4', '#03045e'],
    accent: '#00b4d8',
    accent2: '#48cae4',
    ink: '#03045e',
    letter: ['#ffffff', '#a6ecfa'],
  },
  fire: {
    bg: ['#d00000', '#3d0000'],
    accent: '#ff7b00',
    accent2: '#ffd000',
    ink: '#3d0000',
    letter: ['#fff3b0', '#ffaa00'],
  },
  crystal: {
    bg: ['#4361ee', '#141c45'],
    accent: '#4cc9f0',
    accent2: '#f72585',
    ink: '#141c45',
    letter: ['#ffffff', '#c6e2ff'],
  },
  silver: {
    bg: ['#5c636a', '#16191c'],
    accent: '#dee2e6',
    accent2: '#4dabf7',
    ink: '#16191c',
    letter: ['#ffffff', '#c9d1d9'],
  },
  thunder: {
    bg: ['#1f4172', '#0b132b'],
    accent: '#4f8fc0',
    accent2: '#ffd60a',
    ink: '#0b132b',
    letter: ['#ffffff', '#ffe45e'],
  },
  happy: {
    bg: ['#ff477e', '#6a0136'],
    accent: '#ff85a1',
    accent2: '#ffd60a',
    ink: '#4a0426',
    letter: ['#ffffff', '#ffe5ec'],
  },
  mystic: {
    bg: ['#6a1bb0', '#1a0033'],
    accent: '#c77dff',
    accent2: '#72efdd',
    ink: '#1a0033',
    letter: ['#ffffff', '#9ff5e8'],
  },
  wild: {
    bg: ['#3f7a4a', '#102510'],
    accent: '#f4a259',
    accent2: '#a7c957',
    ink: '#132a13',
    letter: ['#ffffff', '#f2e8cf'],
  },
  mighty: {
    bg: ['#9d0208', '#370617'],
    accent: '#e85d04',
    accent2: '#ffba08',
    ink: '#250312',
    letter: ['#ffffff', '#ffba08'],
  },
  felt: {
    bg: ['#1f7a32', '#06280c'],
    accent: '#d4ad2f',
    accent2: '#e63946',
    ink: '#06200a',
    letter: ['#ffffff', '#ffd166'],
  },
  night: {
    bg: ['#33335a', '#0d0d1a'],
    accent: '#f2cc8f',
    accent2: '#e07a5f',
    ink: '#0d0d1a',
    letter: ['#ffffff', '#f2cc8f'],
  },
  teal: {
    bg: ['#138a8a', '#03282b'],
    accent: '#f9c74f',
    accent2: '#90be6d',
    ink: '#022022',
    letter: ['#ffffff', '#f9c74f'],
  },
} as const satisfies Record<string, Palette>;
type PaletteName = keyof typeof PALETTES;

/** A slot title's first word: its palette and the ornament scattered beside the motif. */
const ADJECTIVES: Record<string, [PaletteName, Ornament | null]> = {
  golden: ['gold', 'sparkle'],
  lucky: ['ruby', 'sparkle'],
  mighty: ['mighty', 'flame'],
  royal: ['royal', 'crown'],
  mystic: ['mystic', 'sparkle'],
  wild: ['wild', null],
  crystal: ['crystal', 'sparkle'],
  fire: ['fire', 'flame'],
  jade: ['jade', 'sparkle'],
  thunder: ['thunder', 'bolt'],
  silver: ['silver', 'sparkle'],
  happy: ['happy', 'sparkle'],
};

/** A slot title's theme word and its motif. */
const THEMES: Record<string, Motif> = {
  dragon: M.dragonMotif,
  tiger: M.tigerMotif,
  fortune: M.fortuneMotif,
  temple: M.templeMotif,
  panda: M.pandaMotif,
  phoenix: M.phoenixMotif,
  treasure: M.treasureMotif,
  elephant: M.elephantMotif,
  peacock: M.peacockMotif,
  mountain: M.mountainMotif,
  himalayan: M.mountainMotif,
  lotus: M.lotusMotif,
  rhino: M.rhinoMotif,
  festival: M.festivalMotif,
};

const BALL_COLOURS = ['#e63946', '#ffb703', '#2a9d8f', '#3a86ff', '#8338ec'];

/** Motifs by what the game is, first match wins (names are the catalogue's English names). */
const BY_NAME: Array<[RegExp, Motif, PaletteName?]> = [
  [/roulette/, M.rouletteMotif, 'felt'],
  [/sic ?bo/, M.diceMotif(3), 'ruby'],
  [/dragon[ -]tiger/, M.duelMotif(['K', 'spade'], ['Q', 'heart']), 'ruby'],
  [
    /baccarat/,
    M.cardsMotif([
      ['9', 'heart'],
      ['8', 'spade'],
    ]),
    'felt',
  ],
  [
    /blackjack/,
    M.cardsMotif([
      ['A', 'spade'],
      ['K', 'heart'],
    ]),
    'night',
  ],
  [
    /teen patti/,
    M.cardsMotif([
      ['A', 'heart'],
      ['A', 'spade'],
      ['A', 'diamond'],
    ]),
    'royal',
  ],
  [
    /poker/,
    M.cardsMotif([
      ['A', 'club'],
      ['A', 'spade'],
    ]),
    'night',
  ],
  [
    /rummy/,
    M.cardsMotif([
      ['7', 'heart'],
      ['8', 'heart'],
      ['9', 'heart'],
      ['J', 'heart'],
    ]),
    'teal',
  ],
  [/andar bahar/, M.duelMotif(['J', 'club'], ['J', 'diamond']), 'mighty'],
  [/crash/, M.rocketMotif, 'night'],
  [/mines/, M.minesMotif, 'crystal'],
  [/plinko/, M.plinkoMotif, 'royal'],
  [/hi ?lo/, M.hiLoMotif, 'teal'],
  [/limbo/, M.limboMotif, 'mystic'],
  [/tower/, M.towerMotif, 'wild'],
  [/coin/, M.coinMotif, 'gold'],
  [/wheel/, M.wheelMotif(['#e63946', '#ffb703', '#2a9d8f', '#3a86ff']), 'royal'],
  [/keno/, M.kenoMotif, 'ocean'],
  [/colou?r game/, M.diceMotif(3, ['#e63946', '#2a9d8f', '#ffb703']), 'happy'],
  [/dice/, M.diceMotif(2), 'ruby'],
  [/sevens/, M.reelsMotif(['seven', 'seven', 'seven']), 'ruby'],
  [/goal|football/, M.footballMotif, 'jade'],
  [/cricket/, M.cricketMotif, 'teal'],
  [/sportsbook/, M.trophyMotif, 'thunder'],
  [/dota/, M.swordsMotif, 'fire'],
  [/counter-strike/, M.crosshairMotif, 'night'],
  [/esports/, M.controllerMotif, 'mystic'],
  [/arena|derby|cockfight/, M.roosterMotif, 'mighty'],
  [/4d/, M.ballsMotif(['4', '7', '1', '9'], BALL_COLOURS), 'teal'],
  [/3d/, M.ballsMotif(['3', '0', '8'], BALL_COLOURS), 'ocean'],
];

/** The fallback motif of a game type (a game the rules above do not name). */
function motifOfType(gameType: string): [Motif, PaletteName] {
  switch (gameType) {
    case 'LIVE':
      return [M.chipsMotif, 'felt'];
    case 'FISH':
      return [M.fishMotif, 'ocean'];
    case 'PVP':
      return [
        M.cardsMotif([
          ['K', 'spade'],
          ['Q', 'heart'],
        ]),
        'night',
      ];
    case 'SPORTS':
      return [M.trophyMotif, 'thunder'];
    case 'ESPORTS':
      return [M.controllerMotif, 'mystic'];
    case 'COCKFIGHT':
      return [M.roosterMotif, 'mighty'];
    case 'LOTT':
    case 'ELOTT':
      return [M.ballsMotif(['12', '27', '05', '38', '41'], BALL_COLOURS), 'gold'];
    default:
      return [M.reelsMotif(['cherry', 'seven', 'bell']), 'ruby'];
  }
}

/** Hash bytes of the game's key: the same game draws the same tile on every machine. */
const bytesOf = (key: string) => createHash('sha256').update(key).digest();

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];

/** Words in a table's name that add an ornament (Lightning Roulette gets bolts). */
const ornamentOf = (name: string): Ornament | null =>
  /lightning/.test(name)
    ? 'bolt'
    : /vip|king/.test(name)
      ? 'crown'
      : /super|speed|fast/.test(name)
        ? 'sparkle'
        : null;

/** What the tile shows: motif, palette and ornament, from the game's name and type. */
export function designOf(g: ArtGame): { motif: Motif; palette: PaletteName; ornament: Ornament | null } {
  const name = g.nameEn.toLowerCase();
  const b = bytesOf(`${g.vendor}/${g.gameCode}`);
  const words = name.split(/\s+/);
  const adjective = ADJECTIVES[words[0] ?? ''];
  const theme = words.map((w) => THEMES[w]).find(Boolean);
  if (g.gameType === 'RNG' && theme)
    return {
      motif: theme,
      palette: adjective?.[0] ?? PALETTE_NAMES[b[0]! % PALETTE_NAMES.length]!,
      ornament: adjective?.[1] ?? null,
    };
  if (g.gameType === 'FISH') {
    const ocean: PaletteName[] = ['ocean', 'teal', 'crystal', 'thunder'];
    return {
      motif: M.fishMotif,
      palette: ocean[b[0]! % ocean.length]!,
      ornament: name.includes('king') ? 'crown' : null,
    };
  }
  for (const [re, motif, palette] of BY_NAME)
    if (re.test(name)) return { motif, palette: palette ?? 'night', ornament: ornamentOf(name) };
  if (/fast|min\b/.test(name) && (g.gameType === 'LOTT' || g.gameType === 'ELOTT'))
    return {
      motif: (p) => M.ballsMotif(['07', '19', '33'], BALL_COLOURS)(p) + M.stopwatch(66, -54, p),
      palette: (['fire', 'ruby', 'mighty'] as const)[b[0]! % 3]!,
      ornament: null,
    };
  const [motif, palette] = motifOfType(g.gameType);
  return { motif, palette, ornament: adjective?.[1] ?? null };
}

/** Background patterns, faint white over the gradient. */
const PATTERNS: Array<(accent: string) => string> = [
  // Sun rays from behind the motif.
  () =>
    `<g transform="translate(150 112)" fill="#fff" opacity=".07">${Array.from({ length: 16 }, (_, i) => `<path transform="rotate(${i * 22.5})" d="M0 0-14-230h28z"/>`).join('')}</g>`,
  // Dots.
  () =>
    `<pattern id="pt" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="10" cy="10" r="2.2" fill="#fff" opacity=".12"/></pattern><rect width="300" height="300" fill="url(#pt)"/>`,
  // Diamond lattice.
  () =>
    `<pattern id="pt" width="28" height="28" patternUnits="userSpaceOnUse"><path d="M14 0 28 14 14 28 0 14z" fill="none" stroke="#fff" stroke-opacity=".09" stroke-width="2"/></pattern><rect width="300" height="300" fill="url(#pt)"/>`,
  // Rings around the motif.
  (accent) =>
    `<g transform="translate(150 112)" fill="none" stroke="${accent}" stroke-opacity=".16" stroke-width="6">${[60, 100, 140, 180, 220].map((r) => `<circle r="${r}"/>`).join('')}</g>`,
  // Diagonal stripes.
  () =>
    `<pattern id="pt" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="10" height="24" fill="#fff" opacity=".06"/></pattern><rect width="300" height="300" fill="url(#pt)"/>`,
];

/** The name split into at most two lines, the longer line as short as it can be. */
export function titleLines(name: string): string[] {
  const words = name.trim().split(/\s+/);
  if (name.length <= 12 || words.length === 1) return [name.trim()];
  let best: string[] = [name];
  let bestLen = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longest = Math.max(...lines.map((l) => l.length));
    if (longest < bestLen) [best, bestLen] = [lines, longest];
  }
  return best;
}

/** Title plates behind the lettering. */
const PLATES: Array<(p: Palette, top: number, h: number) => string> = [
  // A ribbon with folded ends.
  (p, top, h) =>
    `<path d="M6 ${top + 8}h30v${h}H6l12-${h / 2}z" fill="${p.accent2}"/><path d="M294 ${top + 8}h-30v${h}h30l-12-${h / 2}z" fill="${p.accent2}"/><path d="M24 ${top}h252v${h}H24z" fill="${p.ink}" stroke="${p.accent}" stroke-width="3"/>`,
  // A rounded plaque.
  (p, top, h) =>
    `<rect x="18" y="${top}" width="264" height="${h}" rx="${Math.min(22, h / 2)}" fill="${p.ink}" fill-opacity=".82" stroke="${p.accent}" stroke-width="3"/>`,
  // A fade from the bottom.
  (p, top) =>
    `<rect y="${top - 16}" width="300" height="${316 - top}" fill="url(#fade)"/><path d="M40 ${top - 4}h220" stroke="${p.accent}" stroke-width="2" stroke-opacity=".7"/>`,
];

/** The game's tile, a complete SVG document of 300 × 300. */
export function gameArtwork(g: ArtGame): string {
  const b = bytesOf(`${g.vendor}/${g.gameCode}`);
  const design = designOf(g);
  const p: Palette = PALETTES[design.palette];
  const lines = titleLines(g.nameEn).map(escapeXml);
  const longest = Math.max(...lines.map((l) => l.length));
  // Bold capitals are about 0.72 em wide; the lettering fills at most 244 units.
  const size = Math.max(17, Math.min(lines.length === 1 ? 40 : 31, Math.floor(244 / (longest * 0.72))));
  const lineGap = size * 1.05;
  const plateH = Math.round(lines.length * lineGap + 16);
  const plateTop = 272 - plateH;
  const motifScale = lines.length === 1 ? 0.92 : 0.84;
  const motifY = lines.length === 1 ? 118 : 108;
  const tilt = ((b[2]! % 9) - 4) * 1.5;
  const pattern = PATTERNS[b[1]! % PATTERNS.length]!(p.accent);
  const plate = PLATES[b[3]! % PLATES.length]!(p, plateTop, plateH);
  const ornaments =
    design.ornament === null
      ? ''
      : [
          [48, 52, 1.3],
          [254, 70, 1],
          [236, 170, 1.4],
          [66, 168, 0.9],
        ]
          .map(([x, y, s]) =>
            M.ORNAMENTS[design.ornament!](x!, y!, s!, design.ornament === 'sparkle' ? '#fff' : p.accent2),
          )
          .join('');
  const text = lines
    .map((l, i) => {
      const y = Math.round(plateTop + 8 + lineGap * (i + 0.8));
      return `<text x="150" y="${y}">${l.toUpperCase()}</text>`;
    })
    .join('');
  const vendor = escapeXml(g.vendorName.toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 300 300" role="img" aria-label="${escapeXml(g.nameEn)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient><radialGradient id="glow" cx=".5" cy=".38" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".32"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><linearGradient id="lt" x1="0" y1="0" x2="0" y2="1"><stop offset=".2" stop-color="${p.letter[0]}"/><stop offset=".9" stop-color="${p.letter[1]}"/></linearGradient><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.ink}" stop-opacity="0"/><stop offset=".35" stop-color="${p.ink}" stop-opacity=".85"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#bg)"/>${pattern}<rect width="300" height="300" fill="url(#glow)"/>
<g transform="translate(150 ${motifY}) scale(${motifScale}) rotate(${tilt})">${design.motif(p)}</g>${ornaments}
${plate}
<g font-family="Arial Black,Arial,Helvetica,sans-serif" font-weight="900" font-size="${size}" text-anchor="middle" letter-spacing=".5"><g fill="#000" opacity=".45" transform="translate(0 3)">${text}</g><g fill="url(#lt)" stroke="${p.ink}" stroke-width="1.2">${text}</g></g>
<text x="150" y="290" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="12" letter-spacing="2" fill="#fff" fill-opacity=".75">${vendor}</text>
<rect x="4" y="4" width="292" height="292" rx="20" fill="none" stroke="${p.accent}" stroke-opacity=".55" stroke-width="3"/>
</svg>
`;
}
