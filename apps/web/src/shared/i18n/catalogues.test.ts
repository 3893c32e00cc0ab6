import { FEATURE_FLAGS, MESSAGES, MESSAGES_NE, ROUTES } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ROUTES } from '../system/categories.ts';
import { POPUP_NAMES } from '../popups/store.ts';
import enAdmin from './locales/en/admin.json';
import enCommon from './locales/en/common.json';
import enAggregatorAdmin from './locales/en/aggregator-admin.json';
import enGamesAdmin from './locales/en/games-admin.json';
import neAdmin from './locales/ne/admin.json';
import enInhouse from './locales/en/inhouse.json';
import neInhouse from './locales/ne/inhouse.json';
import enLottery from './locales/en/lottery.json';
import neLottery from './locales/ne/lottery.json';
import enLotteryAdmin from './locales/en/lottery-admin.json';
import neLotteryAdmin from './locales/ne/lottery-admin.json';
import neCommon from './locales/ne/common.json';
import neAggregatorAdmin from './locales/ne/aggregator-admin.json';
import neGamesAdmin from './locales/ne/games-admin.json';
import enProtection from './locales/en/protection.json';
import neProtection from './locales/ne/protection.json';
import enReportsAdmin from './locales/en/reports-admin.json';
import neReportsAdmin from './locales/ne/reports-admin.json';
import enPromoKinds from './locales/en/promo-kinds.json';
import nePromoKinds from './locales/ne/promo-kinds.json';
import enJackpot from './locales/en/jackpot.json';
import neJackpot from './locales/ne/jackpot.json';
import enRooms from './locales/en/rooms.json';
import neRooms from './locales/ne/rooms.json';
import enRoomsAdmin from './locales/en/rooms-admin.json';
import neRoomsAdmin from './locales/ne/rooms-admin.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;
/** Strings that are the same in every language: brand, codes, symbols. */
const LANGUAGE_NEUTRAL = /^(WPS|[A-Z0-9_ ·+/{}.]*)$/;

const catalogues = [
  ['common', flatten(enCommon as Tree), flatten(neCommon as Tree)],
  ['admin', flatten(enAdmin as Tree), flatten(neAdmin as Tree)],
  ['games-admin', flatten(enGamesAdmin as Tree), flatten(neGamesAdmin as Tree)],
  ['aggregator-admin', flatten(enAggregatorAdmin as Tree), flatten(neAggregatorAdmin as Tree)],
  ['inhouse', flatten(enInhouse as Tree), flatten(neInhouse as Tree)],
  ['lottery', flatten(enLottery as Tree), flatten(neLottery as Tree)],
  ['lottery-admin', flatten(enLotteryAdmin as Tree), flatten(neLotteryAdmin as Tree)],
  ['protection', flatten(enProtection as Tree), flatten(neProtection as Tree)],
  ['reports-admin', flatten(enReportsAdmin as Tree), flatten(neReportsAdmin as Tree)],
  ['promo-kinds', flatten(enPromoKinds as Tree), flatten(nePromoKinds as Tree)],
  ['jackpot', flatten(enJackpot as Tree), flatten(neJackpot as Tree)],
  ['rooms', flatten(enRooms as Tree), flatten(neRooms as Tree)],
  ['rooms-admin', flatten(enRoomsAdmin as Tree), flatten(neRoomsAdmin as Tree)],
] as const;

describe.each(catalogues)('the %s catalogue', (_ns, en, ne) => {
  it('has exactly the same keys in English and Nepali', () => {
    expect([...ne.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('has no empty strings', () => {
    for (const [k, v] of [...en, ...ne]) expect(v.trim(), k).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    for (const [k, v] of en) expect(placeholders(ne.get(k) ?? ''), k).toEqual(placeholders(v));
  });

  it('is written in Devanagari on the Nepali side, not transliterated', () => {
    for (const [k, v] of ne) {
      if (LANGUAGE_NEUTRAL.test(v)) continue;
      expect(DEVANAGARI.test(v), `${k}: ${v}`).toBe(true);
    }
  });
});

describe('catalogue coverage', () => {
  const en = flatten(enCommon as Tree);
  const enA = flatten(enAdmin as Tree);

  it('uses the spec texts the server uses, word for word', () => {
    expect(en.get('errors.network')).toBe(MESSAGES.network);
    expect(flatten(neCommon as Tree).get('errors.network')).toBe(MESSAGES_NE.network);
    expect(en.get('errors.unknown')).toBe(MESSAGES.unknown);
    expect(en.get('states.maintenance.text')?.startsWith(MESSAGES.maintenance)).toBe(true);
    expect(en.get('states.blocked.text')?.startsWith(MESSAGES.regionBlocked)).toBe(true);
    expect(
      flatten(neCommon as Tree)
        .get('states.maintenance.text')
        ?.startsWith(MESSAGES_NE.maintenance),
    ).toBe(true);
  });

  it('titles and describes every route of the routes table', () => {
    for (const r of ROUTES) {
      if (r.key === 'admin') continue;
      expect(en.has(`meta.${r.key}.title`), r.path).toBe(true);
      expect(en.has(`meta.${r.key}.description`), r.path).toBe(true);
    }
    expect(en.has('meta.notFound.title')).toBe(true);
  });

  it('names every game category, popup and feature flag', () => {
    for (const c of Object.keys(CATEGORY_ROUTES)) expect(en.has(`categories.${c}`), c).toBe(true);
    for (const p of POPUP_NAMES) expect(en.has(`popups.${p}`), p).toBe(true);
    for (const f of Object.keys(FEATURE_FLAGS))
      expect(enA.has(`system.flags.descriptions.${f}`), f).toBe(true);
  });
});
