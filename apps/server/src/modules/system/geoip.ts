import { isIP } from 'node:net';
import geoip from 'geoip-country';

/**
 * Country of an IP from the GeoLite2 data shipped in the geoip-country package (updated with
 * the package; no network at run time). Private, loopback and malformed addresses have none.
 */
export function countryOf(ip: string): string | null {
  if (!isIP(ip)) return null;
  const hit = geoip.lookup(ip);
  return hit?.country ?? null;
}
