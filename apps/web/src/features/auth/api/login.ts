import type { LoginRequest, LoginValue } from '@wps/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** POST /wps/session/login (players) or /wps/session/login/agent (the agent area, SPEC §6). */
export const login = (body: LoginRequest, portal: 'player' | 'agent' = 'player') =>
  api.post<LoginValue>(portal === 'agent' ? '/wps/session/login/agent' : '/wps/session/login', body, {
    token: null,
  });

export const useLogin = (portal: 'player' | 'agent' = 'player') =>
  useMutation({ mutationFn: (body: LoginRequest) => login(body, portal) });
