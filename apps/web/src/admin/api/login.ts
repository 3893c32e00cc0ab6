import { operatorLoginRequestSchema, type operatorSessionSchema } from '@wps/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../shared/api/client.ts';

/** The contract's request, with the form's own rule that both fields are filled in. */
export const adminLoginInput = operatorLoginRequestSchema.extend({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type AdminLoginInput = z.infer<typeof adminLoginInput>;
export type AdminLoginValue = z.infer<typeof operatorSessionSchema>;

/** POST /wps/admin/session/login → the operator's token (never the player's). */
export const adminLogin = (input: AdminLoginInput) =>
  api.post<AdminLoginValue>('/wps/admin/session/login', input, { token: null });

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
