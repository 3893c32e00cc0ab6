/**
 * Bikram Sambat (the Nepali civil calendar) beside the Gregorian dates of the records. The
 * converter (nepali-date-converter, month lengths from the official tables) is loaded only when a
 * reader turns BS dates on, as its own chunk: never in the entry bundle.
 */
const BS_MONTHS = {
  en: [
    'Baishakh',
    'Jestha',
    'Asar',
    'Shrawan',
    'Bhadra',
    'Asoj',
    'Kartik',
    'Mangsir',
    'Poush',
    'Magh',
    'Falgun',
    'Chaitra',
  ],
  ne: ['बैशाख', 'जेठ', 'असार', 'साउन', 'भदौ', 'असोज', 'कात्तिक', 'मंसिर', 'पुस', 'माघ', 'फागुन', 'चैत'],
} as const;

export type BsFormatter = (value: string | Date | null | undefined, language: string) => string;

/** "7 Mangsir 2083 BS" / "7 मंसिर 2083 वि.सं.": Latin digits, as every date here (shared/lib/format.ts). */
export async function loadBsFormatter(): Promise<BsFormatter> {
  const { default: NepaliDate } = await import('nepali-date-converter');
  return (value, language) => {
    if (!value) return '';
    const ad =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)))
        : new Date(value);
    if (Number.isNaN(ad.getTime())) return '';
    try {
      const bs = NepaliDate.fromAD(ad).getBS();
      const ne = language === 'ne' || language.startsWith('ne-');
      const month = (ne ? BS_MONTHS.ne : BS_MONTHS.en)[bs.month];
      return `${bs.date} ${month} ${bs.year} ${ne ? 'वि.सं.' : 'BS'}`;
    } catch {
      // Outside the converter's table (before 2000 BS or far in the future): Gregorian only.
      return '';
    }
  };
}
