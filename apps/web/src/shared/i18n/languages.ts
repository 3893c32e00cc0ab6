import { ENABLED_LANGUAGE_CODES, LANGUAGES, SELECTABLE_LANGUAGES, SPEC } from '@wps/contract';

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_STORAGE_KEY = 'wps.lang';

/** Catalogues that exist on disk (`locales/<locale>/<ns>.json`), filled in by the i18n module. */
export type CatalogueLocale = 'en' | 'ne';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

/** The language to start in: the stored choice when the selector offers it, else the spec's default (EN). */
export function initialLanguage(stored: string | null | undefined): LanguageCode {
  if (isLanguageCode(stored) && ENABLED_LANGUAGE_CODES.includes(stored)) return stored;
  return SPEC.defaultLanguage as LanguageCode;
}

/**
 * Which catalogue shows a language. Only complete languages have their own; the others are
 * listed in the selector, sent to the server as chosen, and read in English until translated.
 */
export function catalogueFor(code: LanguageCode): CatalogueLocale {
  const lang = LANGUAGES.find((l) => l.code === code);
  return lang?.complete && lang.locale === 'ne' ? 'ne' : 'en';
}

/** Scripts that need the self-hosted Devanagari face. */
export function needsDevanagari(code: LanguageCode): boolean {
  return code === 'NE' || code === 'HI';
}

/**
 * The languages the selector offers: the site's configured ones (permission payload `languages`,
 * SPEC §9), in that order; the complete ones until the payload is there.
 */
export function offeredLanguages(configured: readonly string[] | undefined) {
  if (!configured?.length) return SELECTABLE_LANGUAGES;
  return configured.flatMap((code) => LANGUAGES.filter((l) => l.code === code));
}

/**
 * The language to switch to once the configuration is known, or null to stay: a language the
 * site does not offer gives way to its default, and so does the built-in default (EN) on a browser
 * where no one has chosen yet.
 */
export function languageToApply(
  current: { code: LanguageCode; chosen: boolean },
  configured: readonly string[] | undefined,
  configuredDefault: string | undefined,
): LanguageCode | null {
  if (!configured?.length || !isLanguageCode(configuredDefault)) return null;
  const offered = configured.includes(current.code);
  if (offered && (current.chosen || current.code === configuredDefault)) return null;
  return configuredDefault;
}
