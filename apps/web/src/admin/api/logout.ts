import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken, useAdminSession } from '../session-store.ts';

/** DELETE /wps/admin/session/logout; the local session ends whatever the server answers. */
export const adminLogout = () => api.delete<null>('/wps/admin/session/logout', { token: adminToken() });

export const useAdminLogout = () =>
  useMutation({
    mutationFn: () => adminLogout().catch(() => null),
    onSettled: () => useAdminSession.getState().signOut(),
  });
