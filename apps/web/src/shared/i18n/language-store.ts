import { create } from 'zustand';
import { initialLanguage, LANGUAGE_STORAGE_KEY, type LanguageCode } from './languages.ts';
import { readLocal, writeLocal } from '../lib/storage.ts';

interface LanguageState {
  /** The code the visitor chose (sent to the server as header `lang`). */
  code: LanguageCode;
  /**
   * Whether this browser holds a choice (the selector was used here). A new device holds none, and
   * then the language saved to the account wins at sign-in (issue 27).
   */
  chosen: boolean;
  /** `remember` false: shown, not kept as this browser's choice (the site's configured default). */
  setCode(code: LanguageCode, remember?: boolean): void;
}

export const useLanguageStore = create<LanguageState>((set) => ({
  code: initialLanguage(readLocal(LANGUAGE_STORAGE_KEY)),
  chosen: readLocal(LANGUAGE_STORAGE_KEY) !== null,
  setCode(code, remember = true) {
    if (!remember) return set({ code });
    writeLocal(LANGUAGE_STORAGE_KEY, code);
    set({ code, chosen: true });
  },
}));
