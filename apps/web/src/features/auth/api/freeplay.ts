import type { LoginValue } from '@wps/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** POST /wps/session/login/freeplay: a trial account with play money (SPEC §3: os, platform W…). */
export const loginFreeplay = () =>
  api.post<LoginValue>(
    '/wps/session/login/freeplay',
    { os: navigator.platform || 'web', platform: 'W', gatewayVersion: '3' },
    { token: null },
  );

export const useFreeplay = () => useMutation({ mutationFn: loginFreeplay });
