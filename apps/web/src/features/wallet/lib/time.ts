/** An ISO instant in the reader's time zone and language: "21 Nov 2026, 14:05". */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const locale = language === 'ne' ? 'ne-NP' : 'en-GB';
  return d.toLocaleString(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}
