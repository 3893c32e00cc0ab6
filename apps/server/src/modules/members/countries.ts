import { countries } from 'countries-list';
import type { CountryCode } from '@wps/contract';

/**
 * Country dialing codes for the phone pickers, from the same country data geoip-country uses.
 * Nepal first (the product's home market), then by English name. Countries sharing a code
 * (e.g. +1) each keep their row: people look for their country, not the code.
 */
export const COUNTRY_CODES: readonly CountryCode[] = Object.entries(countries)
  .flatMap(([code, c]) =>
    c.phone.map((p) => ({
      countryCode: code,
      countryDialingCode: String(p),
      name: c.name,
      native: c.native,
    })),
  )
  .sort((a, b) =>
    a.countryCode === 'NP' ? -1 : b.countryCode === 'NP' ? 1 : a.name.localeCompare(b.name, 'en'),
  );
