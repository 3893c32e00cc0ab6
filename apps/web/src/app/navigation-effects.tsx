import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endLocalSession } from '../features/account/api/logout.ts';
import { useLoaderStore } from '../shared/ui/loader.tsx';

/** A navigation that ends the local session once its page is on screen (a logout leaving a guarded page). */
export interface EndSessionState {
  endSession: true;
}

/**
 * SPEC §2: after each navigation the page scrolls to top and the loader hides. A logout from a
 * guarded page (the agent centre) navigates away with `state: {endSession: true}` and the session
 * ends here, once the router shows the new page: ended first, the page's guard would see a guest
 * on the agent centre and send them to the login popup instead (navigations are transitions, so a
 * session cleared in the same tick is seen first). The state is then dropped, so going back to
 * that entry later does not sign anybody out.
 */
export function NavigationEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname, search } = location;
  const endSession = (location.state as Partial<EndSessionState> | null)?.endSession === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (path or query change).
  useEffect(() => {
    window.scrollTo(0, 0);
    useLoaderStore.getState().hide('navigation');
  }, [pathname, search]);
  useEffect(() => {
    if (!endSession) return;
    endLocalSession(queryClient);
    navigate({ pathname, search }, { replace: true, state: null });
  }, [endSession, pathname, search, navigate, queryClient]);
  return null;
}
