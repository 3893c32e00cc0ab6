/**
 * Every date and number the site shows goes through `Intl` here, in the reader's language.
 *
 * Digits: LATIN (0-9) everywhere, in Nepali too, with Nepali month and weekday names. Money,
 * payment references, account and phone numbers are written in Latin digits on every bank and
 * wallet statement and SMS a Nepali player compares them with (eSewa, Khalti, banks), so a
 * withdrawal of "९,०००.००" next to a statement line of "9,000.00" would be a needless trap.
 * `ne-NP-u-nu-latn` gives Nepali words with Latin digits; plain `ne-NP` would switch to
 * Devanagari digits. The Nepali catalogues follow the same rule (a unit test holds them to it).
 *
 * Chromium's built-in ICU data has no Nepali calendar names (it answers "November 23, 2026" for
 * `ne-NP`), so Nepali dates are put together here from Intl's numeric parts and our own month
 * names: the same words in every browser. Numbers are grouped in threes in both languages, as
 * the money formatter does, so a count and an amount never look different.
 */
export function intlLocale(language: string): string {
  return language === 'ne' || language.startsWith('ne-') ? 'ne-NP-u-nu-latn' : 'en-GB';
}

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare calendar day is the reader's day, not UTC midnight (which is the day before in the west).
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const NE_MONTHS = [
  'जनवरी',
  'फेब्रुअरी',
  'मार्च',
  'अप्रिल',
  'मे',
  'जुन',
  'जुलाई',
  'अगस्ट',
  'सेप्टेम्बर',
  'अक्टोबर',
  'नोभेम्बर',
  'डिसेम्बर',
] as const;

const isNepali = (language: string) => language === 'ne' || language.startsWith('ne-');

/** Gregorian month names in the reader's language (date pickers), January first. */
export function monthNames(language: string): readonly string[] {
  if (isNepali(language)) return NE_MONTHS;
  const f = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(2000, i, 1))));
}

function nepaliDay(d: Date): string {
  return `${d.getDate()} ${NE_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

const clock = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

/** "21 Nov 2026, 14:05" / "21 नोभेम्बर 2026, 14:05": an instant in the reader's time zone. */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  if (!value) return '';
  const d = toDate(value);
  if (!d) return String(value);
  if (isNepali(language)) return `${nepaliDay(d)}, ${clock(d)}`;
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** "23 November 2026": a calendar day (a `YYYY-MM-DD` day or an instant). */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  if (!value) return '';
  const d = toDate(value);
  if (!d) return String(value);
  if (isNepali(language)) return nepaliDay(d);
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(d);
}

/** A count or plain number, grouped the reader's way ("1,234"). Money has its own exact formatter. */
export function formatNumber(value: number, _language: string): string {
  return new Intl.NumberFormat('en-GB').format(value);
}
