import { LANGUAGES, SELECTABLE_LANGUAGES } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import {
  catalogueFor,
  initialLanguage,
  isLanguageCode,
  languageToApply,
  needsDevanagari,
  offeredLanguages,
} from './languages.ts';

describe('languages', () => {
  it('starts in English unless a listed language was chosen before', () => {
    expect(initialLanguage(null)).toBe('EN');
    expect(initialLanguage('NE')).toBe('NE');
    expect(initialLanguage('JA')).toBe('EN'); // configured but not offered until translated
    expect(initialLanguage('xx')).toBe('EN');
    expect(initialLanguage('ne')).toBe('EN'); // codes are upper-case; a locale is not a code
  });

  it('reads Nepali from its own catalogue and every other language from English', () => {
    expect(catalogueFor('NE')).toBe('ne');
    expect(catalogueFor('EN')).toBe('en');
    for (const l of LANGUAGES) if (l.code !== 'NE') expect(catalogueFor(l.code)).toBe('en');
  });

  it('offers only the complete languages, English and Nepali, in the selector', () => {
    expect(SELECTABLE_LANGUAGES.map((l) => l.code)).toEqual(['EN', 'NE']);
  });

  it('keeps about 35 languages configured, each a valid code', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(30);
    for (const l of LANGUAGES) expect(isLanguageCode(l.code)).toBe(true);
  });

  it('loads the Devanagari face only for Nepali and Hindi', () => {
    expect(LANGUAGES.filter((l) => needsDevanagari(l.code)).map((l) => l.code)).toEqual(['NE', 'HI']);
  });

  it("offers the site's configured languages in their order, the complete ones until they are known", () => {
    expect(offeredLanguages(undefined).map((l) => l.code)).toEqual(['EN', 'NE']);
    expect(offeredLanguages(['EN']).map((l) => l.code)).toEqual(['EN']);
    expect(offeredLanguages(['NE', 'EN', 'HI']).map((l) => l.code)).toEqual(['NE', 'EN', 'HI']);
  });

  it('moves to the configured default from a language not offered, or from the built-in default nobody chose', () => {
    expect(languageToApply({ code: 'NE', chosen: true }, ['EN'], 'EN')).toBe('EN');
    expect(languageToApply({ code: 'EN', chosen: false }, ['NE', 'EN'], 'NE')).toBe('NE');
    expect(languageToApply({ code: 'EN', chosen: true }, ['NE', 'EN'], 'NE')).toBeNull();
    expect(languageToApply({ code: 'NE', chosen: false }, ['NE', 'EN'], 'NE')).toBeNull();
    expect(languageToApply({ code: 'NE', chosen: true }, undefined, undefined)).toBeNull();
  });
});
