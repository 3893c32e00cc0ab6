import { type QueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';

/** DELETE /wps/session/logout (token). */
export const logout = () => api.delete<null>('/wps/session/logout');

/** Forget the session here: SPEC §4 clears session storage (keeping the merchant code) and member data. */
export function endLocalSession(queryClient: QueryClient) {
  useSessionStore.getState().logout();
  queryClient.removeQueries({ queryKey: ['member'] });
}

/**
 * The server half of SPEC §4 logout. It never fails: an expired token must still be able to sign
 * out, so the caller ends the local session whatever the server answered.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // The server session expires on its own; signing out here is what the visitor asked for.
      }
    },
  });
}
