import { describe, expect, it } from 'vitest';
import { FAIRNESS_PAGE } from './fairness-text.ts';
import { GAME_RULES } from './rules-text.ts';

/** Digits are Latin in Nepali too, as on the site's catalogues, amounts and dates (web shared/lib/format.ts). */
const DEVANAGARI_DIGIT = /[\u0966-\u096F]/;

describe('Nepali game texts', () => {
  it('write their odds, limits and figures in Latin digits', () => {
    const texts = [...Object.entries(GAME_RULES), ['fairness', FAIRNESS_PAGE] as const];
    expect(texts.filter(([, t]) => DEVANAGARI_DIGIT.test(t.ne)).map(([id]) => id)).toEqual([]);
  });
});
