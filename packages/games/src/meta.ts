import { GAME_RULES } from './rules-text.ts';

/*
 * What every in-house game publishes: names, class (SPEC §3 game classes), the exact theoretical
 * return (RTP = expected gross return per unit staked; house edge = 1 − RTP) and default limits in
 * paisa (operator-editable on the server). The RTP numbers are literals so the web chunk need not
 * run the enumerations; meta.test.ts checks each one against its exact computation.
 */
export type GameClass = 'baccarat' | 'sicbo' | 'roulette' | 'dragon tiger' | 'blackjack' | 'others';
export type GameId =
  | 'roulette'
  | 'baccarat'
  | 'dragon-tiger'
  | 'sicbo'
  | 'blackjack'
  | 'dice'
  | 'mines'
  | 'plinko'
  | 'keno'
  | 'video-slot'
  | 'classic-slot'
  | 'crash';

export interface Localised {
  en: string;
  ne: string;
}
export interface GameMeta {
  id: GameId;
  name: Localised;
  class: GameClass;
  /** The headline RTP (the best bet or the stated strategy) and, where bets differ, each bet's. */
  rtp: number;
  rtpByBet?: Readonly<Record<string, number>>;
  houseEdge: number;
  limits: { minBet: number; maxBet: number; maxPayout: number };
  /** Multi-step games keep a round open between actions. */
  multiStep: boolean;
  rules: Localised;
}

const TABLE = { minBet: 1_000, maxBet: 5_000_000, maxPayout: 100_000_000 };
const INSTANT = { minBet: 100, maxBet: 1_000_000, maxPayout: 100_000_000 };
const SLOT = { minBet: 200, maxBet: 500_000, maxPayout: 100_000_000 };

const game = (m: Omit<GameMeta, 'houseEdge' | 'rules'>): GameMeta => ({
  ...m,
  houseEdge: 1 - m.rtp,
  rules: GAME_RULES[m.id],
});

export const GAMES: readonly GameMeta[] = [
  game({
    id: 'roulette',
    name: { en: 'European Roulette', ne: 'युरोपियन रुलेट' },
    class: 'roulette',
    rtp: 36 / 37,
    limits: TABLE,
    multiStep: false,
  }),
  game({
    id: 'baccarat',
    name: { en: 'Baccarat', ne: 'ब्याकारेट' },
    class: 'baccarat',
    rtp: 0.9893600098931117,
    rtpByBet: {
      banker: 0.9893600098931117,
      player: 0.9877185942082278,
      tie: 0.8588301298022303,
      pair: 12 / 13,
    },
    limits: TABLE,
    multiStep: false,
  }),
  game({
    id: 'dragon-tiger',
    name: { en: 'Dragon Tiger', ne: 'ड्र्यागन टाइगर' },
    class: 'dragon tiger',
    rtp: 12.5 / 13,
    rtpByBet: { dragon: 12.5 / 13, tiger: 12.5 / 13, tie: 9 / 13, suitedTie: 51 / 52 },
    limits: TABLE,
    multiStep: false,
  }),
  game({
    id: 'sicbo',
    name: { en: 'Sic Bo', ne: 'सिक बो' },
    class: 'sicbo',
    rtp: 210 / 216,
    rtpByBet: {
      smallBig: 210 / 216,
      single: 199 / 216,
      anyTriple: 186 / 216,
      total4or17: 183 / 216,
      total9or12: 175 / 216,
      combination: 180 / 216,
      double: 176 / 216,
      triple: 181 / 216,
    },
    limits: TABLE,
    multiStep: false,
  }),
  game({
    id: 'blackjack',
    name: { en: 'Blackjack', ne: 'ब्ल्याकज्याक' },
    class: 'blackjack',
    rtp: 0.9942880752918696,
    limits: TABLE,
    multiStep: true,
  }),
  game({
    id: 'dice',
    name: { en: 'Dice', ne: 'डाइस' },
    class: 'others',
    rtp: 0.98990100989901,
    limits: INSTANT,
    multiStep: false,
  }),
  game({
    id: 'mines',
    name: { en: 'Mines', ne: 'माइन्स' },
    class: 'others',
    rtp: 0.99,
    limits: INSTANT,
    multiStep: true,
  }),
  game({
    id: 'plinko',
    name: { en: 'Plinko', ne: 'प्लिन्को' },
    class: 'others',
    rtp: 0.983515625,
    rtpByBet: { lowest: 0.983515625, highest: 0.988701171875 },
    limits: INSTANT,
    multiStep: false,
  }),
  game({
    id: 'keno',
    name: { en: 'Keno', ne: 'केनो' },
    class: 'others',
    rtp: 0.9686234817813766,
    rtpByBet: { pick1: 0.99, pick3: 0.9686234817813766, pick10: 0.9897431463270873 },
    limits: INSTANT,
    multiStep: false,
  }),
  game({
    id: 'video-slot',
    name: { en: 'Himalayan Fortune', ne: 'हिमालयन फर्च्युन' },
    class: 'others',
    rtp: 0.9595329190506452,
    limits: SLOT,
    multiStep: false,
  }),
  game({
    id: 'classic-slot',
    name: { en: 'Lucky Sevens', ne: 'लकी सेभेन्स' },
    class: 'others',
    rtp: 0.9492862509391435,
    limits: { ...SLOT, minBet: 100 },
    multiStep: false,
  }),
  game({
    id: 'crash',
    name: { en: 'Crash', ne: 'क्र्यास' },
    class: 'others',
    rtp: 0.99,
    limits: INSTANT,
    multiStep: false,
  }),
];

export const GAMES_BY_ID: Readonly<Record<GameId, GameMeta>> = Object.fromEntries(
  GAMES.map((g) => [g.id, g]),
) as Record<GameId, GameMeta>;
