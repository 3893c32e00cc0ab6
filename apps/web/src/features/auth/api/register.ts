import type { LoginValue } from '@wps/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import type { RegisterTab } from '../lib/register-form.ts';

/** PUT /wps/member/register (username tab) or /wps/member/register/mobile (mobile tab); signs in. */
export const registerMember = (tab: RegisterTab, body: Record<string, unknown>) =>
  api.put<LoginValue>(tab === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register', body, {
    token: null,
  });

export const useRegister = () =>
  useMutation({
    mutationFn: ({ tab, body }: { tab: RegisterTab; body: Record<string, unknown> }) =>
      registerMember(tab, body),
  });
