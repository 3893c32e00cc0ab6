import { create } from 'zustand';
import { initialLanguage, LANGUAGE_STORAGE_KEY, type LanguageCode } from './languages.ts';
import { readLocal, writeLocal } from '../lib/storage.ts';

interface LanguageState {
  /** The code the visitor chose (sent to the server as header `lang`). */
  code: LanguageCode;
  setCode(code: LanguageCode): void;
}

export const useLanguageStore = create<LanguageState>((set) => ({
  code: initialLanguage(readLocal(LANGUAGE_STORAGE_KEY)),
  setCode(code) {
    writeLocal(LANGUAGE_STORAGE_KEY, code);
    set({ code });
  },
}));
