import { create } from 'zustand';
import { readLocal, writeLocal } from '../lib/storage.ts';
import type { ThemeName } from './tokens/types.ts';

/** Must match the key the pre-paint script in index.html reads. */
export const THEME_STORAGE_KEY = 'wps.theme';

export const isThemeName = (v: unknown): v is ThemeName => v === 'dark' || v === 'light';

/** The theme the pre-paint script already applied, or what it would have picked. */
export function currentDocumentTheme(): ThemeName {
  if (typeof document === 'undefined') return 'dark';
  const attr = document.documentElement.getAttribute('data-theme');
  if (isThemeName(attr)) return attr;
  const stored = readLocal(THEME_STORAGE_KEY);
  if (isThemeName(stored)) return stored;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches
    ? 'light'
    : 'dark';
}

interface ThemeState {
  theme: ThemeName;
  setTheme(theme: ThemeName): void;
  toggle(): void;
}

export const useThemeStore = create<ThemeState>((set, get) => ({
  theme: currentDocumentTheme(),
  setTheme(theme) {
    writeLocal(THEME_STORAGE_KEY, theme);
    document.documentElement.setAttribute('data-theme', theme);
    set({ theme });
  },
  toggle() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));
