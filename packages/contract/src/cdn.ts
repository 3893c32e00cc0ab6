/**
 * SPEC §9: "Image and game-launch CDN chosen randomly from configured lists". The lists come in
 * the permission payload (`imageCDNs`, `launchGameCDNs`); an empty list means our own origin.
 */
export function pickCdn(list: readonly string[], random: () => number = Math.random): string | null {
  if (list.length === 0) return null;
  const i = Math.min(list.length - 1, Math.floor(random() * list.length));
  return list[i]!.replace(/\/+$/, '');
}

/**
 * A path on our own origin (`/wps/games/art/…`, `/sandbox/…/play?…`) served from a CDN of the
 * list; absolute URLs (a vendor's own host) and an empty list leave it as it is.
 */
export function onCdn(url: string, list: readonly string[], random: () => number = Math.random): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const cdn = pickCdn(list, random);
  return cdn ? `${cdn}${url}` : url;
}
