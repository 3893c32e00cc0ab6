import type { LotteryStructureId } from '@wps/games';

/*
 * The lottery games and their schedules, as data (issue 15). Times are stored in UTC and
 * described in Vietnam time (ICT, UTC+7), as the regional lotteries publish them; the web shows
 * them in Nepal time. Game codes are the catalogue's (db/seed/games.ts).
 */

export type LotteryRegion = 'north' | 'central' | 'south' | 'fast' | 'sea';

export type Schedule =
  /** Once a day at `ictMinute` (minutes after midnight ICT) on the given weekdays (0 = Sunday; all when omitted). */
  | { kind: 'daily'; ictMinute: number; weekdays?: readonly number[] }
  /** Every `seconds`, aligned to the UTC epoch. */
  | { kind: 'every'; seconds: number };

export interface LotteryGame {
  gameCode: string;
  vendor: 'TCG_LOTTO_VN' | 'TCG_SEA';
  /** The catalogue's game type, which the betting record groups by. */
  gameType: 'LOTT' | 'ELOTT';
  region: LotteryRegion;
  structure: LotteryStructureId;
  schedule: Schedule;
  /** Bets close this many seconds before the draw. */
  cutoffSeconds: number;
  name: { en: string; ne: string };
  /**
   * Where a draw's numbers come from (issue 28). 'official': the game is named after real
   * stations and pays on their official result (operator entry approved by a second operator, or
   * the results feed: official.ts); it never draws from a house seed. 'house': a fast game under a
   * house name, drawn from its committed server seed (provably fair), never named after a station.
   */
  resultSource: 'house' | 'official';
  /** Stations by weekday (0 = Sunday): the provinces whose draw this is. */
  stations?: readonly (readonly string[])[];
  /** House exposure: the most staked on one number of one bet type per draw, and per draw in all (paisa). */
  maxStakePerNumber: bigint;
  maxStakePerDraw: bigint;
}

export const ICT_OFFSET_MINUTES = 7 * 60;

const NORTH_STATIONS = [
  ['Thái Bình'],
  ['Hà Nội'],
  ['Quảng Ninh'],
  ['Bắc Ninh'],
  ['Hà Nội'],
  ['Hải Phòng'],
  ['Nam Định'],
];
const CENTRAL_STATIONS = [
  ['Kon Tum', 'Khánh Hòa', 'Thừa Thiên Huế'],
  ['Thừa Thiên Huế', 'Phú Yên'],
  ['Đắk Lắk', 'Quảng Nam'],
  ['Đà Nẵng', 'Khánh Hòa'],
  ['Bình Định', 'Quảng Trị', 'Quảng Bình'],
  ['Gia Lai', 'Ninh Thuận'],
  ['Đà Nẵng', 'Quảng Ngãi', 'Đắk Nông'],
];
const SOUTH_STATIONS = [
  ['Tiền Giang', 'Kiên Giang', 'Đà Lạt'],
  ['TP. Hồ Chí Minh', 'Đồng Tháp', 'Cà Mau'],
  ['Bến Tre', 'Vũng Tàu', 'Bạc Liêu'],
  ['Đồng Nai', 'Cần Thơ', 'Sóc Trăng'],
  ['Tây Ninh', 'An Giang', 'Bình Thuận'],
  ['Vĩnh Long', 'Bình Dương', 'Trà Vinh'],
  ['TP. Hồ Chí Minh', 'Long An', 'Bình Phước', 'Hậu Giang'],
];

const RS = 100n; // paisa per rupee
const vn = {
  vendor: 'TCG_LOTTO_VN',
  maxStakePerNumber: 50_000n * RS,
  maxStakePerDraw: 5_000_000n * RS,
} as const;
const sea = { vendor: 'TCG_SEA', maxStakePerNumber: 20_000n * RS, maxStakePerDraw: 2_000_000n * RS } as const;

export function lotteryGames(opts: { fastSeconds: number; fastCutoffSeconds: number }): LotteryGame[] {
  return [
    {
      ...vn,
      gameCode: 'VN_NORTH',
      resultSource: 'official',
      gameType: 'LOTT',
      region: 'north',
      structure: 'north',
      schedule: { kind: 'daily', ictMinute: 18 * 60 + 15 },
      cutoffSeconds: 15 * 60,
      name: { en: 'North Lottery', ne: 'उत्तरी चिट्ठा' },
      stations: NORTH_STATIONS,
    },
    {
      ...vn,
      gameCode: 'VN_CENTRAL',
      resultSource: 'official',
      gameType: 'LOTT',
      region: 'central',
      structure: 'south',
      schedule: { kind: 'daily', ictMinute: 17 * 60 + 15 },
      cutoffSeconds: 15 * 60,
      name: { en: 'Central Lottery', ne: 'मध्य चिट्ठा' },
      stations: CENTRAL_STATIONS,
    },
    {
      ...vn,
      gameCode: 'VN_SOUTH',
      resultSource: 'official',
      gameType: 'LOTT',
      region: 'south',
      structure: 'south',
      schedule: { kind: 'daily', ictMinute: 16 * 60 + 15 },
      cutoffSeconds: 15 * 60,
      name: { en: 'South Lottery', ne: 'दक्षिणी चिट्ठा' },
      stations: SOUTH_STATIONS,
    },
    {
      ...vn,
      gameCode: 'VN_FAST_1',
      resultSource: 'house',
      gameType: 'ELOTT',
      region: 'fast',
      structure: 'north',
      schedule: { kind: 'every', seconds: opts.fastSeconds },
      cutoffSeconds: opts.fastCutoffSeconds,
      name: { en: 'Fast Lottery 1 min', ne: 'छिटो चिट्ठा 1 मिनेट' },
    },
    {
      ...vn,
      gameCode: 'VN_FAST_3',
      resultSource: 'house',
      gameType: 'ELOTT',
      region: 'fast',
      structure: 'north',
      schedule: { kind: 'every', seconds: 180 },
      cutoffSeconds: 20,
      name: { en: 'Fast Lottery 3 min', ne: 'छिटो चिट्ठा 3 मिनेट' },
    },
    {
      ...vn,
      gameCode: 'VN_FAST_5',
      resultSource: 'house',
      gameType: 'ELOTT',
      region: 'fast',
      structure: 'north',
      schedule: { kind: 'every', seconds: 300 },
      cutoffSeconds: 30,
      name: { en: 'Fast Lottery 5 min', ne: 'छिटो चिट्ठा 5 मिनेट' },
    },
    {
      ...sea,
      gameCode: 'SEA_4D',
      resultSource: 'house',
      gameType: 'LOTT',
      region: 'sea',
      structure: 'sea4d',
      // Magnum-style: Wednesday, Saturday and Sunday at 19:00 Malaysia time (18:00 ICT).
      schedule: { kind: 'daily', ictMinute: 18 * 60, weekdays: [0, 3, 6] },
      cutoffSeconds: 15 * 60,
      name: { en: 'SEA 4D', ne: 'एसईए 4डी' },
    },
    {
      ...sea,
      gameCode: 'SEA_4D_FAST',
      resultSource: 'house',
      gameType: 'LOTT',
      region: 'sea',
      structure: 'sea4d',
      schedule: { kind: 'every', seconds: 300 },
      cutoffSeconds: 30,
      name: { en: 'SEA 4D Fast', ne: 'छिटो एसईए 4डी' },
    },
    {
      ...sea,
      gameCode: 'SEA_3D',
      resultSource: 'house',
      gameType: 'LOTT',
      region: 'sea',
      structure: 'sea4d',
      schedule: { kind: 'daily', ictMinute: 18 * 60 },
      cutoffSeconds: 15 * 60,
      name: { en: 'SEA 3D', ne: 'एसईए 3डी' },
    },
  ];
}

const DAY_MS = 86_400_000;

/** The game's draw times after `after` (exclusive), the next `count` of them. */
export function nextDrawTimes(game: LotteryGame, after: Date, count: number): Date[] {
  const out: Date[] = [];
  const s = game.schedule;
  if (s.kind === 'every') {
    const ms = s.seconds * 1000;
    let t = Math.floor(after.getTime() / ms) * ms + ms;
    while (out.length < count) {
      out.push(new Date(t));
      t += ms;
    }
    return out;
  }
  const offsetMs = (s.ictMinute - ICT_OFFSET_MINUTES) * 60_000;
  let day = Math.floor((after.getTime() - offsetMs) / DAY_MS) * DAY_MS;
  for (let guard = 0; out.length < count && guard < 400; guard++, day += DAY_MS) {
    const t = day + offsetMs;
    if (t <= after.getTime()) continue;
    const ictWeekday = new Date(t + ICT_OFFSET_MINUTES * 60_000).getUTCDay();
    if (s.weekdays && !s.weekdays.includes(ictWeekday)) continue;
    out.push(new Date(t));
  }
  return out;
}

/** The draw id: game code and the draw time in ICT, e.g. `VN_NORTH-20261123181500`. Also the draw's client seed. */
export function drawIdOf(gameCode: string, drawTime: Date): string {
  const ict = new Date(drawTime.getTime() + ICT_OFFSET_MINUTES * 60_000).toISOString();
  return `${gameCode}-${ict.slice(0, 19).replace(/[-:T]/g, '')}`;
}

export function stationsOf(game: LotteryGame, drawTime: Date): string[] {
  if (!game.stations) return [];
  const weekday = new Date(drawTime.getTime() + ICT_OFFSET_MINUTES * 60_000).getUTCDay();
  return [...(game.stations[weekday] ?? [])];
}
