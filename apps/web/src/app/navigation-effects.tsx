import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLoaderStore } from '../shared/ui/loader.tsx';

/** SPEC §2: after each navigation the page scrolls to top and the loader hides. */
export function NavigationEffects() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (path or query change).
  useEffect(() => {
    window.scrollTo(0, 0);
    useLoaderStore.getState().hide('navigation');
  }, [pathname, search]);
  return null;
}
