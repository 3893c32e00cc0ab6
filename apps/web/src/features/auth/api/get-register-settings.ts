import type { RegisterFieldRule } from '@wps/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { readCached, writeCached } from '../../../shared/session/cache.ts';

/** GET /wps/system/setting/register: per-field enabled/required and the rule (SPEC §3 public store). */
export async function getRegisterSettings(signal?: AbortSignal): Promise<RegisterFieldRule[]> {
  const rules = await api.get<RegisterFieldRule[]>('/wps/system/setting/register', { signal });
  // SPEC §3 session key `validate`: the registration validation rules, cached for the session.
  writeCached('validate', rules);
  return rules;
}

export const registerSettingsQuery = queryOptions<RegisterFieldRule[]>({
  queryKey: ['system', 'registerSettings'],
  queryFn: ({ signal }) => getRegisterSettings(signal),
  placeholderData: (): RegisterFieldRule[] | undefined => readCached<RegisterFieldRule[]>('validate'),
  staleTime: 5 * 60_000,
});

export const useRegisterSettings = () => useQuery(registerSettingsQuery);
