import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';
import { adminSystemQuery } from './get-system.ts';

/** PUT /wps/admin/system/flags/:code {enabled}. */
export const updateFlag = ({ code, enabled }: { code: string; enabled: boolean }) =>
  api.put<Record<string, boolean>>(
    `/wps/admin/system/flags/${encodeURIComponent(code)}`,
    { enabled },
    {
      token: adminToken(),
    },
  );

export function useUpdateFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFlag,
    // The answer is the new state: show it at once, then refetch the rest.
    onSuccess: (value) => {
      queryClient.setQueryData(adminSystemQuery.queryKey, (old) => (old ? { ...old, flags: value } : old));
      return queryClient.invalidateQueries({ queryKey: adminSystemQuery.queryKey });
    },
  });
}
