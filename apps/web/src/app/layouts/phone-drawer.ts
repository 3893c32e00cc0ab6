import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** An address as the drawer compares them: path and query (a hash is a place on the same page). */
const addressOf = (l: { pathname: string; search: string }) => `${l.pathname}${l.search}`;

/**
 * Whether the page's new address closes the phone drawer: it does when the navigation began
 * while the drawer was open (a link in it, or one behind it), not when the drawer was opened
 * at that address. React Router moves the address bar at once but renders the new location in
 * a transition, after the page's chunk arrives: a drawer opened meanwhile was being closed by
 * the page the player had already left for (a CI run caught the side menu vanishing under a tap).
 */
export function closesDrawer(committed: string, openedAt: string | null): boolean {
  return openedAt !== committed;
}

/** The phone drawer's open state: a navigation closes it (see closesDrawer). */
export function usePhoneDrawer() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The address bar's address when the drawer last opened.
  const openedAt = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what closes it.
  useEffect(() => {
    if (closesDrawer(addressOf(location), openedAt.current)) setOpen(false);
  }, [location.pathname, location.search]);

  const toggle = useCallback(() => {
    openedAt.current = open ? null : addressOf(window.location);
    setOpen(!open);
  }, [open]);
  const close = useCallback(() => {
    openedAt.current = null;
    setOpen(false);
  }, []);
  return { open, toggle, close };
}
