import type { ContentImage } from '@wps/contract';

/** A srcset list (`url 480w, url 960w`) of one format's widths. */
export const srcSetOf = (variants: ContentImage['variants']) =>
  variants.map((v) => `${v.url} ${v.width}w`).join(', ');

/**
 * The `<picture>` sources of an uploaded image, best format first: AVIF where the browser can
 * decode it, WebP otherwise. An image stored before AVIF has only the WebP one.
 */
export function pictureSources(image: ContentImage): Array<{ type: string; srcSet: string }> {
  const out: Array<{ type: string; srcSet: string }> = [];
  if (image.avif.length) out.push({ type: 'image/avif', srcSet: srcSetOf(image.avif) });
  if (image.variants.length) out.push({ type: 'image/webp', srcSet: srcSetOf(image.variants) });
  return out;
}

/**
 * What of a `width`×`height` image shows in a box of `ratio` (width / height) when it fills the
 * box centred (object-fit: cover): the visible rectangle in image pixels and the share cut off.
 */
export function coverCrop(width: number, height: number, ratio: number) {
  if (!(width > 0 && height > 0 && ratio > 0)) return { x: 0, y: 0, width, height, cut: 0 };
  const own = width / height;
  if (own > ratio) {
    const w = height * ratio;
    return { x: (width - w) / 2, y: 0, width: w, height, cut: 1 - w / width };
  }
  const h = width / ratio;
  return { x: 0, y: (height - h) / 2, width, height: h, cut: 1 - h / height };
}
