import { markFirstLogin } from '../../home/lib/announcements.ts';
import type { LoginValue } from '@wps/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { completeFirstLogin } from '../api/first-login.ts';
import { afterLogin, destinationAfterLogin, type LoginType, safeReturnPath } from '../lib/after-login.ts';

/** Store the session a login (or register / reset by phone / free play) answered. */
export function useStoreSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (value: LoginValue) => {
      if (!value.token) return;
      const session = useSessionStore.getState();
      session.setToken(value.token);
      session.setMember({
        id: value.customerId,
        account: value.account,
        nickname: value.nickname,
        type: value.type,
      });
      void queryClient.invalidateQueries({ queryKey: ['member'] });
    },
    [queryClient],
  );
}

/**
 * SPEC §4 after a successful login call: save the session, run the first-login action, then
 * either force the password change or close and go where the visitor was heading.
 * Answers the second-verification challenge when the address is new (the caller shows that step).
 */
export function useFinishLogin(opts: { portal: 'player' | 'agent'; returnTo?: unknown; close?: () => void }) {
  const storeSession = useStoreSession();
  const navigate = useNavigate();
  const { portal, returnTo, close } = opts;
  return useCallback(
    (value: LoginValue, type: LoginType) => {
      const next = afterLogin(value, type);
      if (next.kind === 'secondVerification') return next.challenge;
      storeSession(value);
      const destination =
        destinationAfterLogin({ portal, isAgent: value.isAgent, returnTo: safeReturnPath(returnTo) }) ?? null;
      if (next.kind === 'forceChange') {
        // The first-login action waits: a session under a forced change may only change its password.
        usePopupStore.getState().open('changePassModal', {
          forced: true,
          dismissible: false,
          firstTimeLogin: value.firstTimeLogin,
          next: destination ?? '/',
        });
        return null;
      }
      if (value.firstTimeLogin) {
        completeFirstLogin().catch(() => {});
        markFirstLogin();
      }
      // Navigate first: closing a popup that a route opened would otherwise send the visitor home.
      if (destination) navigate(destination);
      close?.();
      return null;
    },
    [storeSession, navigate, portal, returnTo, close],
  );
}
