import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDayOf,
  businessDateTime,
  businessDayStart,
  dayRange,
  formatUtcOffset,
  isBusinessDay,
  lastEndedPeriod,
  nextPeriodStart,
  parseUtcOffset,
  periodStart,
} from './business-day.ts';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

// Worked by hand: Nepal Time is UTC+05:45, so Nepal midnight is 18:15 UTC of the previous UTC day.
describe('business day (Nepal, UTC+05:45)', () => {
  it('cuts the day at 18:15 UTC', () => {
    expect(businessDayOf(at('2026-11-22T18:14:59.999Z'))).toBe('2026-11-22');
    expect(businessDayOf(at('2026-11-22T18:15:00.000Z'))).toBe('2026-11-23');
    expect(businessDayOf(at('2026-11-22T18:20:00.000Z'))).toBe('2026-11-23');
    expect(businessDayOf(at('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    expect(iso(businessDayStart(at('2026-11-23T10:00:00Z')))).toBe('2026-11-22T18:15:00.000Z');
  });

  it('maps a day to [its midnight, the next midnight)', () => {
    expect(dayRange('2026-11-23').map(iso)).toEqual(['2026-11-22T18:15:00.000Z', '2026-11-23T18:15:00.000Z']);
    // Across a year end and a leap day.
    expect(dayRange('2027-01-01').map(iso)).toEqual(['2026-12-31T18:15:00.000Z', '2027-01-01T18:15:00.000Z']);
    expect(dayRange('2028-02-29').map(iso)).toEqual(['2028-02-28T18:15:00.000Z', '2028-02-29T18:15:00.000Z']);
    expect(() => dayRange('2026-02-29')).toThrow(RangeError);
    expect(() => dayRange('2026-13-01')).toThrow(RangeError);
    expect(() => dayRange('yesterday')).toThrow(RangeError);
  });

  it('knows real days and day arithmetic', () => {
    expect(isBusinessDay('2028-02-29')).toBe(true);
    expect(isBusinessDay('2100-02-29')).toBe(false); // not a leap year (divisible by 100)
    expect(isBusinessDay('2000-02-29')).toBe(true); // leap (divisible by 400)
    expect(isBusinessDay('2026-04-31')).toBe(false);
    expect(addBusinessDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addBusinessDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addBusinessDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('aligns 5-minute and hourly periods to the Nepal wall clock', () => {
    expect(iso(periodStart('5min', at('2026-11-22T18:19:59Z')))).toBe('2026-11-22T18:15:00.000Z');
    // A Nepal hour starts at :15 UTC.
    expect(iso(periodStart('hour', at('2026-11-22T18:14:00Z')))).toBe('2026-11-22T17:15:00.000Z');
    expect(iso(periodStart('hour', at('2026-11-22T18:15:00Z')))).toBe('2026-11-22T18:15:00.000Z');
    expect(iso(nextPeriodStart('hour', at('2026-11-22T18:15:00Z')))).toBe('2026-11-22T19:15:00.000Z');
  });

  it('starts weeks on Monday, Nepal time', () => {
    // 2026-11-23 is a Monday; Monday 00:00 Nepal = Sunday 18:15 UTC.
    expect(iso(periodStart('week', at('2026-11-22T18:14:00Z')))).toBe('2026-11-15T18:15:00.000Z');
    expect(iso(periodStart('week', at('2026-11-22T18:15:00Z')))).toBe('2026-11-22T18:15:00.000Z');
    expect(iso(periodStart('week', at('2026-11-29T18:14:00Z')))).toBe('2026-11-22T18:15:00.000Z');
    expect(iso(nextPeriodStart('week', at('2026-11-25T00:00:00Z')))).toBe('2026-11-29T18:15:00.000Z');
    // A week across a year end: Mon 2026-12-28 .. Sun 2027-01-03.
    expect(iso(periodStart('week', at('2027-01-02T12:00:00Z')))).toBe('2026-12-27T18:15:00.000Z');
  });

  it('splits months on the 1st and the 16th', () => {
    expect(iso(periodStart('semimonth', at('2026-11-15T18:14:00Z')))).toBe('2026-10-31T18:15:00.000Z');
    expect(iso(periodStart('semimonth', at('2026-11-15T18:15:00Z')))).toBe('2026-11-15T18:15:00.000Z');
    expect(iso(nextPeriodStart('semimonth', at('2026-11-03T00:00:00Z')))).toBe('2026-11-15T18:15:00.000Z');
    expect(iso(nextPeriodStart('semimonth', at('2026-11-20T00:00:00Z')))).toBe('2026-11-30T18:15:00.000Z');
    // February's second half ends with the 28th, or the 29th in a leap year.
    expect(iso(nextPeriodStart('semimonth', at('2027-02-20T00:00:00Z')))).toBe('2027-02-28T18:15:00.000Z');
    expect(iso(nextPeriodStart('semimonth', at('2028-02-20T00:00:00Z')))).toBe('2028-02-29T18:15:00.000Z');
  });

  it('ends months on their last day, leap years included', () => {
    expect(iso(periodStart('month', at('2026-11-30T18:14:00Z')))).toBe('2026-10-31T18:15:00.000Z');
    expect(iso(periodStart('month', at('2026-11-30T18:15:00Z')))).toBe('2026-11-30T18:15:00.000Z');
    expect(iso(nextPeriodStart('month', at('2028-02-10T00:00:00Z')))).toBe('2028-02-29T18:15:00.000Z');
    expect(iso(nextPeriodStart('month', at('2026-12-10T00:00:00Z')))).toBe('2026-12-31T18:15:00.000Z');
    expect(lastEndedPeriod('month', at('2026-12-01T00:00:00Z')).map(iso)).toEqual([
      '2026-10-31T18:15:00.000Z',
      '2026-11-30T18:15:00.000Z',
    ]);
  });

  it('takes another offset when configured, west of UTC too', () => {
    expect(businessDayOf(at('2026-11-23T02:59:00Z'), -180)).toBe('2026-11-22');
    expect(businessDayOf(at('2026-11-23T03:00:00Z'), -180)).toBe('2026-11-23');
    expect(dayRange('2026-11-23', 0).map(iso)).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
    ]);
    expect(iso(periodStart('month', at('2026-03-01T02:00:00Z'), -180))).toBe('2026-02-01T03:00:00.000Z');
    expect(parseUtcOffset('+05:45')).toBe(345);
    expect(parseUtcOffset('-0300')).toBe(-180);
    expect(parseUtcOffset('+15:00')).toBeNull();
    expect(parseUtcOffset('+05:75')).toBeNull();
    expect(parseUtcOffset('Asia/Kathmandu')).toBeNull();
    expect(formatUtcOffset(345)).toBe('+05:45');
    expect(formatUtcOffset(-180)).toBe('-03:00');
  });
});

describe('businessDateTime', () => {
  it('shows the business wall clock with the zone named, across the UTC midnight', () => {
    expect(businessDateTime(new Date('2026-12-04T20:00:00Z'))).toBe('2026-12-05 01:45 UTC+05:45');
    expect(businessDateTime(new Date('2026-12-04T20:00:00Z'), -180)).toBe('2026-12-04 17:00 UTC-03:00');
  });
});
