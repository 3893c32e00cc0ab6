import { describe, expect, it } from 'vitest';
import { loadBsFormatter } from './bikram-sambat.ts';

describe('Bikram Sambat dates beside Gregorian ones', () => {
  it('converts with the official month tables: Nepali new years 2081 and 2082', async () => {
    const bs = await loadBsFormatter();
    expect(bs('2024-04-13', 'en')).toBe('1 Baishakh 2081 BS');
    expect(bs('2025-04-14', 'en')).toBe('1 Baishakh 2082 BS');
    expect(bs('2025-04-13', 'ne')).toBe('31 चैत 2081 वि.सं.');
    expect(bs(new Date(2024, 3, 13, 15, 30), 'ne')).toBe('1 बैशाख 2081 वि.सं.');
  });

  it('answers nothing for nothing, rubbish or a date outside the tables', async () => {
    const bs = await loadBsFormatter();
    expect(bs(null, 'en')).toBe('');
    expect(bs('not a date', 'en')).toBe('');
    expect(bs('1800-01-01', 'en')).toBe('');
  });
});
