import type { RegisterFieldRule } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** GET /wps/system/setting/register: per-field enabled/required and the rule (SPEC §3 public store). */
export const getRegisterSettings = (signal?: AbortSignal) =>
  api.get<RegisterFieldRule[]>('/wps/system/setting/register', { signal });

export const registerSettingsQuery = queryOptions({
  queryKey: ['system', 'registerSettings'],
  queryFn: ({ signal }) => getRegisterSettings(signal),
  staleTime: 5 * 60_000,
});

export const useRegisterSettings = () => useQuery(registerSettingsQuery);
