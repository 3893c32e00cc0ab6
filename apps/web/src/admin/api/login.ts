import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../shared/api/client.ts';

export const adminLoginInput = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type AdminLoginInput = z.infer<typeof adminLoginInput>;

export interface AdminLoginValue {
  token: string;
  account: string;
  permissions: string[];
}

/** POST /wps/admin/session/login → the operator's token (never the player's). */
export const adminLogin = (input: AdminLoginInput) =>
  api.post<AdminLoginValue>('/wps/admin/session/login', input, { token: null });

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
