import { describe, expect, it } from 'vitest';
import { groupMoney } from './balance-format.ts';

describe('header balance format', () => {
  it('groups thousands and keeps the two decimals the server sent', () => {
    expect(groupMoney('0.00')).toBe('0.00');
    expect(groupMoney('999.99')).toBe('999.99');
    expect(groupMoney('1000.00')).toBe('1,000.00');
    expect(groupMoney('1234567.50')).toBe('1,234,567.50');
    expect(groupMoney('-10000.10')).toBe('-10,000.10');
  });

  it('shows anything unexpected as it came rather than inventing digits', () => {
    expect(groupMoney('12.5')).toBe('12.5');
    expect(groupMoney('abc')).toBe('abc');
  });
});
