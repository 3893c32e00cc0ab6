import { formatDateTime } from '../../../shared/lib/format.ts';

/** An ISO instant in the reader's time zone and language: "21 Nov 2026, 14:05" (Latin digits; see shared/lib/format.ts). */
export function formatTime(iso: string | null | undefined, language: string): string {
  return formatDateTime(iso, language);
}
