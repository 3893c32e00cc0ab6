import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** POST /wps/member/password (token): `{data:{oldPassword,newPassword,confirmNewPassword}}` (SPEC §7). */
export const changePassword = (data: {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}) => api.post<null>('/wps/member/password', { data });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
