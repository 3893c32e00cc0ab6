import { domainRouteUpdateSchema } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';
import { adminSystemQuery } from './get-system.ts';

export const domainRouteInput = domainRouteUpdateSchema;
export type DomainRouteInput = z.infer<typeof domainRouteUpdateSchema>;

/** "a.com, b.np" → ["a.com", "b.np"]. */
export function parseDomainList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** PUT /wps/admin/system/domain-route {mainDomain, domains}: where the player site may run (SPEC §8). */
export const updateDomainRoute = (input: DomainRouteInput) =>
  api.put<DomainRouteInput>('/wps/admin/system/domain-route', input, { token: adminToken() });

export function useUpdateDomainRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDomainRoute,
    onSuccess: (value) => {
      queryClient.setQueryData(adminSystemQuery.queryKey, (old) =>
        old ? { ...old, domainRoute: value } : old,
      );
      return queryClient.invalidateQueries({ queryKey: adminSystemQuery.queryKey });
    },
  });
}
