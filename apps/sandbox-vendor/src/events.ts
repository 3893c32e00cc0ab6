import { createHmac } from 'node:crypto';

/**
 * Generated fixtures for the sports, esports and cockfight books. A fixture is a pure function of
 * its book, its kick-off slot and an index, so every player sees the same card; its result is
 * drawn from the vendor's random seed when it ends (5 % are abandoned: their slips are rolled back).
 */
export type Book = 'sports' | 'esports' | 'cockfight';

export interface Pick {
  key: string;
  label: string;
  /** Decimal odds × 100. */
  odds: number;
}

export interface Fixture {
  id: string;
  book: Book;
  league: string;
  home: string;
  away: string;
  startsAt: number;
  endsAt: number;
  picks: Pick[];
}

export interface FixtureResult {
  outcome: string | null; // the winning pick's key; null: abandoned
}

interface BookShape {
  slotMs: number;
  durationMs: number;
  perSlot: number;
  parlay: boolean;
}

export const BOOKS: Record<Book, BookShape> = {
  sports: { slotMs: 120_000, durationMs: 90_000, perSlot: 4, parlay: true },
  esports: { slotMs: 120_000, durationMs: 60_000, perSlot: 3, parlay: true },
  cockfight: { slotMs: 60_000, durationMs: 30_000, perSlot: 1, parlay: false },
};

const TEAMS: Record<Book, string[]> = {
  sports: [
    'Kathmandu Kings',
    'Pokhara Rhinos',
    'Biratnagar Warriors',
    'Lalitpur Patriots',
    'Chitwan Tigers',
    'Janakpur Bolts',
    'Butwal Lions',
    'Dhangadhi Riders',
  ],
  esports: ['Himal Esports', 'Everest Five', 'Yeti Gaming', 'Terai Titans', 'Annapurna Ace', 'Bagmati Byte'],
  cockfight: ['Meron', 'Wala'],
};
const LEAGUES: Record<Book, string[]> = {
  sports: ['Nepal Super League', 'Premier Cricket Cup'],
  esports: ['Dota 2 Himalayan Cup', 'CS2 Valley Series'],
  cockfight: ['DS88 Arena'],
};

/** A deterministic number in [0, 1) from a label (the fixture card is the same for everyone). */
function unit(label: string): number {
  const h = createHmac('sha256', 'sandbox-fixture-card').update(label).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

const oddsFor = (p: number, margin = 0.94) => Math.max(101, Math.round((margin / p) * 100));

function fixture(book: Book, slotStart: number, i: number): Fixture {
  const shape = BOOKS[book];
  const id = `${book}-${slotStart}-${i}`;
  const teams = TEAMS[book];
  const a = Math.floor(unit(`${id}:a`) * teams.length);
  const b = (a + 1 + Math.floor(unit(`${id}:b`) * (teams.length - 1))) % teams.length;
  const strength = 0.25 + unit(`${id}:s`) * 0.5; // home's share of the decided outcomes
  let picks: Pick[];
  if (book === 'sports') {
    const draw = 0.22;
    picks = [
      { key: 'home', label: teams[a]!, odds: oddsFor((1 - draw) * strength) },
      { key: 'draw', label: 'Draw', odds: oddsFor(draw) },
      { key: 'away', label: teams[b]!, odds: oddsFor((1 - draw) * (1 - strength)) },
    ];
  } else if (book === 'esports') {
    picks = [
      { key: 'home', label: teams[a]!, odds: oddsFor(strength) },
      { key: 'away', label: teams[b]!, odds: oddsFor(1 - strength) },
    ];
  } else {
    picks = [
      { key: 'meron', label: 'Meron', odds: 190 },
      { key: 'wala', label: 'Wala', odds: 190 },
      { key: 'draw', label: 'Draw', odds: 800 },
    ];
  }
  const leagues = LEAGUES[book];
  return {
    id,
    book,
    league: leagues[i % leagues.length]!,
    home: book === 'cockfight' ? `Fight ${Math.floor(slotStart / shape.slotMs) % 1000}` : teams[a]!,
    away: book === 'cockfight' ? '' : teams[b]!,
    startsAt: slotStart,
    endsAt: slotStart + shape.durationMs,
    picks,
  };
}

/** Fixtures still open for bets (kick-off in the future): the next two slots. */
export function openFixtures(book: Book, now: number): Fixture[] {
  const { slotMs, perSlot } = BOOKS[book];
  const next = Math.floor(now / slotMs) * slotMs + slotMs;
  const out: Fixture[] = [];
  for (const start of [next, next + slotMs])
    for (let i = 0; i < perSlot; i++) out.push(fixture(book, start, i));
  return out;
}

/** Rebuilds a fixture from its id (`book-slotStart-index`), or undefined for a made-up id. */
export function fixtureById(id: string): Fixture | undefined {
  const m = /^(sports|esports|cockfight)-(\d{1,15})-(\d{1,2})$/.exec(id);
  if (!m) return undefined;
  const book = m[1] as Book;
  const start = Number(m[2]);
  const i = Number(m[3]);
  const shape = BOOKS[book];
  if (start % shape.slotMs !== 0 || i >= shape.perSlot) return undefined;
  return fixture(book, start, i);
}

/** The result, drawn with the vendor's seed: probabilities follow the odds; 5 % abandoned. */
export function resultOf(f: Fixture, seed: string): FixtureResult {
  const h = createHmac('sha256', seed).update(f.id).digest();
  const u = h.readUInt32BE(0) / 2 ** 32;
  if (h.readUInt32BE(4) / 2 ** 32 < 0.05) return { outcome: null };
  const weights = f.picks.map((p) => 100 / p.odds);
  const total = weights.reduce((a, b) => a + b, 0);
  let r = u * total;
  for (let i = 0; i < f.picks.length; i++) {
    r -= weights[i]!;
    if (r < 0) return { outcome: f.picks[i]!.key };
  }
  return { outcome: f.picks[f.picks.length - 1]!.key };
}
