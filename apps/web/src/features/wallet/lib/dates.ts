/**
 * Date ranges for the account record and profit/loss (SPEC §9: previous and next 7 and 30 days).
 * Days are the reader's calendar days, `YYYY-MM-DD`; the server gets the local midnights as
 * instants, so "today" means the member's today, not UTC's.
 */
export interface DayRange {
  from: string;
  to: string;
}

export const RANGE_STEPS = [7, 30] as const;
export type RangeStep = (typeof RANGE_STEPS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
export const dayOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function addDays(day: string, n: number): string {
  const d = parseDay(day);
  d.setDate(d.getDate() + n);
  return dayOf(d);
}

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

/** The range as the server takes it: from local midnight to the next local midnight after `to`. */
export function rangeQuery(range: DayRange): { from: string; to: string } {
  return {
    from: parseDay(range.from).toISOString(),
    to: parseDay(addDays(range.to, 1)).toISOString(),
  };
}

/** A valid range has both days and from ≤ to. */
export const isValidRange = (r: DayRange) =>
  /^\d{4}-\d{2}-\d{2}$/.test(r.from) && /^\d{4}-\d{2}-\d{2}$/.test(r.to) && r.from <= r.to;
