import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';

/** DELETE /wps/session/logout (token). */
export const logout = () => api.delete<null>('/wps/session/logout');

/**
 * SPEC §4 logout: call the server, then forget the session locally whatever it answered (an
 * expired token must still be able to sign out), keeping the merchant code.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // Signing out locally is what the visitor asked for; the server session expires on its own.
      }
    },
    onSettled: () => {
      useSessionStore.getState().logout();
      queryClient.removeQueries({ queryKey: ['member'] });
    },
  });
}
