import { describe, expect, it } from 'vitest';
import { isReportRange } from './reports-range.ts';

describe('isReportRange', () => {
  it('accepts one day and exactly 366 days, refuses 367 and a reversed range', () => {
    expect(isReportRange({ from: '2026-03-10', to: '2026-03-10' })).toBe(true);
    expect(isReportRange({ from: '2025-03-11', to: '2026-03-11' })).toBe(true);
    expect(isReportRange({ from: '2025-03-10', to: '2026-03-11' })).toBe(false);
    expect(isReportRange({ from: '2026-03-11', to: '2026-03-10' })).toBe(false);
  });
});
