import type { GameCategory, GameClass } from '@wps/contract';
import { GAMES_BY_ID, type GameId } from '@wps/games';
import type { Services } from '../../services.ts';
import type { NewGame, NewVendor } from '../../modules/games/service.ts';

/**
 * The demo catalogue (issue 9): the vendors SPEC names plus our own live-casino (LIVE88) and
 * sports (SPORTX) vendors, INHOUSE, and generated games over every category with names in
 * English and Nepali. Badges are our text marks; each game has artwork drawn from our motifs
 * (modules/games/artwork, static files under /game-art).
 * Launch URLs point at the sandbox vendor, which signs its seamless calls as SANDBOX for all of
 * them (`walletVendor`); a real vendor gets its own template and wallet vendor (null: itself).
 */
const SANDBOX_LAUNCH =
  '/sandbox/{vendor}/play?token={token}&gameCode={gameCode}&type={gameType}&class={gameClass}&lang={language}&device={device}&trial={trial}';

const V = (
  code: string,
  nameEn: string,
  nameNe: string,
  categories: GameCategory[],
  markColor: string,
  sort: number,
  launchUrlTemplate = SANDBOX_LAUNCH,
): NewVendor => ({
  // Every demo vendor but our own in-house games is played by the sandbox vendor app.
  walletVendor: code === 'INHOUSE' ? null : 'SANDBOX',
  code,
  nameEn,
  nameNe,
  categories,
  markText: code.replace(/_/g, ' ').slice(0, 10),
  markColor,
  sort,
  launchUrlTemplate,
});

export const DEMO_VENDORS: NewVendor[] = [
  V(
    'INHOUSE',
    'In-house',
    'इन-हाउस',
    ['INHOUSE'],
    '#c0392b',
    0,
    '/rng/inhouse/{gameCode}?launch={token}&device={device}',
  ),
  V('PG', 'PG Slots', 'पीजी स्लट', ['RNG'], '#1abc9c', 1),
  V('EG2', 'EG2 Games', 'ईजी2 गेम्स', ['RNG'], '#8e44ad', 2),
  V('PT', 'PT Casino', 'पीटी क्यासिनो', ['RNG', 'LIVE'], '#2c3e50', 3),
  V('JDB', 'JDB', 'जेडीबी', ['RNG', 'FISH'], '#e67e22', 4),
  V('CQ9', 'CQ9', 'सीक्यू9', ['RNG', 'FISH'], '#d35400', 5),
  V('FC', 'FC Gaming', 'एफसी गेमिङ', ['RNG', 'FISH', 'PVP'], '#16a085', 6),
  V('JL', 'JL Games', 'जेएल गेम्स', ['RNG', 'FISH', 'PVP'], '#f39c12', 7),
  V('BGS', 'BGS', 'बीजीएस', ['BGS'], '#27ae60', 8),
  V('LIVE88', 'Live88 Casino', 'लाइभ88 क्यासिनो', ['LIVE'], '#b03a2e', 9),
  V('SPORTX', 'SportX', 'स्पोर्टएक्स', ['SPORTS'], '#1f618d', 10),
  V('IMES', 'IM Esports', 'आईएम ई-स्पोर्ट्स', ['ESPORTS'], '#6c3483', 11),
  V('DS88', 'DS88 Cockfight', 'डीएस88 कुखुरा लडाइँ', ['COCKFIGHT'], '#7b241c', 12),
  V('TCG_LOTTO_VN', 'VN Lottery', 'भियतनाम चिट्ठा', ['LOTT', 'ELOTT'], '#b7950b', 13),
  V('TCG_SEA', 'SEA Lottery', 'एसईए चिट्ठा', ['LOTT'], '#117a65', 14),
];

/** Words and their Nepali, combined into slot and fishing titles. */
const FIRST: Array<[string, string]> = [
  ['Golden', 'सुनौलो'],
  ['Lucky', 'भाग्यशाली'],
  ['Mighty', 'शक्तिशाली'],
  ['Royal', 'शाही'],
  ['Mystic', 'रहस्यमय'],
  ['Wild', 'जंगली'],
  ['Crystal', 'क्रिस्टल'],
  ['Fire', 'आगो'],
  ['Jade', 'हरियो'],
  ['Thunder', 'गर्जन'],
  ['Silver', 'चाँदी'],
  ['Happy', 'खुसी'],
];
const SECOND: Array<[string, string]> = [
  ['Dragon', 'ड्र्यागन'],
  ['Tiger', 'बाघ'],
  ['Fortune', 'भाग्य'],
  ['Temple', 'मन्दिर'],
  ['Panda', 'पाण्डा'],
  ['Phoenix', 'फिनिक्स'],
  ['Treasure', 'खजाना'],
  ['Elephant', 'हात्ती'],
  ['Peacock', 'मयूर'],
  ['Mountain', 'पहाड'],
  ['Lotus', 'कमल'],
  ['Rhino', 'गैंडा'],
  ['Festival', 'चाड'],
];
const FISH: Array<[string, string]> = [
  ['Ocean King', 'समुद्री राजा'],
  ['Fishing Frenzy', 'माछा मार्ने उत्सव'],
  ['Deep Sea Hunter', 'गहिरो समुद्रको शिकारी'],
];
const PVP: Array<[string, string, GameClass]> = [
  ['Teen Patti', 'तीन पत्ती', 'others'],
  ['Texas Poker', 'टेक्सास पोकर', 'others'],
  ['Rummy', 'रमी', 'others'],
  ['Andar Bahar', 'अन्दर बाहर', 'others'],
  ['Blackjack Duel', 'ब्ल्याकज्याक द्वन्द्व', 'blackjack'],
];
const LIVE_TABLES: Array<[string, string, GameClass, string]> = [
  ['Baccarat', 'बाकारा', 'baccarat', '98.94'],
  ['Speed Baccarat', 'छिटो बाकारा', 'baccarat', '98.94'],
  ['Squeeze Baccarat', 'स्क्विज बाकारा', 'baccarat', '98.94'],
  ['No Commission Baccarat', 'कमिसनबिनाको बाकारा', 'baccarat', '98.76'],
  ['European Roulette', 'युरोपेली रुलेट', 'roulette', '97.30'],
  ['Lightning Roulette', 'बिजुली रुलेट', 'roulette', '97.10'],
  ['Sic Bo', 'सिक बो', 'sicbo', '97.22'],
  ['Super Sic Bo', 'सुपर सिक बो', 'sicbo', '97.22'],
  ['Dragon Tiger', 'ड्र्यागन टाइगर', 'dragon_tiger', '96.27'],
  ['Dragon Tiger Fast', 'छिटो ड्र्यागन टाइगर', 'dragon_tiger', '96.27'],
  ['Blackjack', 'ब्ल्याकज्याक', 'blackjack', '99.28'],
  ['Blackjack VIP', 'ब्ल्याकज्याक भीआईपी', 'blackjack', '99.28'],
];
// Every in-house game is a catalogue entry whose launch opens our own page (/rng/inhouse/{code});
// codes are the engine ids and the published RTP is the engine's exact figure.
const INHOUSE: Array<[GameId, GameClass]> = [
  ['roulette', 'roulette'],
  ['baccarat', 'baccarat'],
  ['dragon-tiger', 'dragon_tiger'],
  ['sicbo', 'sicbo'],
  ['blackjack', 'blackjack'],
  ['video-slot', 'others'],
  ['classic-slot', 'others'],
  ['dice', 'others'],
  ['mines', 'others'],
  ['plinko', 'others'],
  ['keno', 'others'],
  ['crash', 'others'],
];
const BGS: Array<[string, string]> = [
  ['Crash Rocket', 'क्र्यास रकेट'],
  ['Mines Hunt', 'माइन्स खोज'],
  ['Plinko Drop', 'प्लिन्को खसाइ'],
  ['Hi Lo', 'हाइ लो'],
  ['Limbo', 'लिम्बो'],
  ['Tower Climb', 'टावर चढाइ'],
  ['Coin Flip', 'सिक्का उछाल'],
  ['Wheel Spin', 'चक्का घुमाइ'],
  ['Keno Quick', 'छिटो केनो'],
  ['Dice Duel', 'पासा द्वन्द्व'],
  ['Color Game', 'रङ खेल'],
  ['Goal Rush', 'गोल हतार'],
];
const LOTTERY: Array<[string, string, string, GameCategory]> = [
  ['TCG_LOTTO_VN', 'VN_NORTH', 'North Lottery|उत्तरी चिट्ठा', 'LOTT'],
  ['TCG_LOTTO_VN', 'VN_CENTRAL', 'Central Lottery|मध्य चिट्ठा', 'LOTT'],
  ['TCG_LOTTO_VN', 'VN_SOUTH', 'South Lottery|दक्षिणी चिट्ठा', 'LOTT'],
  ['TCG_LOTTO_VN', 'VN_FAST_1', 'Fast Lottery 1 min|छिटो चिट्ठा 1 मिनेट', 'ELOTT'],
  ['TCG_LOTTO_VN', 'VN_FAST_3', 'Fast Lottery 3 min|छिटो चिट्ठा 3 मिनेट', 'ELOTT'],
  ['TCG_LOTTO_VN', 'VN_FAST_5', 'Fast Lottery 5 min|छिटो चिट्ठा 5 मिनेट', 'ELOTT'],
  ['TCG_SEA', 'SEA_4D', 'SEA 4D|एसईए 4डी', 'LOTT'],
  ['TCG_SEA', 'SEA_4D_FAST', 'SEA 4D Fast|छिटो एसईए 4डी', 'LOTT'],
  ['TCG_SEA', 'SEA_3D', 'SEA 3D|एसईए 3डी', 'LOTT'],
];

const DAY = 86_400_000;

/** Every demo game, generated deterministically (same list on every machine). */
export function demoGames(now = Date.now()): NewGame[] {
  const out: NewGame[] = [];
  let k = 0;
  const add = (g: Omit<NewGame, 'nodeId' | 'sort' | 'addedAt'> & { sort?: number }) => {
    k++;
    out.push({
      ...g,
      nodeId: `${g.vendor}-${g.gameCode}`,
      sort: g.sort ?? k,
      // Spread over the last 120 days; the newest are flagged NEW.
      addedAt: new Date(now - ((k * 7) % 120) * DAY),
    });
  };
  const slotVendors: Array<[string, number]> = [
    ['PG', 20],
    ['EG2', 10],
    ['PT', 10],
    ['JDB', 10],
    ['CQ9', 10],
    ['FC', 6],
    ['JL', 8],
  ];
  let n = 0;
  for (const [vendor, count] of slotVendors) {
    for (let i = 0; i < count; i++, n++) {
      const [a, ane] = FIRST[n % FIRST.length]!;
      const [b, bne] = SECOND[(n * 5 + Math.floor(n / FIRST.length)) % SECOND.length]!;
      add({
        vendor,
        gameType: 'RNG',
        gameCode: `${vendor}_SLOT_${String(i + 1).padStart(3, '0')}`,
        nameEn: `${a} ${b}${n >= FIRST.length * SECOND.length ? ` ${vendor}` : ''}`,
        nameNe: `${ane} ${bne}`,
        isHot: n % 7 === 0,
        isNew: n % 9 === 1,
        supportPlay: n % 3 === 0 ? 0 : 1,
        gameClass: 'others',
        rtp: (95 + ((n * 37) % 250) / 100).toFixed(2),
      });
    }
  }
  for (const vendor of ['JDB', 'CQ9', 'FC', 'JL']) {
    FISH.forEach(([en, ne], i) => {
      add({
        vendor,
        gameType: 'FISH',
        gameCode: `${vendor}_FISH_${i + 1}`,
        nameEn: `${en} ${vendor}`,
        nameNe: `${ne} ${vendor}`,
        isHot: i === 0,
        isNew: i === 2,
        supportPlay: i === 0 ? 0 : 1,
        gameClass: 'others',
        rtp: '96.50',
      });
    });
  }
  for (const vendor of ['JL', 'FC']) {
    PVP.forEach(([en, ne, cls], i) => {
      if (vendor === 'FC' && i === 4) return;
      add({
        vendor,
        gameType: 'PVP',
        gameCode: `${vendor}_PVP_${i + 1}`,
        nameEn: `${en}${vendor === 'FC' ? ' Pro' : ''}`,
        nameNe: `${ne}${vendor === 'FC' ? ' प्रो' : ''}`,
        isHot: i === 0,
        isNew: false,
        supportPlay: 0,
        gameClass: cls,
        rtp: null,
      });
    });
  }
  LIVE_TABLES.forEach(([en, ne, cls, rtp], i) => {
    add({
      vendor: 'LIVE88',
      gameType: 'LIVE',
      gameCode: `LIVE88_${cls.toUpperCase()}_${i + 1}`,
      nameEn: en,
      nameNe: ne,
      isHot: i % 4 === 0,
      isNew: i === 11,
      supportPlay: 1,
      gameClass: cls,
      rtp,
      minBet: 1_000n * BigInt(1 + (i % 3)),
      maxBet: 5_000_000n * BigInt(1 + (i % 2)),
    });
  });
  LIVE_TABLES.filter((_, i) => i % 3 === 0).forEach(([en, ne, cls, rtp], i) => {
    add({
      vendor: 'PT',
      gameType: 'LIVE',
      gameCode: `PT_LIVE_${i + 1}`,
      nameEn: `PT ${en}`,
      nameNe: `पीटी ${ne}`,
      isHot: false,
      isNew: false,
      supportPlay: 1,
      gameClass: cls,
      rtp,
      minBet: 2_000n,
      maxBet: 2_000_000n,
    });
  });
  const lobby = (vendor: string, gameType: GameCategory, code: string, en: string, ne: string, hot = false) =>
    add({
      vendor,
      gameType,
      gameCode: code,
      nameEn: en,
      nameNe: ne,
      isHot: hot,
      isNew: false,
      supportPlay: 1,
      isGame: 'VASSALAGE',
      gameClass: 'others',
      rtp: null,
    });
  lobby('SPORTX', 'SPORTS', 'SPORTX_BOOK', 'SportX Sportsbook', 'स्पोर्टएक्स खेलकुद बाजी', true);
  lobby('SPORTX', 'SPORTS', 'SPORTX_CRICKET', 'SportX Cricket', 'स्पोर्टएक्स क्रिकेट');
  lobby('SPORTX', 'SPORTS', 'SPORTX_FOOTBALL', 'SportX Football', 'स्पोर्टएक्स फुटबल');
  lobby('IMES', 'ESPORTS', 'IMES_BOOK', 'IM Esports', 'आईएम ई-स्पोर्ट्स', true);
  lobby('IMES', 'ESPORTS', 'IMES_DOTA', 'IM Esports Dota 2', 'आईएम डोटा 2');
  lobby('IMES', 'ESPORTS', 'IMES_CS', 'IM Esports Counter-Strike', 'आईएम काउन्टर-स्ट्राइक');
  lobby('DS88', 'COCKFIGHT', 'DS88_ARENA', 'DS88 Arena', 'डीएस88 मैदान', true);
  lobby('DS88', 'COCKFIGHT', 'DS88_DERBY', 'DS88 Derby', 'डीएस88 डर्बी');
  for (const [vendor, code, names, type] of LOTTERY) {
    const [en, ne] = names.split('|') as [string, string];
    add({
      vendor,
      gameType: type,
      gameCode: code,
      nameEn: en,
      nameNe: ne,
      isHot: code.endsWith('_1') || code === 'VN_NORTH',
      isNew: false,
      supportPlay: 1,
      gameClass: 'others',
      rtp: null,
    });
  }
  for (const [code, cls] of INHOUSE) {
    const meta = GAMES_BY_ID[code];
    add({
      vendor: 'INHOUSE',
      gameType: 'INHOUSE',
      gameCode: code,
      nameEn: meta.name.en,
      nameNe: meta.name.ne,
      isHot: code === 'crash' || code === 'roulette',
      isNew: code === 'mines',
      supportPlay: 0,
      gameClass: cls,
      rtp: (meta.rtp * 100).toFixed(2),
    });
  }
  BGS.forEach(([en, ne], i) => {
    add({
      vendor: 'BGS',
      gameType: 'BGS',
      gameCode: `BGS_${i + 1}`,
      nameEn: en,
      nameNe: ne,
      isHot: i < 2,
      isNew: i >= 10,
      supportPlay: i % 2 === 0 ? 0 : 1,
      gameClass: 'others',
      rtp: '97.00',
    });
  });
  return out;
}

export async function seedGames({ games }: Services): Promise<boolean> {
  return games.ensureCatalogue(DEMO_VENDORS, demoGames());
}
