import type { CompleteLocale } from '@wps/contract';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { catalogueFor } from '../../../shared/i18n/languages.ts';

/** The catalogue the member reads, which is also the language of the spec's field messages. */
export const useLocale = (): CompleteLocale => catalogueFor(useLanguageStore((s) => s.code));
