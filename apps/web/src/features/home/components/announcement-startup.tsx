import { useEffect, useRef } from 'react';
import { preloadPopup } from '../../../app/popup-chunks.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { useNotices } from '../api/content.ts';
import {
  clearFirstLogin,
  readStartupState,
  startupNotices,
  startupPopupClosed,
} from '../lib/announcements.ts';

/**
 * SPEC §4: at start-up the execution B announcements pop up (once per session unless closed,
 * not again today after 'hide today'); right after a first-time login the F ones do. Waits for
 * no other popup to be open, so it never covers a login or a route's popup.
 */
export function AnnouncementStartup() {
  const notices = useNotices().data;
  const hasToken = useSessionStore(selectHasToken);
  const current = usePopupStore((s) => s.current);
  const open = usePopupStore((s) => s.open);
  const shownB = useRef(false);
  const wasOpen = useRef(false);

  // The popup's body loads beside the notices call when a start-up popup may show this visit,
  // so opening it (at its full size, below) waits for nothing more than the notices.
  useEffect(() => {
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
    if (!notices || current !== null) return;
    const state = readStartupState();
    const pick = startupNotices(notices, { ...state, firstLogin: state.firstLogin && hasToken }, Date.now());
    if (!pick) return;
    // The popup's body is fetched first, so the dialog opens at its size (no growing spinner
    // that moves the dialog: a layout shift); by then another popup may have opened first.
    const openWhenLoaded = (execution: 'B' | 'F') =>
      void preloadPopup('publicModal').then(() => {
        if (usePopupStore.getState().current === null) open('publicModal', { execution });
      });
    if (pick.execution === 'F') {
      clearFirstLogin();
      openWhenLoaded('F');
      return;
    }
    if (shownB.current) return;
    shownB.current = true;
    openWhenLoaded('B');
  }, [notices, current, hasToken, open]);

  return null;
}
