import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS, demoGames } from './games.ts';

/** Digits are Latin in Nepali too (shared/lib/format.ts in the web app; its catalogues follow it). */
const DEVANAGARI_DIGIT = /[\u0966-\u096F]/;

describe('demo catalogue names', () => {
  it('write digits in Latin on the Nepali side, as the Nepali catalogues do', () => {
    const nepali = [
      ...DEMO_VENDORS.map((v) => v.nameNe ?? ''),
      ...demoGames().flatMap((g) => Object.values(g).filter((x): x is string => typeof x === 'string')),
    ];
    expect(nepali.filter((name) => DEVANAGARI_DIGIT.test(name))).toEqual([]);
  });
});
