import type { Permission } from '@wps/contract';

/**
 * SPEC §8 domain check: the site answers only on the operator's domains (`/wps/system/domainRoute`
 * in the permission payload), so a copy of the page framed or proxied elsewhere says 'Invalid
 * URL, please contact customer service' instead of taking logins. A sub-domain of a listed domain
 * counts as listed (m.example.com under example.com); an empty list means not configured.
 */
export function isAllowedHost(hostname: string, route: Permission['info']['domainRoute']): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const listed = [route.mainDomain, ...route.domains]
    .map((d) => d.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
  if (listed.length === 0) return true;
  return listed.some((d) => host === d || host.endsWith(`.${d}`));
}
