import { addBusinessDays, businessDayOf, dayRange } from '@wps/contract';

/**
 * Date ranges for the account record and profit/loss (SPEC §9: previous and next 7 and 30 days).
 * Days are business days, `YYYY-MM-DD` cut at Nepal midnight (the contract's one business day),
 * whatever the device's time zone: "today" here is the same today as the daily withdrawal limit
 * and the daily salaries.
 */
export interface DayRange {
  from: string;
  to: string;
}

export const RANGE_STEPS = [7, 30] as const;
export type RangeStep = (typeof RANGE_STEPS)[number];

export const dayOf = (d: Date): string => businessDayOf(d);

export const addDays = (day: string, n: number): string => addBusinessDays(day, n);

/** The `days` days ending today (today included). */
export function lastDays(days: number, today: Date = new Date()): DayRange {
  const to = dayOf(today);
  return { from: addDays(to, -(days - 1)), to };
}

/**
 * The window of `days` days just before (direction -1) or just after (+1) the current one. A
 * window never reaches past today: the future holds no records.
 */
export function stepRange(
  range: DayRange,
  direction: -1 | 1,
  days: number,
  today: Date = new Date(),
): DayRange {
  const limit = dayOf(today);
  if (direction < 0) {
    const to = addDays(range.from, -1);
    return { from: addDays(to, -(days - 1)), to };
  }
  let from = addDays(range.to, 1);
  if (from > limit) from = limit;
  let to = addDays(from, days - 1);
  if (to > limit) to = limit;
  return { from, to };
}

/** Whether stepping forward would show anything new. */
export const canStepForward = (range: DayRange, today: Date = new Date()) => range.to < dayOf(today);

/** The range as the server takes it: from the business midnight of `from` to the one after `to`. */
export function rangeQuery(range: DayRange): { from: string; to: string } {
  return {
    from: dayRange(range.from)[0].toISOString(),
    to: dayRange(range.to)[1].toISOString(),
  };
}

/** A valid range has both days and from ≤ to. */
export const isValidRange = (r: DayRange) =>
  /^\d{4}-\d{2}-\d{2}$/.test(r.from) && /^\d{4}-\d{2}-\d{2}$/.test(r.to) && r.from <= r.to;

/** The quick choices beside SPEC §9's steps: today, the last 7 or 30 days, or days picked by hand. */
export const RANGE_PRESETS = ['today', 'days7', 'days30', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: Date = new Date()): DayRange {
  if (preset === 'today') return lastDays(1, today);
  return lastDays(preset === 'days7' ? 7 : 30, today);
}

/** Which preset a range is (stepping or picking days by hand makes it `custom`). */
export function presetOf(range: DayRange, today: Date = new Date()): RangePreset {
  for (const p of ['today', 'days7', 'days30'] as const) {
    const r = presetRange(p, today);
    if (r.from === range.from && r.to === range.to) return p;
  }
  return 'custom';
}
