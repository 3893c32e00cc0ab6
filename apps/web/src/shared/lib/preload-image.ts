export interface ImagePreload {
  type?: string;
  imageSrcSet?: string;
  imageSizes?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
}

const hinted = new Set<string>();

/**
 * `<link rel="preload" as="image">` in `<head>`, once per image (as react-dom's `preload` does:
 * keyed by srcset and sizes, or by href without a srcset; nothing added when the page's HTML
 * already carries the hint). Safe to call during render. Kept here rather than taken from
 * react-dom so the production build can run on preact/compat, which has no resource hints.
 */
export function preloadImage(href: string, options: ImagePreload = {}): void {
  if (typeof document === 'undefined') return;
  const quote = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;
  let selector = 'link[rel="preload"][as="image"]';
  if (options.imageSrcSet) {
    selector += `[imagesrcset=${quote(options.imageSrcSet)}]`;
    if (options.imageSizes !== undefined) selector += `[imagesizes=${quote(options.imageSizes)}]`;
  } else selector += `[href=${quote(href)}]`;
  if (hinted.has(selector)) return;
  hinted.add(selector);
  if (document.head.querySelector(selector)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  // With a srcset the browser picks the file; href would be a second candidate (react-dom omits it too).
  if (!options.imageSrcSet) link.href = href;
  if (options.type) link.type = options.type;
  if (options.imageSrcSet) link.setAttribute('imagesrcset', options.imageSrcSet);
  if (options.imageSizes !== undefined) link.setAttribute('imagesizes', options.imageSizes);
  if (options.fetchPriority) link.setAttribute('fetchpriority', options.fetchPriority);
  document.head.appendChild(link);
}
