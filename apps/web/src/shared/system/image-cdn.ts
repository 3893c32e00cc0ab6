import { onCdn, pickCdn } from '@wps/contract';
import { usePermission } from './api/get-permission.ts';

/**
 * SPEC §9: images come from a CDN chosen at random from the operator's list (`imageCDNs` in the
 * permission payload). One choice per page load, not per image or per render: a tile that changed
 * host on every render would download its art again each time.
 */
let chosen: { key: string; cdn: string | null } | null = null;

export function chooseImageCdn(list: readonly string[], random: () => number = Math.random): string | null {
  const key = list.join('\n');
  if (chosen?.key !== key) chosen = { key, cdn: pickCdn(list, random) };
  return chosen.cdn;
}

/** Maps an image path on our own origin to the chosen CDN (absolute URLs stay as they are). */
export function useImageSrc(): (url: string) => string {
  const list = usePermission().data?.info.imageCDNs ?? [];
  const cdn = chooseImageCdn(list);
  return (url) => onCdn(url, cdn ? [cdn] : []);
}
