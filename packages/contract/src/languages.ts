/**
 * Interface languages of SPEC §1/§3. English and Nepali are complete; the rest are listed in the
 * selector and fall back to English until their catalogues land.
 */
export const LANGUAGES = [
  { code: 'EN', locale: 'en', name: 'English', complete: true },
  { code: 'NE', locale: 'ne', name: 'नेपाली', complete: true },
  { code: 'HI', locale: 'hi', name: 'हिन्दी', complete: false },
  { code: 'CN', locale: 'zh-CN', name: '简体中文', complete: false },
  { code: 'TW', locale: 'zh-TW', name: '繁體中文', complete: false },
  { code: 'JA', locale: 'ja', name: '日本語', complete: false },
  { code: 'KO', locale: 'ko', name: '한국어', complete: false },
  { code: 'TH', locale: 'th', name: 'ไทย', complete: false },
  { code: 'VI', locale: 'vi', name: 'Tiếng Việt', complete: false },
  { code: 'ID', locale: 'id', name: 'Bahasa Indonesia', complete: false },
  { code: 'MS', locale: 'ms', name: 'Bahasa Melayu', complete: false },
  { code: 'TL', locale: 'tl', name: 'Filipino', complete: false },
  { code: 'ES', locale: 'es', name: 'Español', complete: false },
  { code: 'PT', locale: 'pt', name: 'Português', complete: false },
  { code: 'PT-BR', locale: 'pt-BR', name: 'Português (Brasil)', complete: false },
  { code: 'FR', locale: 'fr', name: 'Français', complete: false },
  { code: 'DE', locale: 'de', name: 'Deutsch', complete: false },
  { code: 'IT', locale: 'it', name: 'Italiano', complete: false },
  { code: 'NL', locale: 'nl', name: 'Nederlands', complete: false },
  { code: 'PL', locale: 'pl', name: 'Polski', complete: false },
  { code: 'TR', locale: 'tr', name: 'Türkçe', complete: false },
  { code: 'RU', locale: 'ru', name: 'Русский', complete: false },
  { code: 'UK', locale: 'uk', name: 'Українська', complete: false },
  { code: 'AR', locale: 'ar', name: 'العربية', complete: false },
  { code: 'FA', locale: 'fa', name: 'فارسی', complete: false },
  { code: 'HE', locale: 'he', name: 'עברית', complete: false },
  { code: 'BN', locale: 'bn', name: 'বাংলা', complete: false },
  { code: 'UR', locale: 'ur', name: 'اردو', complete: false },
  { code: 'TA', locale: 'ta', name: 'தமிழ்', complete: false },
  { code: 'TE', locale: 'te', name: 'తెలుగు', complete: false },
  { code: 'MY', locale: 'my', name: 'မြန်မာ', complete: false },
  { code: 'KM', locale: 'km', name: 'ខ្មែរ', complete: false },
  { code: 'LO', locale: 'lo', name: 'ລາວ', complete: false },
  { code: 'SI', locale: 'si', name: 'සිංහල', complete: false },
  { code: 'MN', locale: 'mn', name: 'Монгол', complete: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
/**
 * Languages the selector offers. Off by default unless complete: listing a language that then
 * reads in English promises a translation we do not have. The rest stay configured above (codes
 * the server accepts) and are switched on here once their catalogues are complete.
 */
export const ENABLED_LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.filter((l) => l.complete).map(
  (l) => l.code,
);
export const SELECTABLE_LANGUAGES = LANGUAGES.filter((l) => ENABLED_LANGUAGE_CODES.includes(l.code));
export const COMPLETE_LOCALES = ['en', 'ne'] as const;
export type CompleteLocale = (typeof COMPLETE_LOCALES)[number];

/** Map any language code or locale a client sends to one of our complete catalogues. */
export function toCompleteLocale(input: string | undefined | null): CompleteLocale {
  if (!input) return 'en';
  const v = input.toLowerCase();
  return v === 'ne' || v.startsWith('ne-') ? 'ne' : 'en';
}
