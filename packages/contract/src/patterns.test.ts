import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFieldRule, matchesPattern, PATTERN_BY_ID, PATTERN_KINDS, patternMessage } from './patterns.ts';

/** Passing and failing samples for each of the 23 pattern kinds of SPEC §5. */
const SAMPLES: Record<string, { pass: string[]; fail: string[] }> = {
  ANY: { pass: ['anything at all', '', '💥', ' '], fail: [] },
  LETTER_FIRST_ALNUM: { pass: ['a', 'demo01', 'Agent1'], fail: ['1demo', 'demo_01', 'de mo', ''] },
  CHINESE_DIGITS: { pass: ['中文', '张三123', '123'], fail: ['abc', '中 文', '中文!'] },
  EMAIL: { pass: ['a@b.co', 'first.last+tag@example.com.np'], fail: ['a@b', '@b.co', 'a b@c.com', 'a@b.c'] },
  ALNUM: { pass: ['abc', '123', 'Ab1'], fail: ['a-b', 'a b', 'ä'] },
  LETTERS_AND_DIGITS: { pass: ['abc1', '1abc', 'A1b2'], fail: ['abc', '123', 'abc1!'] },
  DIGITS: { pass: ['0', '9841000000'], fail: ['12a', '-1', '1.5', '१२३'] },
  ALNUM_UPPER: { pass: ['Abc1', 'ABC', 'abC'], fail: ['abc1', 'Ab-1'] },
  ENGLISH_SPACES: { pass: ['Ram Thapa', 'abc'], fail: ['Ram1', 'राम', 'Ram-Thapa'] },
  NO_SPACES: { pass: ['abc', 'a-b_c!', 'नेपाल'], fail: ['a b', ' a', 'a\tb'] },
  CHINESE_PUNCT: { pass: ['中文，标点。', '你好！'], fail: ['中文abc', 'hello'] },
  DATE: { pass: ['2024-01-31', '12-31-2024'], fail: ['2024-13-01', '2024/01/01', '31-12-2024', '2024-1-1'] },
  LETTERS_SPACES: { pass: ['Ram Thapa', 'राम थापा', 'José Núñez'], fail: ['Ram1', 'Ram-Thapa'] },
  KOREAN: { pass: ['한국어', '김철수'], fail: ['한국 어', 'abc', '한국1'] },
  THAI: { pass: ['ภาษาไทย'], fail: ['ไทย abc', 'abc', 'ไทย1'] },
  THAI_ENGLISH_SPACES: { pass: ['ภาษา ไทย', 'Thai name', 'ไทย Thai'], fail: ['ไทย1', 'Thai-name'] },
  UPPER_SPACES: { pass: ['RAM THAPA', 'ABC'], fail: ['Ram Thapa', 'RAM1'] },
  LETTERS_DIGITS_SYMBOLS: { pass: ['Abc!@#123', '~'], fail: ['a b', 'नेपाल', 'abc\n'] },
  STRONG_PASSWORD: {
    pass: ['Demo@1234', 'aB3$'],
    fail: ['demo@1234', 'DEMO@1234', 'Demo1234', 'Demo@abcd', 'Demo @123'],
  },
  FULL_NAME: {
    pass: ['Ram Thapa', 'Sita Kumari Rai', 'राम थापा'],
    fail: ['Ram', 'Ram  Thapa', ' Ram Thapa', 'Ram Thapa1'],
  },
  FULLWIDTH_JAPANESE: { pass: ['ひらがな', 'カタカナ', '日本語', 'ＡＢＣ'], fail: ['abc', 'ﾊﾝｶｸ', '한국'] },
  UPPER_NO_SPACES: { pass: ['ABC', 'Z'], fail: ['AB C', 'Abc', 'AB1'] },
  DIGITS_START_9: { pass: ['9841000000', '9'], fail: ['0841000000', '98a', ''] },
};

describe('the 23 pattern kinds', () => {
  it('are exactly the 23 of SPEC §5, each with a message in English and Nepali', () => {
    expect(PATTERN_KINDS).toHaveLength(23);
    expect(Object.keys(SAMPLES).sort()).toEqual(PATTERN_KINDS.map((k) => k.id).sort());
    for (const k of PATTERN_KINDS) {
      expect(k.en.range).toContain('{0}-{1}');
      expect(k.ne.range).toContain('{0}-{1}');
      expect(k.ne.range).toMatch(/[\u0900-\u097f]/);
    }
  });

  for (const kind of PATTERN_KINDS) {
    it(`${kind.id}: accepts and refuses its samples`, () => {
      const { pass, fail } = SAMPLES[kind.id]!;
      for (const v of pass)
        expect(matchesPattern(v, kind.source), `${kind.id} should accept ${JSON.stringify(v)}`).toBe(true);
      for (const v of fail)
        expect(matchesPattern(v, kind.source), `${kind.id} should refuse ${JSON.stringify(v)}`).toBe(false);
    });
  }
});

const rule = (
  over: Partial<{
    field: string;
    acceptedPattern: string;
    patternId: string;
    minLength: number;
    maxLength: number;
  }>,
) => ({
  acceptedPattern: '*',
  patternId: 'ANY',
  minLength: 0,
  maxLength: 0,
  ...over,
});

describe('checkFieldRule properties', () => {
  it('with a lone *, passes exactly the values whose length (in characters) is within [min, max]', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.nat(20), fc.nat(20), (value, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const len = [...value].length;
        const result = checkFieldRule(value, rule({ minLength: min, maxLength: max }), 'en');
        const shouldPass = len >= min && (max === 0 || len <= max);
        expect(result === null).toBe(shouldPass);
      }),
      { numRuns: 500 },
    );
  });

  it('maxLength 0 means no upper bound', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 500 }), (value) => {
        expect(checkFieldRule(value, rule({ minLength: 1, maxLength: 0 }), 'en')).toBeNull();
      }),
    );
  });

  it('refuses any value outside the pattern whatever its length, with the patternId message', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,12}[a-z][0-9]{0,5}$/), (value) => {
        const r = rule({ acceptedPattern: '^[0-9]+$', patternId: 'DIGITS', minLength: 1, maxLength: 100 });
        expect(checkFieldRule(value, r, 'en')).toBe('Please enter 1-100 characters: digits only');
        expect(checkFieldRule(value, r, 'ne')).toBe('कृपया 1-100 अक्षर लेख्नुहोस्: अङ्क मात्र');
      }),
    );
  });

  it('accepts every generated member of simple kinds within the length bounds', () => {
    const gens: Array<[string, fc.Arbitrary<string>]> = [
      ['DIGITS', fc.stringMatching(/^[0-9]{1,20}$/)],
      ['ALNUM', fc.stringMatching(/^[A-Za-z0-9]{1,20}$/)],
      ['LETTER_FIRST_ALNUM', fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,19}$/)],
      ['DIGITS_START_9', fc.stringMatching(/^9[0-9]{0,19}$/)],
      ['UPPER_NO_SPACES', fc.stringMatching(/^[A-Z]{1,20}$/)],
      ['EMAIL', fc.stringMatching(/^[a-z0-9._%+-]{1,8}@[a-z0-9-]{1,8}\.[a-z]{2,4}$/)],
      ['LETTERS_DIGITS_SYMBOLS', fc.stringMatching(/^[!-~]{1,20}$/)],
    ];
    for (const [id, gen] of gens) {
      const kind = PATTERN_BY_ID.get(id)!;
      fc.assert(
        fc.property(gen, (value) => {
          const r = rule({ acceptedPattern: kind.source, patternId: id, minLength: 1, maxLength: 40 });
          expect(checkFieldRule(value, r, 'en'), `${id} ${value}`).toBeNull();
        }),
        { numRuns: 200 },
      );
    }
  });

  it('STRONG_PASSWORD accepts exactly the printable strings with all four classes', () => {
    const kind = PATTERN_BY_ID.get('STRONG_PASSWORD')!;
    fc.assert(
      fc.property(fc.stringMatching(/^[!-~]{1,16}$/), (value) => {
        const all =
          /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value) && /[^A-Za-z0-9]/.test(value);
        expect(matchesPattern(value, kind.source)).toBe(all);
      }),
      { numRuns: 1_000 },
    );
  });

  it('writes one number when min equals max, and the range otherwise', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.constantFrom(...PATTERN_KINDS.map((k) => k.id)), (a, b, id) => {
        const r = rule({ patternId: id, minLength: a, maxLength: b });
        const en = patternMessage(r, 'en');
        if (a === b) {
          expect(en).toContain(`enter ${a} characters`);
          expect(en).not.toMatch(/\d+-\d+ characters/);
        } else {
          expect(en).toContain(`enter ${a}-${b} characters`);
        }
      }),
    );
  });

  it('treats an unknown patternId as ANY and an invalid operator pattern as matching nothing (never throws)', () => {
    expect(patternMessage(rule({ patternId: 'NOPE', minLength: 1, maxLength: 2 }), 'en')).toBe(
      'Please enter 1-2 characters: any characters',
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), (pattern, value) => {
        expect(() => checkFieldRule(value, rule({ acceptedPattern: pattern }), 'en')).not.toThrow();
      }),
    );
    expect(matchesPattern('x', '(')).toBe(false);
  });

  it("says SPEC §5's 'Real name format is incorrect' and 'Phone number format is incorrect' for those fields' shape", () => {
    const name = rule({
      field: 'payeeName',
      patternId: 'FULL_NAME',
      acceptedPattern: PATTERN_BY_ID.get('FULL_NAME')!.source,
      minLength: 3,
      maxLength: 60,
    });
    expect(checkFieldRule('Ram', name, 'en')).toBe('Real name format is incorrect');
    expect(checkFieldRule('Ram', name, 'ne')).toBe('वास्तविक नामको ढाँचा मिलेन');
    expect(checkFieldRule('Ram Bahadur', name, 'en')).toBeNull();
    // A wrong length still names the bounds.
    expect(checkFieldRule('R', name, 'en')).toMatch(/3-60 characters/);
    const phone = rule({
      field: 'mobileNum',
      patternId: 'DIGITS_START_9',
      acceptedPattern: '^9[0-9]*$',
      minLength: 10,
      maxLength: 10,
    });
    expect(checkFieldRule('0841000000', phone, 'en')).toBe('Phone number format is incorrect');
    expect(checkFieldRule('984100', phone, 'en')).toMatch(/10 characters/);
  });
});
