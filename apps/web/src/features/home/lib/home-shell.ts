import type { Banner } from '@wps/contract';
import '../home-shell.css';

/**
 * The home page's server-rendered first banner (apps/server/src/modules/content/home-shell.ts):
 * a sized `<picture>` before the app's root that paints before the scripts run, and the banners
 * list beside it. The app starts from that list (no banners call, and its first slide is the
 * same file, already loaded), and removes the hero in the frame its own layout first paints.
 */
export const HOME_HERO_ID = 'wps-home-hero';
export const HOME_DATA_ID = 'wps-home-banners';

/** The banners query's key (api/content.ts): one list of every group per language. */
export const bannersKey = (code: string) => ['content', 'banners', code] as const;

/** The content language of a language code (the server's contentLanguage: NE, else EN). */
const contentLanguage = (code: string) => (code.toUpperCase().startsWith('NE') ? 'NE' : 'EN');

/**
 * The banners the server wrote into the page, when they are in `code`'s content language;
 * null otherwise (none written, unreadable, or another language: the app asks the API).
 */
export function takeHomeBanners(code: string): Banner[] | null {
  const el = document.getElementById(HOME_DATA_ID);
  if (!el) return null;
  el.remove();
  try {
    const data = JSON.parse(el.textContent ?? '') as { language?: string; banners?: Banner[] };
    if (data.language !== contentLanguage(code) || !Array.isArray(data.banners)) return null;
    return data.banners;
  } catch {
    return null;
  }
}

/** Remove the server's hero: the app's own page takes its place in the same frame. */
export function dropHomeHero(): void {
  document.getElementById(HOME_HERO_ID)?.remove();
}
