import type { OperatorSession } from '@wps/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** POST /wps/admin/session/login/totp: the password step's challenge and a code (or a recovery code). */
export const useAdminLoginTotp = () =>
  useMutation({
    mutationFn: (input: { challenge: string; code: string }) =>
      api.post<OperatorSession>('/wps/admin/session/login/totp', input, { token: null }),
  });

/** POST /wps/admin/session/totp/enrol: a new secret and its otpauth:// URI. */
export const useTotpEnrol = () =>
  useMutation({
    mutationFn: () =>
      api.post<{ secret: string; uri: string }>('/wps/admin/session/totp/enrol', undefined, {
        token: adminToken(),
      }),
  });

/** POST /wps/admin/session/totp/confirm: a code of the new secret → ten recovery codes, shown once. */
export const useTotpConfirm = () =>
  useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>(
        '/wps/admin/session/totp/confirm',
        { code },
        { token: adminToken() },
      ),
  });

/** GET /wps/admin/session/totp: whether the signed-in operator has a second factor, and codes left. */
export const useTotpStatus = (enabled = true) =>
  useQuery({
    queryKey: ['admin', 'totp-status'],
    enabled,
    queryFn: () =>
      api.get<{ enabled: boolean; required: boolean; recoveryCodesLeft: number }>('/wps/admin/session/totp', {
        token: adminToken(),
      }),
  });
