import { describe, expect, it } from 'vitest';
import { blockedCountriesInput, parseCountryList } from './update-blocked-countries.ts';
import { registerRuleInput } from './update-register-rule.ts';

describe('operator console inputs', () => {
  it('parses a typed list of country codes', () => {
    expect(parseCountryList(' us, np ,GB;in\nUS ')).toEqual(['US', 'NP', 'GB', 'IN']);
    expect(parseCountryList('')).toEqual([]);
    expect(blockedCountriesInput.safeParse({ countries: parseCountryList('us, gb') }).success).toBe(true);
    expect(blockedCountriesInput.safeParse({ countries: parseCountryList('USA') }).success).toBe(false);
  });

  it('refuses a register rule whose maximum is below its minimum or whose pattern kind is unknown', () => {
    const rule = {
      enabled: true,
      required: false,
      acceptedPattern: '^[0-9]+$',
      patternId: 'DIGITS',
      minLength: 4,
      maxLength: 8,
    };
    expect(registerRuleInput.safeParse(rule).success).toBe(true);
    expect(registerRuleInput.safeParse({ ...rule, maxLength: 3 }).success).toBe(false);
    expect(registerRuleInput.safeParse({ ...rule, patternId: 'NOPE' }).success).toBe(false);
  });
});
