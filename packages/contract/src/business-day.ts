/**
 * One business day for the whole platform. "Today" in the records, the daily withdrawal limit,
 * the "last 7 days" presets and the daily/weekly/monthly salary and dividend periods all cut at
 * the same midnight: the business time zone's, Nepal Time by default (UTC+05:45, no daylight
 * saving, so a fixed offset is exact). A `YYYY-MM-DD` day therefore names the instants
 * [local midnight, next local midnight), never the UTC day.
 *
 * Pure arithmetic on a fixed offset, shared by server and web: shift the instant by the offset,
 * read the calendar fields in UTC (which then are the local fields), shift back.
 */

/** Asia/Kathmandu, +05:45. */
export const DEFAULT_BUSINESS_UTC_OFFSET_MINUTES = 5 * 60 + 45;

const MINUTE = 60_000;
const DAY = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const OFFSET_RE = /^([+-])(\d{2}):?(\d{2})$/;

/** `+05:45`, `-03:00`, `+0545` → minutes east of UTC; null when not an offset between -14h and +14h. */
export function parseUtcOffset(text: string): number | null {
  const m = OFFSET_RE.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (minutes > 59) return null;
  const total = (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
  return Math.abs(total) <= 14 * 60 ? total : null;
}

/** Minutes east of UTC → `+05:45`. */
export function formatUtcOffset(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of `instant` in the business time zone. */
function local(instant: Date, offsetMinutes: number): Date {
  return new Date(instant.getTime() + offsetMinutes * MINUTE);
}

/** The instant at which the business wall clock shows y-m-d 00:00 (month 0-based, may overflow). */
function localMidnight(y: number, m: number, d: number, offsetMinutes: number): Date {
  return new Date(Date.UTC(y, m, d) - offsetMinutes * MINUTE);
}

/** The business day (`YYYY-MM-DD`) an instant falls in. */
export function businessDayOf(
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): string {
  const l = local(instant, offsetMinutes);
  return `${String(l.getUTCFullYear()).padStart(4, '0')}-${pad2(l.getUTCMonth() + 1)}-${pad2(l.getUTCDate())}`;
}

/**
 * An instant as the business wall clock shows it, with the zone spelled out so nobody reads it
 * as their own: `2026-12-05 14:30 UTC+05:45`.
 */
export function businessDateTime(
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): string {
  const l = local(instant, offsetMinutes);
  return `${businessDayOf(instant, offsetMinutes)} ${pad2(l.getUTCHours())}:${pad2(l.getUTCMinutes())} UTC${formatUtcOffset(offsetMinutes)}`;
}

/** Whether `day` is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isBusinessDay(day: string): boolean {
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** The instants a business day covers: [its midnight, the next midnight). Throws on a non-day. */
export function dayRange(
  day: string,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): [Date, Date] {
  const m = DAY_RE.exec(day);
  if (!m || !isBusinessDay(day)) throw new RangeError(`not a day: ${day}`);
  const start = localMidnight(Number(m[1]), Number(m[2]) - 1, Number(m[3]), offsetMinutes);
  return [start, new Date(start.getTime() + DAY)];
}

/** `day` plus `n` calendar days (n may be negative). */
export function addBusinessDays(day: string, n: number): string {
  const [start] = dayRange(day, 0);
  return businessDayOf(new Date(start.getTime() + n * DAY), 0);
}

/** The midnight that starts the business day of `instant`. */
export function businessDayStart(
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): Date {
  return periodStart('day', instant, offsetMinutes);
}

/**
 * Period kinds of jobs and pay periods (SPEC §3, §9): real-time salary every 5 minutes, hourly,
 * daily, weekly (Monday to Sunday), semimonthly (1st–15th, 16th–month end) and monthly.
 */
export const PERIOD_KINDS = ['1min', '5min', 'hour', 'day', 'week', 'semimonth', 'month'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

const FIXED: Partial<Record<PeriodKind, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  hour: 60 * MINUTE,
  day: DAY,
};

/** Start of a fixed-length period of `ms` containing `instant`, on the business wall clock. */
export function alignedStart(
  ms: number,
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): Date {
  const shifted = instant.getTime() + offsetMinutes * MINUTE;
  return new Date(Math.floor(shifted / ms) * ms - offsetMinutes * MINUTE);
}

/** The start of the period of `kind` that contains `instant`, aligned to the business time zone. */
export function periodStart(
  kind: PeriodKind,
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): Date {
  const fixed = FIXED[kind];
  if (fixed) return alignedStart(fixed, instant, offsetMinutes);
  const l = local(instant, offsetMinutes);
  const y = l.getUTCFullYear();
  const m = l.getUTCMonth();
  const d = l.getUTCDate();
  switch (kind) {
    case 'week': {
      const sinceMonday = (l.getUTCDay() + 6) % 7;
      return localMidnight(y, m, d - sinceMonday, offsetMinutes);
    }
    case 'semimonth':
      return localMidnight(y, m, d >= 16 ? 16 : 1, offsetMinutes);
    default:
      return localMidnight(y, m, 1, offsetMinutes);
  }
}

/** The start of the period after the one that starts at (or contains) `instant`. */
export function nextPeriodStart(
  kind: PeriodKind,
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): Date {
  const start = periodStart(kind, instant, offsetMinutes);
  const fixed = FIXED[kind];
  if (fixed) return new Date(start.getTime() + fixed);
  const l = local(start, offsetMinutes);
  const y = l.getUTCFullYear();
  const m = l.getUTCMonth();
  switch (kind) {
    case 'week':
      return new Date(start.getTime() + 7 * DAY);
    case 'semimonth':
      return l.getUTCDate() === 1
        ? localMidnight(y, m, 16, offsetMinutes)
        : localMidnight(y, m + 1, 1, offsetMinutes);
    default:
      return localMidnight(y, m + 1, 1, offsetMinutes);
  }
}

/** The period of `kind` containing `instant`: [start, end). */
export function periodRange(
  kind: PeriodKind,
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): [Date, Date] {
  return [periodStart(kind, instant, offsetMinutes), nextPeriodStart(kind, instant, offsetMinutes)];
}

/** The last period of `kind` that has wholly ended at `instant`. */
export function lastEndedPeriod(
  kind: PeriodKind,
  instant: Date,
  offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
): [Date, Date] {
  const end = periodStart(kind, instant, offsetMinutes);
  return [periodStart(kind, new Date(end.getTime() - 1), offsetMinutes), end];
}
