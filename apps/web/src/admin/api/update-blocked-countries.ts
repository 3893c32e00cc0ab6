import { blockedCountriesUpdateSchema } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';
import { adminSystemQuery } from './get-system.ts';

export const blockedCountriesInput = blockedCountriesUpdateSchema;
export type BlockedCountriesInput = z.infer<typeof blockedCountriesUpdateSchema>;

/** "us, np ,GB" → ["US", "NP", "GB"]: the operator types a list, the API takes ISO codes. */
export function parseCountryList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** PUT /wps/admin/system/blocked-countries {countries}. */
export const updateBlockedCountries = (input: BlockedCountriesInput) =>
  api.put<string[]>('/wps/admin/system/blocked-countries', input, { token: adminToken() });

export function useUpdateBlockedCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlockedCountries,
    // The answer is the new state: show it at once, then refetch the rest.
    onSuccess: (value) => {
      queryClient.setQueryData(adminSystemQuery.queryKey, (old) =>
        old ? { ...old, blockedCountries: value } : old,
      );
      return queryClient.invalidateQueries({ queryKey: adminSystemQuery.queryKey });
    },
  });
}
