import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, MONEY_RE, positiveMoneyString, toMinor } from './money.ts';

describe('money', () => {
  it('round-trips any non-negative paisa amount through its wire string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (minor) => {
        expect(toMinor(fromMinor(minor))).toBe(minor);
      }),
    );
  });

  it('rejects floats-in-disguise and hostile strings', () => {
    for (const bad of ['-1', '1.234', '1e3', '01', ' 1', '1.', '.5', 'NaN', '', '0x10']) {
      expect(MONEY_RE.test(bad), bad).toBe(false);
    }
  });

  it('accepts two decimals at most', () => {
    expect(toMinor('1234.5')).toBe(123450n);
    expect(toMinor('0.01')).toBe(1n);
    expect(fromMinor(-5n)).toBe('-0.05');
  });

  it('positiveMoneyString reports malformed or zero amounts as parse failures, never throws', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = positiveMoneyString.safeParse(s);
        expect(r.success).toBe(MONEY_RE.test(s) && toMinor(s) > 0n);
      }),
    );
    for (const bad of ['abc', '-5', '1.234', '0', '0.00'])
      expect(positiveMoneyString.safeParse(bad).success, bad).toBe(false);
    expect(positiveMoneyString.safeParse('0.01').success).toBe(true);
  });
});
