import { PATTERN_BY_ID, type RegisterFieldRule, registerFieldRuleSchema } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';
import { adminSystemQuery } from './get-system.ts';

/** The body of the update: the rule without its field name, plus the console's own sanity checks. */
export const registerRuleInput = registerFieldRuleSchema
  .omit({ field: true })
  .refine((r) => r.maxLength >= r.minLength, { path: ['maxLength'], message: 'maxBelowMin' })
  .refine((r) => PATTERN_BY_ID.has(r.patternId), { path: ['patternId'], message: 'unknownPattern' });
export type RegisterRuleInput = z.infer<typeof registerRuleInput>;

/** PUT /wps/admin/system/register-rules/:field {...rule}. */
export const updateRegisterRule = ({ field, ...rule }: RegisterFieldRule) =>
  api.put<RegisterFieldRule[]>(`/wps/admin/system/register-rules/${encodeURIComponent(field)}`, rule, {
    token: adminToken(),
  });

export function useUpdateRegisterRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegisterRule,
    // The answer is the new state: show it at once, then refetch the rest.
    onSuccess: (value) => {
      queryClient.setQueryData(adminSystemQuery.queryKey, (old) => (old ? { ...old, register: value } : old));
      return queryClient.invalidateQueries({ queryKey: adminSystemQuery.queryKey });
    },
  });
}
