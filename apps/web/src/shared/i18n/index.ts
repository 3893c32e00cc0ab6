import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useLanguageStore } from './language-store.ts';
import { type CatalogueLocale, catalogueFor, type LanguageCode, needsDevanagari } from './languages.ts';

/** One lazily built chunk per `locales/<locale>/<namespace>.json`: only what is shown is fetched. */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

export const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogues[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

let devanagariRequested = false;
/** The Devanagari subset is a separate CSS chunk and only loads for Nepali or Hindi. */
function ensureFont(code: LanguageCode) {
  if (!needsDevanagari(code) || devanagariRequested) return;
  devanagariRequested = true;
  void import('./devanagari-font.ts');
}

function applyDocumentLanguage(locale: CatalogueLocale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export const i18n = i18next;

/**
 * Start i18next in the stored (or default) language, with `common` and the given namespaces (the
 * player shell's, SHELL_NAMESPACES; the console needs none of them). Resolves once they are loaded.
 */
export async function startI18n(namespaces: readonly string[] = []): Promise<void> {
  const code = useLanguageStore.getState().code;
  const locale = catalogueFor(code);
  ensureFont(code);
  applyDocumentLanguage(locale);
  await i18next
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: locale,
      // English and Nepali are both complete (a unit test holds them to the same keys), so the
      // active language never needs a second catalogue fetched behind it.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common', ...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
}

/** Switch language: remembered locally, sent with every later call, catalogue fetched if new. */
export async function changeLanguage(code: LanguageCode, remember = true): Promise<void> {
  useLanguageStore.getState().setCode(code, remember);
  const locale = catalogueFor(code);
  ensureFont(code);
  await i18next.changeLanguage(locale);
  applyDocumentLanguage(locale);
}
