import type { MemberIcon, MemberProfileUpdate } from '@wps/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** POST /wps/member/info/icon (token): a png/jpg avatar, re-encoded by the server. */
export const uploadIcon = (file: Blob) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<MemberIcon>('/wps/member/info/icon', form);
};

/**
 * PUT /wps/member/profile (token): Telegram, Zalo, birthday, address, nationality, occupation,
 * income, and the real name (`payeeName`) while it is empty.
 */
export const updateProfile = (body: MemberProfileUpdate) => api.put<null>('/wps/member/profile', body);

// Member info and the cashier pages (the withdraw settings carry the real name) read the profile.
const refreshInfo = (queryClient: ReturnType<typeof useQueryClient>) => () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['member', 'info'] }),
    queryClient.invalidateQueries({ queryKey: ['member', 'wallet'] }),
  ]);

export function useUploadIcon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadIcon, onSuccess: refreshInfo(queryClient) });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: refreshInfo(queryClient) });
}
