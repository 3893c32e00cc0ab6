/**
 * The hand-drawn pieces game artwork is composed of (issue 27): each motif is an SVG fragment drawn
 * around (0, 0) within about ±85 units, in the colours of a palette, so a tile can place and
 * scale it. Shapes are plain paths and circles (no filters, fonts only for numerals and ranks):
 * the files stay a few KiB and look the same in every browser.
 */
export interface Palette {
  /** Background gradient, top to bottom. */
  bg: readonly [string, string];
  /** Main and second colour of the motif. */
  accent: string;
  accent2: string;
  /** Outlines and dark details. */
  ink: string;
  /** Lettering gradient, top to bottom. */
  letter: readonly [string, string];
}

export type Motif = (p: Palette) => string;

const n = (v: number) => String(Math.round(v * 10) / 10);
const FONT = 'font-family="Arial Black,Arial,Helvetica,sans-serif" font-weight="900"';

// Card suits in a box of about 20 units centred on the origin.
export const SUITS = {
  heart: 'M0 8C-12 0-12-9-6-9c3 0 5 2 6 4 1-2 3-4 6-4 6 0 6 9-6 17z',
  diamond: 'M0-10 7 0 0 10-7 0z',
  spade: 'M0-10C-11-2-11 7-5 7c2 0 3-1 4-2l-2 6h6l-2-6c1 1 2 2 4 2 6 0 6-9-5-17z',
  club: 'M0-10a5 5 0 0 0-4 8 5 5 0 1 0 3 8l-2 5h6l-2-5a5 5 0 1 0 3-8 5 5 0 0 0-4-8z',
} as const;
type Suit = keyof typeof SUITS;
const RED_SUIT = (s: Suit) => s === 'heart' || s === 'diamond';

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** One die: a rounded cube face with its shadow side and pips. */
export function die(x: number, y: number, rot: number, face: number, fill: string, pip: string): string {
  const pips = (PIPS[face] ?? PIPS[1]!)
    .map(([px, py]) => `<circle cx="${px * 17}" cy="${py * 17}" r="6.5" fill="${pip}"/>`)
    .join('');
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})"><rect x="-32" y="-28" width="70" height="70" rx="15" fill="#000" opacity=".28"/><rect x="-36" y="-36" width="72" height="72" rx="15" fill="${fill}" stroke="#00000033" stroke-width="2"/><path d="M-30-33h60" stroke="#fff" stroke-opacity=".7" stroke-width="4" stroke-linecap="round"/>${pips}</g>`;
}

export const diceMotif =
  (count: 2 | 3, colors?: readonly string[]): Motif =>
  (p) => {
    const fills = colors ?? ['#fbfbf7', '#fbfbf7', '#fbfbf7'];
    const pip = (i: number) => (colors ? '#fff' : i === 0 ? p.accent : p.ink);
    if (count === 2) return die(-34, 6, -14, 5, fills[0]!, pip(0)) + die(38, -8, 12, 3, fills[1]!, pip(1));
    return (
      die(-48, 20, -10, 4, fills[0]!, pip(0)) +
      die(46, 22, 14, 6, fills[1]!, pip(1)) +
      die(0, -34, 4, 5, fills[2]!, pip(2))
    );
  };

/** A playing card, face up, rank in the corners and the suit large in the middle. */
export function card(x: number, y: number, rot: number, rank: string, suit: Suit): string {
  const color = RED_SUIT(suit) ? '#d62839' : '#1b1b1f';
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})"><rect x="-33" y="-45" width="70" height="98" rx="8" fill="#000" opacity=".25"/><rect x="-36" y="-50" width="72" height="100" rx="8" fill="#fffdf6" stroke="#00000040"/><text x="-27" y="-27" ${FONT} font-size="20" fill="${color}">${rank}</text><path d="${SUITS[suit]}" transform="translate(-20 -12) scale(.55)" fill="${color}"/><path d="${SUITS[suit]}" transform="translate(4 14) scale(1.45)" fill="${color}"/></g>`;
}

export const cardsMotif =
  (hand: ReadonlyArray<[string, Suit]>): Motif =>
  () => {
    const k = hand.length;
    return hand
      .map(([rank, suit], i) => {
        const t = k === 1 ? 0 : i / (k - 1) - 0.5;
        return card(t * 70, 14 + Math.abs(t) * 14, t * 34, rank, suit);
      })
      .join('');
  };

/** Two cards apart with a "VS" between: dragon tiger, andar bahar, duels. */
export const duelMotif =
  (left: [string, Suit], right: [string, Suit]): Motif =>
  (p) =>
    card(-46, 10, -10, ...left) +
    card(46, 10, 10, ...right) +
    `<circle cx="0" cy="-4" r="22" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><text x="0" y="4" text-anchor="middle" ${FONT} font-size="19" fill="${p.ink}">VS</text>`;

/** A card with an up and a down arrow: higher or lower. */
export const hiLoMotif: Motif = (p) =>
  card(0, 6, -4, 'Q', 'diamond') +
  `<path d="M62-44 84-14H70v24H54v-24H40z" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><path d="M-62 56-84 26h14V2h16v24h14z" fill="${p.accent2}" stroke="${p.ink}" stroke-width="3"/>`;

/** The crash rocket over its climbing curve. */
export const rocketMotif: Motif = (p) =>
  `<path d="M-84 70C-30 66 10 40 40-20" fill="none" stroke="${p.accent2}" stroke-width="7" stroke-linecap="round" stroke-dasharray="2 12"/>` +
  `<g transform="translate(30 -14) rotate(40)"><path d="M-11 40l-9 26 20-12 20 12-9-26z" fill="#ffb400"/><path d="M-6 44l6 30 6-30z" fill="#ff5a1f"/>` +
  `<path d="M0-62C20-44 24-14 20 40h-40c-4-54 0-84 20-102z" fill="#f4f6fb" stroke="${p.ink}" stroke-width="3"/>` +
  `<path d="M0-62C10-53 15-44 17-34h-34c2-10 7-19 17-28z" fill="${p.accent}"/>` +
  `<circle cx="0" cy="-6" r="11" fill="#4cc9f0" stroke="${p.ink}" stroke-width="4"/>` +
  `<path d="M-20 14-38 42l18-4zM20 14l18 28-18-4z" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/></g>` +
  `<text x="-70" y="-44" ${FONT} font-size="26" fill="#fff">2.47×</text>`;

/** Lottery balls with numbers, glossy. */
export function ball(x: number, y: number, r: number, color: string, label: string): string {
  return `<g transform="translate(${n(x)} ${n(y)})"><circle r="${r}" fill="${color}"/><circle r="${n(r * 0.62)}" fill="#fff"/><text y="${n(r * 0.28)}" text-anchor="middle" ${FONT} font-size="${n(r * 0.72)}" fill="#222">${label}</text><ellipse cx="${n(-r * 0.38)}" cy="${n(-r * 0.52)}" rx="${n(r * 0.32)}" ry="${n(r * 0.16)}" fill="#fff" opacity=".55" transform="rotate(-30 ${n(-r * 0.38)} ${n(-r * 0.52)})"/></g>`;
}

export const ballsMotif =
  (labels: readonly string[], colors: readonly string[]): Motif =>
  () => {
    const k = labels.length;
    const middle = Math.floor(k / 2);
    const small = k >= 5 ? 26 : 32;
    const at = (i: number) => {
      const t = k === 1 ? 0 : i / (k - 1) - 0.5;
      const big = i === middle;
      return ball(
        t * 170,
        Math.abs(t) * 40 + (big ? -14 : 8),
        big ? 40 : small,
        colors[i % colors.length]!,
        labels[i]!,
      );
    };
    // The middle ball is drawn last, in front of its neighbours.
    return (
      [...labels.keys()]
        .filter((i) => i !== middle)
        .map(at)
        .join('') + at(middle)
    );
  };

/** A stopwatch (fast draws). */
export const stopwatch = (x: number, y: number, p: Palette) =>
  `<g transform="translate(${x} ${y})"><rect x="-6" y="-40" width="12" height="10" rx="2" fill="${p.ink}"/><circle r="30" fill="#fff" stroke="${p.ink}" stroke-width="5"/><path d="M0 0V-20M0 0l12 8" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/></g>`;

// Reel symbols in a box of about 40 units.
const SYMBOL = {
  cherry: `<path d="M-2-18C-4-6-10 2-12 8M-2-18C2-6 8 0 10 6" stroke="#2d6a4f" stroke-width="3" fill="none"/><path d="M-2-18c8-6 16-4 18 2-8 2-14 2-18-2z" fill="#52b788"/><circle cx="-12" cy="12" r="9" fill="#d62839"/><circle cx="10" cy="10" r="9" fill="#e63946"/><circle cx="-15" cy="9" r="2.5" fill="#fff" opacity=".7"/>`,
  seven: `<text y="15" text-anchor="middle" ${FONT} font-size="44" fill="#e63946" stroke="#7a0010" stroke-width="2">7</text>`,
  bar: `<rect x="-19" y="-10" width="38" height="20" rx="4" fill="#1b1b1f"/><text y="6" text-anchor="middle" ${FONT} font-size="13" fill="#ffd166">BAR</text>`,
  bell: `<path d="M0-18c-10 0-13 9-13 18 0 6-4 8-6 10h38c-2-2-6-4-6-10 0-9-3-18-13-18z" fill="#ffc300" stroke="#9a6b00" stroke-width="2"/><circle cy="13" r="4" fill="#9a6b00"/>`,
  star: `<path d="M0-19 5.6-6.2 19.5-5.2 8.9 3.9 12 17.5 0 10.2-12 17.5-8.9 3.9-19.5-5.2-5.6-6.2z" fill="#ffd60a" stroke="#b08900" stroke-width="2"/>`,
  gem: `<path d="M-16-6-8-16H8l8 10L0 18z" fill="#4cc9f0" stroke="#1d4e89" stroke-width="2"/><path d="M-16-6h32M-8-16 0-6l8-10M0-6v24" stroke="#1d4e89" stroke-width="1.5" fill="none"/>`,
} as const;
type Symbol = keyof typeof SYMBOL;

/** A slot machine window with three reels. */
export const reelsMotif =
  (symbols: readonly [Symbol, Symbol, Symbol]): Motif =>
  (p) => {
    const reels = symbols
      .map(
        (s, i) =>
          `<g transform="translate(${(i - 1) * 52} 4)"><rect x="-23" y="-34" width="46" height="68" rx="6" fill="#fffdf6"/>${SYMBOL[s]}</g>`,
      )
      .join('');
    return `<rect x="-92" y="-58" width="184" height="124" rx="22" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/><rect x="-82" y="-42" width="164" height="92" rx="10" fill="${p.ink}"/>${reels}<path d="M-80 4h160" stroke="#e63946" stroke-width="3" opacity=".8"/><circle cx="-70" cy="-50" r="4" fill="#fff"/><circle cx="-54" cy="-50" r="4" fill="#fff"/><circle cx="70" cy="-50" r="4" fill="#fff"/><path d="M96-30v44" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/><circle cx="96" cy="-36" r="9" fill="#e63946" stroke="${p.ink}" stroke-width="3"/>`;
  };

/** A fish with bubbles over a wave. */
export function fish(x: number, y: number, s: number, body: string, fin: string, flip = false): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${flip ? -s : s} ${s})"><path d="M34 0 62-22 56 0l6 22z" fill="${fin}"/><path d="M-52 0C-36-30 10-34 38 0 10 34-36 30-52 0z" fill="${body}" stroke="#00000040" stroke-width="2"/><path d="M-6-22C2-38 18-36 22-16z" fill="${fin}"/><path d="M-10-20c8 10 8 30 0 40M4-22c8 12 8 32 0 44" stroke="#ffffff55" stroke-width="3" fill="none"/><circle cx="-34" cy="-5" r="6" fill="#fff"/><circle cx="-35" cy="-5" r="3" fill="#111"/></g>`;
}

export const fishMotif: Motif = (p) =>
  `<path d="M-95 60c20-12 40-12 60 0s40 12 60 0 40-12 60 0v30h-180z" fill="${p.accent2}" opacity=".6"/>` +
  fish(20, -10, 1.15, p.accent, '#ff9f1c') +
  fish(-56, 40, 0.6, '#f9c74f', p.accent2, true) +
  `<circle cx="-40" cy="-50" r="8" fill="none" stroke="#fff" stroke-width="3" opacity=".8"/><circle cx="-58" cy="-22" r="5" fill="none" stroke="#fff" stroke-width="2.5" opacity=".8"/><circle cx="-30" cy="-76" r="4" fill="none" stroke="#fff" stroke-width="2" opacity=".8"/>` +
  `<path d="M82-70v40c0 14-16 14-16 4" fill="none" stroke="#e0e0e0" stroke-width="4" stroke-linecap="round"/>`;

const polar = (r: number, a: number): [number, number] => [r * Math.cos(a), r * Math.sin(a)];
const wedge = (r0: number, r1: number, a0: number, a1: number) => {
  const [x0, y0] = polar(r1, a0);
  const [x1, y1] = polar(r1, a1);
  const [x2, y2] = polar(r0, a1);
  const [x3, y3] = polar(r0, a0);
  return `M${n(x0)} ${n(y0)}A${r1} ${r1} 0 0 1 ${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}A${r0} ${r0} 0 0 0 ${n(x3)} ${n(y3)}z`;
};

/** A roulette wheel: red and black pockets, the green zero, the ball. */
export const rouletteMotif: Motif = (p) => {
  const k = 18;
  const pockets = Array.from({ length: k }, (_, i) => {
    const a0 = (i / k) * 2 * Math.PI - Math.PI / 2;
    const a1 = ((i + 1) / k) * 2 * Math.PI - Math.PI / 2;
    const fill = i === 0 ? '#1f9d55' : i % 2 ? '#c1121f' : '#161616';
    return `<path d="${wedge(50, 74, a0, a1)}" fill="${fill}"/>`;
  }).join('');
  return `<circle r="86" fill="${p.ink}"/><circle r="82" fill="#8d5524" stroke="${p.accent}" stroke-width="4"/>${pockets}<circle r="50" fill="${p.accent}"/><circle r="40" fill="#6f4518"/><path d="M0-30V30M-30 0H30" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/><circle r="9" fill="${p.accent}"/><circle cx="38" cy="-56" r="7" fill="#fff" stroke="#999"/>`;
};

/** A stack of casino chips beside a single chip on edge. */
export function chip(x: number, y: number, r: number, color: string): string {
  return `<g transform="translate(${n(x)} ${n(y)})"><circle r="${r}" fill="${color}" stroke="#00000055" stroke-width="2"/><circle r="${n(r * 0.8)}" fill="none" stroke="#fff" stroke-width="${n(r * 0.18)}" stroke-dasharray="${n(r * 0.42)} ${n(r * 0.42)}"/><circle r="${n(r * 0.55)}" fill="${color}" stroke="#fff" stroke-width="2"/></g>`;
}

export const chipsMotif: Motif = (p) => {
  const stack = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<g transform="translate(-40 ${50 - i * 14})"><ellipse rx="44" ry="16" cy="6" fill="#00000055"/><ellipse rx="44" ry="16" fill="${i % 2 ? p.accent2 : p.accent}" stroke="#fff" stroke-width="3" stroke-dasharray="10 8"/></g>`,
    )
    .join('');
  return stack + chip(48, 0, 42, p.accent2) + chip(66, 48, 26, '#1b1b1f');
};

/** A cut gem beside a round bomb: mines. */
export const minesMotif: Motif = (p) =>
  `<g transform="translate(-34 6)"><path d="M-50-14-28-44h56l22 30L0 56z" fill="#4cc9f0"/><path d="M-50-14h100L0 56zM-28-44l-8 30L0 56l36-70-8-30" fill="#3a86ff" opacity=".45"/><path d="M-50-14-28-44h56l22 30L0 56zM-50-14h100M-28-44l-8 30L0 56 36-14 28-44M-36-14 0-44l36 30" fill="none" stroke="#0b2f5b" stroke-width="2.5" stroke-linejoin="round"/><path d="M-20-36-30-20" stroke="#fff" stroke-width="4" stroke-linecap="round"/></g>` +
  `<g transform="translate(52 24)"><circle r="34" fill="#1b1b1f" stroke="${p.accent}" stroke-width="3"/><rect x="-9" y="-44" width="18" height="12" rx="3" fill="#555"/><path d="M0-44c6-14 18-18 26-10" fill="none" stroke="#c9a227" stroke-width="4"/><path d="M26-54l5-8 3 8 8 2-8 4-2 8-4-7-8 1 5-6z" fill="#ffb400"/><circle cx="-12" cy="-12" r="8" fill="#fff" opacity=".3"/></g>`;

/** A triangle of pegs, a falling ball and the multiplier bins. */
export const plinkoMotif: Motif = (p) => {
  const pegs: string[] = [];
  for (let row = 0; row < 6; row++)
    for (let i = 0; i <= row + 1; i++)
      pegs.push(`<circle cx="${n((i - (row + 1) / 2) * 26)}" cy="${-66 + row * 22}" r="4.5" fill="#fff"/>`);
  const bins = ['#e63946', '#f4a261', '#e9c46a', '#2a9d8f', '#e9c46a', '#f4a261', '#e63946']
    .map((c, i) => `<rect x="${(i - 3.5) * 24 + 1}" y="66" width="22" height="16" rx="4" fill="${c}"/>`)
    .join('');
  return `${pegs.join('')}${bins}<circle cx="14" cy="-22" r="11" fill="${p.accent}" stroke="#fff" stroke-width="3"/><path d="M0-84C10-60 14-48 14-34" stroke="${p.accent}" stroke-width="3" stroke-dasharray="3 6" fill="none"/>`;
};

/** A keno card: a grid of numbers, a few picked. */
export const kenoMotif: Motif = (p) => {
  const cells: string[] = [];
  const picked = new Set([2, 7, 9, 14, 16]);
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++) {
      const k = r * 5 + c;
      const x = (c - 2) * 34;
      const y = (r - 1.5) * 34;
      const on = picked.has(k);
      cells.push(
        `<circle cx="${x}" cy="${y}" r="14" fill="${on ? p.accent : '#ffffff22'}" stroke="${on ? '#fff' : '#ffffff66'}" stroke-width="2"/><text x="${x}" y="${y + 5}" text-anchor="middle" ${FONT} font-size="13" fill="${on ? p.ink : '#fff'}">${k + 1}</text>`,
      );
    }
  return `<rect x="-96" y="-76" width="192" height="144" rx="16" fill="#00000044"/>${cells.join('')}`;
};

/** A prize wheel with its pointer. */
export const wheelMotif =
  (colors: readonly string[]): Motif =>
  (p) => {
    const k = 8;
    const segs = Array.from({ length: k }, (_, i) => {
      const a0 = (i / k) * 2 * Math.PI;
      const a1 = ((i + 1) / k) * 2 * Math.PI;
      return `<path d="${wedge(0.01, 74, a0, a1)}" fill="${colors[i % colors.length]}"/>`;
    }).join('');
    const bulbs = Array.from({ length: 12 }, (_, i) => {
      const [x, y] = polar(81, (i / 12) * 2 * Math.PI);
      return `<circle cx="${n(x)}" cy="${n(y)}" r="3.5" fill="#fff9c4"/>`;
    }).join('');
    return `<g transform="translate(0 8)"><circle r="88" fill="${p.ink}"/><circle r="80" fill="${p.accent}"/>${bulbs}<g transform="rotate(12)">${segs}</g><circle r="16" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/><path d="M-14-92h28L0-62z" fill="#fff" stroke="${p.ink}" stroke-width="3"/></g>`;
  };

/** A gold coin, face on, and another on edge. */
export const coinMotif: Motif = (p) =>
  `<g transform="translate(-16 4)"><circle r="66" fill="#b8860b"/><circle r="60" fill="#ffd166"/><circle r="48" fill="none" stroke="#b8860b" stroke-width="4"/><path d="${SYMBOL_STAR}" transform="scale(1.7)" fill="#e0a100"/><ellipse cx="-24" cy="-30" rx="16" ry="7" fill="#fff" opacity=".5" transform="rotate(-35 -24 -30)"/></g>` +
  `<g transform="translate(66 -40) rotate(70)"><ellipse rx="34" ry="10" fill="#b8860b"/><ellipse rx="34" ry="7" cy="-3" fill="#ffd166"/></g><path d="M50 40c10-8 20-8 30 0" stroke="${p.accent}" stroke-width="4" fill="none"/>`;
const SYMBOL_STAR = 'M0-19 5.6-6.2 19.5-5.2 8.9 3.9 12 17.5 0 10.2-12 17.5-8.9 3.9-19.5-5.2-5.6-6.2z';

/** A tower of blocks, narrowing to a flag. */
export const towerMotif: Motif = (p) => {
  const rows = [0, 1, 2, 3, 4]
    .map((i) => {
      const w = 150 - i * 26;
      return `<rect x="${-w / 2}" y="${62 - i * 28}" width="${w}" height="24" rx="5" fill="${i % 2 ? p.accent2 : p.accent}" stroke="${p.ink}" stroke-width="3"/>`;
    })
    .join('');
  return `${rows}<path d="M0-50v-38" stroke="${p.ink}" stroke-width="4"/><path d="M2-88l30 9-30 9z" fill="#e63946"/>`;
};

/** Rising bars and an arrow breaking past the bar: limbo. */
export const limboMotif: Motif = (p) =>
  [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="${-80 + i * 34}" y="${60 - (i + 1) * 24}" width="24" height="${(i + 1) * 24}" rx="4" fill="${i === 4 ? p.accent : '#ffffff44'}"/>`,
    )
    .join('') +
  `<path d="M-90-40h180" stroke="#fff" stroke-width="3" stroke-dasharray="8 6"/><path d="M-70 40 10-20l20 14 46-64" fill="none" stroke="${p.accent2}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><path d="M62-86l22 10-20 14z" fill="${p.accent2}"/>`;

/** A football with motion lines. */
export const footballMotif: Motif = (p) =>
  `<path d="M-96-20h40M-100 6h46M-92 32h36" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".6"/>` +
  `<g transform="translate(22 4)"><circle r="66" fill="#fff" stroke="${p.ink}" stroke-width="4"/><path d="M0-22 21-7 13 18h-26L-21-7z" fill="${p.ink}"/><path d="M0-22V-52M21-7 48-16M13 18l18 26M-13 18-31 44M-21-7-48-16" stroke="${p.ink}" stroke-width="4"/><path d="M-16-60 0-52 16-60M44-38 48-16 62 4M40 50 31 44 8 60M-40 50-31 44-8 60M-62 4-48-16-44-38" stroke="${p.ink}" stroke-width="4" fill="none"/></g>`;

/** A cricket bat and ball. */
export const cricketMotif: Motif = (p) =>
  `<g transform="rotate(35)"><rect x="-7" y="-92" width="14" height="46" rx="6" fill="#3d2b1f"/><rect x="-9" y="-70" width="18" height="4" fill="${p.accent}"/><rect x="-9" y="-62" width="18" height="4" fill="${p.accent}"/><path d="M-20-46h40l-4 126c0 6-32 6-32 0z" fill="#f2d49b" stroke="#8a6a3a" stroke-width="3"/><path d="M0-40v112" stroke="#d9b46f" stroke-width="3"/></g>` +
  `<g transform="translate(56 44)"><circle r="22" fill="#c1121f" stroke="#6d0a12" stroke-width="2"/><path d="M-10-19c8 12 8 26 0 38M10-19c-8 12-8 26 0 38" stroke="#fff" stroke-width="2" stroke-dasharray="3 3" fill="none"/></g>`;

/** A trophy cup: sportsbooks. */
export const trophyMotif: Motif = (p) =>
  `<path d="M-40-60h-22c0 30 10 44 32 48M40-60h22c0 30-10 44-32 48" fill="none" stroke="#e0a100" stroke-width="8"/><path d="M-44-72h88c0 56-20 84-44 88-24-4-44-32-44-88z" fill="#ffd166" stroke="#b8860b" stroke-width="3"/><path d="M-8 16h16v22H-8z" fill="#e0a100"/><rect x="-40" y="38" width="80" height="22" rx="4" fill="${p.ink}"/><rect x="-28" y="44" width="56" height="10" rx="2" fill="${p.accent}"/><path d="${SYMBOL_STAR}" transform="translate(0 -36) scale(1.1)" fill="#fff" opacity=".85"/>`;

/** A game controller: esports. */
export const controllerMotif: Motif = (p) =>
  `<path d="M-60-36h120c24 0 36 30 40 64 4 30-20 42-36 24L44 30h-88l-20 22c-16 18-40 6-36-24 4-34 16-64 40-64z" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/><path d="M-56-4h30M-41-19v30" stroke="${p.ink}" stroke-width="10" stroke-linecap="round"/><circle cx="38" cy="-14" r="8" fill="#e63946"/><circle cx="56" cy="2" r="8" fill="#06d6a0"/><circle cx="20" cy="2" r="8" fill="#ffd166"/><circle cx="38" cy="18" r="8" fill="#118ab2"/><rect x="-12" y="-16" width="24" height="8" rx="4" fill="${p.ink}"/>`;

/** A crosshair: shooters. */
export const crosshairMotif: Motif = (p) =>
  `<circle r="66" fill="none" stroke="${p.accent}" stroke-width="8"/><circle r="36" fill="none" stroke="#fff" stroke-width="4"/><path d="M0-88v40M0 48v40M-88 0h40M48 0h40" stroke="${p.accent}" stroke-width="8" stroke-linecap="round"/><circle r="7" fill="#e63946"/>`;

/** Two crossed swords before a shield: battle arenas. */
export const swordsMotif: Motif = (p) => {
  const sword = (rot: number) =>
    `<g transform="rotate(${rot})"><path d="M-5-86 0-96 5-86V30H-5z" fill="#e9ecef" stroke="#6c757d" stroke-width="2"/><rect x="-22" y="30" width="44" height="9" rx="3" fill="${p.accent}"/><rect x="-5" y="39" width="10" height="30" fill="#5c3d2e"/><circle cy="74" r="7" fill="${p.accent}"/></g>`;
  return `${sword(-40)}${sword(40)}<path d="M0-40 44-26c0 44-16 66-44 80-28-14-44-36-44-80z" fill="${p.accent2}" stroke="${p.ink}" stroke-width="4"/><path d="M0-22 26-14c0 28-10 42-26 52z" fill="#ffffff33"/>`;
};

/** A rooster's head in profile: cockfight. */
export const roosterMotif: Motif = (p) =>
  `<path d="M-16 80C-52 60-58 10-34-18c8-10 8-24 4-36 14-2 30 4 36 18 10-4 22 0 28 10l22 4-20 10c10 20 4 44-10 56-8 8-12 24-8 36z" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/>` +
  `<path d="M-30-54c-4-14 4-24 12-22 0-10 12-14 18-6 6-8 18-4 16 8 8 0 10 10 4 14" fill="#e63946" stroke="${p.ink}" stroke-width="3"/>` +
  `<path d="M56-6 80 0 56 8z" fill="#ffb400" stroke="${p.ink}" stroke-width="3"/><path d="M40 14c4 14-2 26-10 28-4-10 0-22 10-28z" fill="#e63946"/><circle cx="26" cy="-12" r="7" fill="#fff"/><circle cx="27" cy="-12" r="3.5" fill="#111"/>` +
  `<path d="M-40 20c-18 0-30 14-40 30M-38 40c-14 4-22 18-26 34" stroke="${p.accent2}" stroke-width="8" stroke-linecap="round" fill="none"/>`;

// Slot themes: the second word of a slot's title.

/** A dragon's head with horns, whiskers and a pearl. */
export const dragonMotif: Motif = (p) =>
  `<path d="M-40-34-70-80-26-50M8-46-4-92 30-50" fill="#ffd166" stroke="${p.ink}" stroke-width="3"/>` +
  `<path d="M-62-6C-64-40-30-58 6-54c30 4 50 20 64 36 8 10 4 24-8 26l-30 4c-8 14-30 26-54 24C-46 34-60 20-62-6z" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/>` +
  `<path d="M-62-6c10 10 20 14 30 10M-40 20c8-6 16-8 24-6" stroke="${p.ink}" stroke-width="3" fill="none"/><path d="M20 4c-4 10 6 20 16 14" stroke="${p.ink}" stroke-width="3" fill="none"/>` +
  `<path d="M-18-30c6-10 20-12 28-4-8 8-20 10-28 4z" fill="#fff"/><circle cx="-2" cy="-29" r="4.5" fill="#111"/><circle cx="54" cy="-14" r="3" fill="${p.ink}"/>` +
  `<path d="M50 10C70 30 84 30 96 20M34 16c6 30 22 40 40 38" stroke="#ffd166" stroke-width="3" fill="none" stroke-linecap="round"/>` +
  `<path d="M-62-6c-14 4-24 16-24 30M-56 14c-10 10-12 24-6 36" stroke="${p.accent2}" stroke-width="6" fill="none" stroke-linecap="round"/>` +
  `<circle cx="-20" cy="62" r="20" fill="#fff1b8" stroke="#e0a100" stroke-width="3"/><circle cx="-26" cy="56" r="6" fill="#fff"/>`;

/** A tiger's face. */
export const tigerMotif: Motif = () =>
  `<circle cx="-52" cy="-52" r="20" fill="#f77f00" stroke="#1b1b1f" stroke-width="3"/><circle cx="52" cy="-52" r="20" fill="#f77f00" stroke="#1b1b1f" stroke-width="3"/><circle cx="-52" cy="-52" r="9" fill="#fcbf9a"/><circle cx="52" cy="-52" r="9" fill="#fcbf9a"/>` +
  `<path d="M0-72c44 0 74 26 74 64 0 40-34 74-74 74S-74 32-74-8c0-38 30-64 74-64z" fill="#f77f00" stroke="#1b1b1f" stroke-width="4"/>` +
  `<path d="M0-72v22M-16-70l6 18M16-70l-6 18M-74-8h22M-72 12l20-6M74-8H52M72 12l-20-6" stroke="#1b1b1f" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="M-44 22c10-12 30-14 44-4 14-10 34-8 44 4 4 30-20 50-44 50s-48-20-44-50z" fill="#fff8ee"/>` +
  `<path d="M-42-18c6-8 20-8 26 0-6 6-20 6-26 0zM42-18c-6-8-20-8-26 0 6 6 20 6 26 0z" fill="#ffd60a" stroke="#1b1b1f" stroke-width="2"/><circle cx="-29" cy="-18" r="3.5" fill="#111"/><circle cx="29" cy="-18" r="3.5" fill="#111"/>` +
  `<path d="M-12 14h24L0 28z" fill="#e56b6f" stroke="#1b1b1f" stroke-width="2"/><path d="M0 28v10M0 38c-6 6-14 6-18 0M0 38c6 6 14 6 18 0" stroke="#1b1b1f" stroke-width="3" fill="none"/>`;

/** A gold ingot on coins: fortune. */
export const fortuneMotif: Motif = (p) =>
  chip(-58, 44, 24, '#e0a100') +
  chip(62, 46, 22, '#e0a100') +
  `<path d="M-84-10c20 8 44 10 84 10s64-2 84-10c-4 40-24 64-84 64S-80 30-84-10z" fill="#ffc300" stroke="#9a6b00" stroke-width="4"/><path d="M-44-8c0-30 18-50 44-50s44 20 44 50c-24 6-64 6-88 0z" fill="#ffd166" stroke="#9a6b00" stroke-width="4"/><path d="M-60 12c20 8 100 8 120 0" stroke="#fff3b0" stroke-width="4" fill="none"/><text y="-16" text-anchor="middle" ${FONT} font-size="24" fill="${p.accent2}">福</text>`;

/** A pagoda temple: tiered roofs. */
export const templeMotif: Motif = (p) => {
  const roof = (y: number, w: number) =>
    `<path d="M${-w} ${y}c${w * 0.3} -6 ${w * 0.6} -22 ${w} -30 ${w * 0.4} 8 ${w * 0.7} 24 ${w} 30z" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><rect x="${-w * 0.62}" y="${y}" width="${w * 1.24}" height="18" fill="#8d5524" stroke="${p.ink}" stroke-width="2"/>`;
  return `<rect x="-56" y="48" width="112" height="30" fill="#8d5524" stroke="${p.ink}" stroke-width="3"/><rect x="-14" y="54" width="28" height="24" rx="12" fill="${p.ink}"/><rect x="-80" y="76" width="160" height="8" fill="${p.ink}"/>${roof(48, 92)}${roof(16, 72)}${roof(-16, 52)}<path d="M0-46v-30" stroke="#ffd166" stroke-width="5"/><circle cy="-80" r="7" fill="#ffd166"/>`;
};

/** A panda's face. */
export const pandaMotif: Motif = () =>
  `<circle cx="-54" cy="-50" r="24" fill="#1b1b1f"/><circle cx="54" cy="-50" r="24" fill="#1b1b1f"/><ellipse rx="76" ry="68" cy="4" fill="#fafafa" stroke="#1b1b1f" stroke-width="4"/>` +
  `<ellipse cx="-30" cy="-6" rx="17" ry="24" transform="rotate(35 -30 -6)" fill="#1b1b1f"/><ellipse cx="30" cy="-6" rx="17" ry="24" transform="rotate(-35 30 -6)" fill="#1b1b1f"/><circle cx="-27" cy="-8" r="6" fill="#fff"/><circle cx="27" cy="-8" r="6" fill="#fff"/>` +
  `<ellipse cy="24" rx="12" ry="8" fill="#1b1b1f"/><path d="M0 32v8c-6 8-16 8-20 2M0 40c6 8 16 8 20 2" stroke="#1b1b1f" stroke-width="3" fill="none"/><circle cx="-48" cy="26" r="9" fill="#ffafcc" opacity=".8"/><circle cx="48" cy="26" r="9" fill="#ffafcc" opacity=".8"/>`;

/** A phoenix: spread wings of flame and a long tail. */
export const phoenixMotif: Motif = (p) => {
  const wing = (s: number) =>
    `<path transform="scale(${s} 1)" d="M8-6C30-40 62-56 94-54 78-44 70-34 66-22c14-6 26-6 34-2-18 6-30 16-38 28 10-2 20 0 26 4-26 4-46 12-60 22z" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><path transform="scale(${s} 1)" d="M12 0C30-24 50-36 72-42 58-30 52-18 50-6 36-4 24 0 12 6z" fill="#ffd166"/>`;
  return `${wing(1)}${wing(-1)}<path d="M0 10C-16 40-10 70 10 86 4 64 16 50 26 40 14 40 6 26 0 10z" fill="${p.accent2}" stroke="${p.ink}" stroke-width="3"/><ellipse cy="-8" rx="14" ry="26" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><circle cy="-40" r="13" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><path d="M10-42 24-38 10-34z" fill="#ffb400"/><path d="M-4-52c-4-12 2-22 10-26-2 8 0 14 4 18" fill="#ffd166"/><circle cx="3" cy="-42" r="2.5" fill="#111"/>`;
};

/** An open treasure chest with gold. */
export const treasureMotif: Motif = (p) =>
  `<path d="M-74-10c0-40 30-58 74-58s74 18 74 58z" fill="#8d5524" stroke="${p.ink}" stroke-width="4"/><path d="M-50-10c0-28 20-42 50-42s50 14 50 42" fill="none" stroke="#ffd166" stroke-width="6"/>` +
  `<ellipse cy="-10" rx="70" ry="14" fill="#ffc300"/>${chip(-30, -20, 14, '#e0a100')}${chip(20, -24, 14, '#e0a100')}${chip(44, -14, 12, '#e0a100')}<path d="M-8-34 0-46l8 12-8 10z" fill="#4cc9f0"/>` +
  `<rect x="-78" y="-10" width="156" height="86" rx="8" fill="#a0522d" stroke="${p.ink}" stroke-width="4"/><path d="M-78 20h156M-50-10v86M50-10v86" stroke="#ffd166" stroke-width="6"/><rect x="-14" y="8" width="28" height="30" rx="4" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><circle cy="20" r="4" fill="${p.ink}"/>`;

/** An elephant in profile, trunk raised. */
export const elephantMotif: Motif = (p) =>
  `<path d="M-70 70V36c-12-30 0-70 40-76 26-4 50 4 62 24 18-6 34 6 36 24 2 14-4 30-12 42-6 10-4 22 6 26l-4 8c-16-2-26-14-22-30l4-14c-6 4-14 6-20 4v42h-22V46h-32v24h-22V46c-6 0-10 0-14-2v26z" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/>` +
  `<path d="M36 10c-20-4-32-22-24-44 16 0 30 18 24 44z" fill="${p.accent2}" stroke="${p.ink}" stroke-width="3"/><circle cx="54" cy="-4" r="4" fill="#111"/><path d="M60 20c10 4 18 2 24-4" stroke="#fff" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="M-40-30c20-10 50-10 70 0" stroke="${p.ink}" stroke-width="3" fill="none"/><path d="M-44-36h80v14h-80z" fill="#e63946" opacity=".85"/><path d="M-44-22h80" stroke="#ffd166" stroke-width="4" stroke-dasharray="6 6"/>`;

/** A peacock's open tail. */
export const peacockMotif: Motif = (p) => {
  const feathers = Array.from({ length: 9 }, (_, i) => {
    const a = (-160 + i * 17.5) * (Math.PI / 180);
    const [x, y] = polar(66, a);
    return `<path d="M0 40L${n(x)} ${n(y + 40)}" stroke="#2d6a4f" stroke-width="3"/><ellipse cx="${n(x)}" cy="${n(y + 40)}" rx="17" ry="24" transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(x)} ${n(y + 40)})" fill="${p.accent2}"/><circle cx="${n(x)}" cy="${n(y + 40)}" r="10" fill="#ffd166"/><circle cx="${n(x)}" cy="${n(y + 40)}" r="6" fill="#1d3557"/>`;
  }).join('');
  return `${feathers}<path d="M-8 80C-14 50-10 20 0 0c6-10 18-12 20-2l8 4-8 2c0 20-4 46-8 76z" fill="${p.accent}" stroke="${p.ink}" stroke-width="3"/><circle cx="10" cy="2" r="2.5" fill="#fff"/><path d="M6-10l-4-10M10-10v-12M14-10l4-10" stroke="${p.accent}" stroke-width="2.5"/>`;
};

/** Snow peaks under the sun: mountains. */
export const mountainMotif: Motif = (p) =>
  `<circle cx="44" cy="-46" r="28" fill="#ffd166"/><path d="M-98 72-40-40-8 10 24-66 98 72z" fill="${p.accent2}" stroke="${p.ink}" stroke-width="4" stroke-linejoin="round"/>` +
  `<path d="M-40-40-54-14-44-20-36-8-30-20zM24-66 8-34l12-6 6 10 8-10 8 6z" fill="#fff"/><path d="M-98 72c30-20 60-26 100-20s70 4 96 20z" fill="${p.accent}"/>` +
  `<path d="M-70 40l8-14 8 14zM-56 46l8-14 8 14z" fill="#1b4332"/>`;

/** An open lotus flower on water. */
export const lotusMotif: Motif = (p) => {
  const petal = (rot: number, fill: string, len: number) =>
    `<path transform="rotate(${rot} 0 40)" d="M0 40C-22 10-20-24 0-${len - 40}c20 ${64 - len} 22 ${len - 6} 0 ${len}z" fill="${fill}" stroke="${p.ink}" stroke-width="2.5"/>`;
  return `<ellipse cy="58" rx="90" ry="16" fill="${p.accent2}" opacity=".7"/>${petal(-70, '#ffafcc', 92)}${petal(70, '#ffafcc', 92)}${petal(-38, '#ff8fab', 104)}${petal(38, '#ff8fab', 104)}${petal(0, '#fb6f92', 112)}<circle cy="36" r="10" fill="#ffd166"/>`;
};

/** A rhino in profile: big body, head down, the two horns on its snout. */
export const rhinoMotif: Motif = (p) =>
  `<path d="M-92 20c0-40 30-62 70-62 30 0 48 8 62 20 14-4 30 2 40 14l14 22c4 8 0 16-8 18l-26 4c-6 10-16 14-26 12v26H42V54h-6v20H14V54h-56v20h-22V54h-6v20h-22V44c-8-6-12-14-10-24z" fill="${p.accent}" stroke="${p.ink}" stroke-width="4" stroke-linejoin="round"/>` +
  `<path d="M80 28C84 6 92-10 104-22c-2 18-4 34-6 50z" fill="#f1e3c8" stroke="${p.ink}" stroke-width="3" stroke-linejoin="round"/><path d="M62 12c2-10 6-18 12-22 0 10 0 18-2 24z" fill="#f1e3c8" stroke="${p.ink}" stroke-width="3"/>` +
  `<path d="M34-30 30-50l14 14z" fill="${p.accent}" stroke="${p.ink}" stroke-width="3" stroke-linejoin="round"/><circle cx="54" cy="4" r="4" fill="#111"/><path d="M40-16c8 4 14 12 16 22" stroke="${p.ink}" stroke-width="3" fill="none"/>` +
  `<path d="M-60-4c24-14 56-16 80-2M-70 24c20 6 40 6 60 0" stroke="${p.accent2}" stroke-width="4" fill="none" stroke-linecap="round" opacity=".8"/>`;

/** Two lanterns and a firework: festivals. */
export const festivalMotif: Motif = (p) => {
  const lantern = (x: number, y: number, c: string) =>
    `<g transform="translate(${x} ${y})"><path d="M0-60v14" stroke="${p.ink}" stroke-width="3"/><rect x="-12" y="-48" width="24" height="8" rx="2" fill="#ffd166"/><ellipse rx="30" ry="38" fill="${c}" stroke="${p.ink}" stroke-width="3"/><path d="M-14-34c-6 20-6 48 0 68M14-34c6 20 6 48 0 68M0-38v76" stroke="#ffd166" stroke-width="2" fill="none"/><rect x="-12" y="36" width="24" height="8" rx="2" fill="#ffd166"/><path d="M-6 44v16M0 44v20M6 44v16" stroke="#ffd166" stroke-width="2"/></g>`;
  const burst = Array.from({ length: 12 }, (_, i) => {
    const [x0, y0] = polar(10, (i / 12) * 2 * Math.PI);
    const [x1, y1] = polar(30, (i / 12) * 2 * Math.PI);
    return `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}`;
  }).join('');
  return `<path transform="translate(62 -52)" d="${burst}" stroke="#ffd166" stroke-width="4" stroke-linecap="round"/><path transform="translate(-70 -58) scale(.6)" d="${burst}" stroke="${p.accent2}" stroke-width="5" stroke-linecap="round"/>${lantern(-40, 10, '#e63946')}${lantern(40, 26, p.accent)}`;
};

/** A four-leaf clover: luck. */
export const cloverMotif: Motif = () => {
  const leaf = (rot: number) =>
    `<path transform="rotate(${rot})" d="M0 0C-30-14-40-50-18-58-6-62 0-52 0-44c0-8 6-18 18-14 22 8 12 44-18 58z" fill="#2dc653" stroke="#155d27" stroke-width="3"/>`;
  return `<path d="M0 0c10 30 10 60 30 84" stroke="#155d27" stroke-width="7" fill="none" stroke-linecap="round"/>${leaf(0)}${leaf(90)}${leaf(180)}${leaf(270)}`;
};

/** Ornaments an adjective adds beside the motif (a bolt for Thunder, sparkles for Crystal…). */
export const ORNAMENTS = {
  sparkle: (x: number, y: number, s: number, c: string) =>
    `<path transform="translate(${n(x)} ${n(y)}) scale(${s})" d="M0-14C2-4 4-2 14 0 4 2 2 4 0 14-2 4-4 2-14 0-4-2-2-4 0-14z" fill="${c}"/>`,
  bolt: (x: number, y: number, s: number, c: string) =>
    `<path transform="translate(${n(x)} ${n(y)}) scale(${s})" d="M4-24-12 4h10L-6 24 12-6H2z" fill="${c}" stroke="#00000055" stroke-width="1.5"/>`,
  flame: (x: number, y: number, s: number, c: string) =>
    `<path transform="translate(${n(x)} ${n(y)}) scale(${s})" d="M0 20C-14 20-18 8-12-4c2 6 6 8 8 6-4-10 2-20 10-26-2 10 4 14 8 20 6 10 2 24-14 24z" fill="${c}"/>`,
  crown: (x: number, y: number, s: number, c: string) =>
    `<path transform="translate(${n(x)} ${n(y)}) scale(${s})" d="M-18 10-20-12-8-2 0-16 8-2 20-12 18 10z" fill="${c}" stroke="#00000055" stroke-width="1.5"/>`,
} as const;
export type Ornament = keyof typeof ORNAMENTS;
