import type { CountryCode } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** GET /wps/country/codes: the dialing codes of the phone pickers. */
export const getCountryCodes = (signal?: AbortSignal) =>
  api.get<CountryCode[]>('/wps/country/codes', { signal, token: null });

export const countryCodesQuery = queryOptions({
  queryKey: ['system', 'countryCodes'],
  queryFn: ({ signal }) => getCountryCodes(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useCountryCodes = () => useQuery(countryCodesQuery);
