import { BANNER_DISPLAY_RATIO, type Banner } from '@wps/contract';

/**
 * What the server writes into the home page's HTML so its largest paint does not wait for the
 * scripts: `hero` goes before the app's root (the first banner as a sized `<picture>`, painted
 * as soon as the stylesheet and the image are in); `data` is the banners list the app starts
 * from instead of calling the banners API (so its first render shows the same slide, from the
 * image already loaded, and removes the hero in that same frame: nothing moves, nothing flashes).
 * Both empty when no home banner is showing (the app then renders its introduction).
 */
export interface HomeShell {
  hero: string;
  data: string;
}

/** The element ids the web app looks for (apps/web/src/features/home/lib/home-shell.ts says the same). */
export const HOME_HERO_ID = 'wps-home-hero';
export const HOME_DATA_ID = 'wps-home-banners';

const attr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside a <script> data block: `<` escaped so no value can close the element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Who sees the home page at an address: `everyone` (/, its aliases, and /login, /register and
 * /help, which open their popup over it), or a `guest` only (a guarded page: a visitor without a
 * session is shown /login over the home). A guest-only hero carries `home-hero--guest`, which the
 * page's pre-paint script hides when the tab holds a session (web's home-shell.css).
 */
export type HeroAudience = 'everyone' | 'guest';

export function homeShell(
  all: Banner[],
  language: string,
  sizes: string,
  audience: HeroAudience = 'everyone',
): HomeShell {
  const first = all.find((b) => b.groupName === 'w_home');
  if (!first) return { hero: '', data: '' };
  const srcset = (list: Banner['image']['variants']) => list.map((v) => `${v.url} ${v.width}w`).join(', ');
  const sources = [
    first.image.avif.length ? ['image/avif', srcset(first.image.avif)] : null,
    first.image.variants.length ? ['image/webp', srcset(first.image.variants)] : null,
  ]
    .filter((s): s is [string, string] => s !== null)
    .map(([type, set]) => `<source type="${type}" srcset="${attr(set)}" sizes="${attr(sizes)}">`)
    .join('');
  // The same box, sources and sizes as the carousel's first slide (banner-carousel.tsx), so the
  // browser picks the same file for both and the app's slide paints from it at once.
  const hero =
    `<div class="home-hero${audience === 'guest' ? ' home-hero--guest' : ''}" id="${HOME_HERO_ID}"><div class="home-hero__bar"></div>` +
    `<div class="home-hero__banner" style="aspect-ratio:${BANNER_DISPLAY_RATIO.w_home}"><picture>${sources}` +
    `<img src="${attr(first.url)}" width="${first.image.width}" height="${first.image.height}" alt="${attr(first.title)}" fetchpriority="high" decoding="sync">` +
    '</picture></div></div>';
  const data = `<script type="application/json" id="${HOME_DATA_ID}">${scriptJson({ language, banners: all })}</script>`;
  return { hero, data };
}
