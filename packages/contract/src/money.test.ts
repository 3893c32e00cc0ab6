import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, MONEY_RE, toMinor } from './money.ts';

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
});
