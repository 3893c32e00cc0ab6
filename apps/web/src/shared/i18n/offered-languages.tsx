import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePermission } from '../system/api/get-permission.ts';
import { changeLanguage } from './index.ts';
import { useLanguageStore } from './language-store.ts';
import { languageToApply, offeredLanguages } from './languages.ts';

/** The languages the selectors offer: the site's configured ones (SPEC §9). */
export function useOfferedLanguages() {
  return offeredLanguages(usePermission().data?.info.languages);
}

/**
 * Applies the configured languages once the start-up payload is there: a language the site does
 * not offer gives way to its default, as does the built-in default on a browser with no choice.
 * Not remembered as a choice, so a member's saved language still wins at sign-in.
 */
export function LanguageOffer() {
  const info = usePermission().data?.info;
  const code = useLanguageStore((s) => s.code);
  const chosen = useLanguageStore((s) => s.chosen);
  const queryClient = useQueryClient();
  useEffect(() => {
    const next = languageToApply({ code, chosen }, info?.languages, info?.defaultLanguage);
    // SPEC §4: server-provided lists are fetched again in the new language.
    if (next) void changeLanguage(next, false).then(() => queryClient.invalidateQueries());
  }, [code, chosen, info?.languages, info?.defaultLanguage, queryClient]);
  return null;
}
