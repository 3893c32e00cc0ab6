import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { preloadPopup } from '../../../app/popup-chunks.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { useNoticeReads, useStartupNotices } from '../api/content.ts';
import {
  clearFirstLogin,
  readSeenIds,
  readStartupState,
  startupNotices,
  startupPopupAllowed,
  startupPopupClosed,
} from '../lib/announcements.ts';

/**
 * SPEC §4: at start-up an unread execution B announcement pops up, opened at that announcement
 * (once per session unless closed, not again today after 'hide today'); right after a first-time
 * login the unread F ones do. Nothing unread, no popup; never over the agent login or the
 * console (issue 27). Waits for no other popup to be open, so it never covers a login or a
 * route's popup.
 */
export function AnnouncementStartup() {
  const hasToken = useSessionStore(selectHasToken);
  const startup = useStartupNotices('B').data;
  // Read on each render: the login that sets the flag also turns hasToken on, re-rendering this.
  const firstLogin = hasToken && readStartupState().firstLogin;
  const firstLoginNotices = useStartupNotices('F', firstLogin).data;
  const notices = useMemo(
    () =>
      startup && (!firstLogin || firstLoginNotices)
        ? [...(firstLogin ? (firstLoginNotices ?? []) : []), ...startup]
        : undefined,
    [startup, firstLogin, firstLoginNotices],
  );
  // A member's read state is on the server: wait for it rather than show what they have read.
  const reads = useNoticeReads();
  const readsSettled = !hasToken || reads.isSuccess || reads.isError;
  const current = usePopupStore((s) => s.current);
  const open = usePopupStore((s) => s.open);
  const { pathname } = useLocation();
  const allowed = startupPopupAllowed(pathname);
  const shownB = useRef(false);
  const wasOpen = useRef(false);

  // The popup's body loads beside the notices call when a start-up popup may show this visit,
  // so opening it (at its full size, below) waits for nothing more than the notices.
  useEffect(() => {
    if (!startupPopupAllowed(window.location.pathname)) return;
    const s = readStartupState();
    const hidden = s.hiddenUntil !== null && s.hiddenUntil > Date.now();
    if (s.firstLogin || (!s.closedThisSession && !hidden)) void preloadPopup('publicModal');
  }, []);

  // However the start-up popup closes (its button, the ×, Escape, another popup), it is done.
  useEffect(() => {
    if (current === 'publicModal') wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      startupPopupClosed();
    }
  }, [current]);

  useEffect(() => {
    if (!notices || !readsSettled || !allowed || current !== null) return;
    const state = readStartupState();
    const read = new Set([...readSeenIds(), ...(reads.data?.readIds ?? [])]);
    const pick = startupNotices(
      notices,
      { ...state, firstLogin: state.firstLogin && hasToken },
      Date.now(),
      read,
    );
    if (!pick) return;
    // The popup's body is fetched first, so the dialog opens at its size (no growing spinner
    // that moves the dialog: a layout shift); by then another popup may have opened first.
    const ids = pick.items.map((n) => n.id);
    const openWhenLoaded = (execution: 'B' | 'F') =>
      void preloadPopup('publicModal').then(() => {
        if (usePopupStore.getState().current === null && startupPopupAllowed(window.location.pathname))
          open('publicModal', { execution, ids });
      });
    if (pick.execution === 'F') {
      clearFirstLogin();
      openWhenLoaded('F');
      return;
    }
    if (shownB.current) return;
    shownB.current = true;
    openWhenLoaded('B');
  }, [notices, readsSettled, reads.data, allowed, current, hasToken, open]);

  return null;
}
