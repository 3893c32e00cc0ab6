import type { Promotion } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { PROMOTIONS_QUERY_KEY } from './get-promotions.ts';

export type ActInput =
  | { action: 'join'; id: number }
  | { action: 'claim'; id: number }
  | { action: 'apply'; id: number; remark: string; images: File[] };

/**
 * POST /wps/promotions/:id/join | claim | apply. Apply is multipart: the remark and up to three
 * png/jpg `images` (checked before sending, SPEC §5).
 */
export function act(input: ActInput): Promise<Promotion> {
  const path = `/wps/promotions/${input.id}/${input.action}`;
  if (input.action !== 'apply') return api.post<Promotion>(path, {});
  const form = new FormData();
  if (input.remark) form.set('remark', input.remark);
  for (const f of input.images) form.append('images', f, f.name);
  return api.post<Promotion>(path, form);
}

export function useAct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: act,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['member'] }),
      ]),
  });
}
