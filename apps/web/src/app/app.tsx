import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { SessionSync } from '../features/account/components/session-sync.tsx';
import { AuthEffects } from '../features/auth/components/auth-effects.tsx';
import { selectHasToken, useSessionStore } from '../shared/session/store.ts';
import { GlobalLoader } from '../shared/ui/loader.tsx';
import { ToastHost } from '../shared/ui/toast.tsx';
import { BootLoader } from './boot-loader.tsx';
import { NavigationEffects } from './navigation-effects.tsx';
import { PopupHost } from './popup-host.tsx';
import { AppRoutes } from './router.tsx';
import { StatusGate } from './status-gate.tsx';

// The cashier watch (and the money formatting and schemas it brings) matters only to a signed-in
// member: a guest's first page never downloads it.
const PendingWatch = lazy(() =>
  import('../features/wallet/components/pending-watch.tsx').then((m) => ({ default: m.PendingWatch })),
);

// The reality check (its popup, calls and catalogue) runs only in a signed-in session too.
const RealityCheck = lazy(() =>
  import('../features/protection/reality-check.tsx').then((m) => ({ default: m.RealityCheck })),
);

function MemberWatch() {
  const hasToken = useSessionStore(selectHasToken);
  if (!hasToken) return null;
  return (
    <Suspense fallback={null}>
      <PendingWatch />
      <RealityCheck />
    </Suspense>
  );
}

function Chrome() {
  const { t } = useTranslation();
  return (
    <>
      <GlobalLoader label={t('loading')} />
      <ToastHost dismissLabel={t('actions.dismiss')} />
    </>
  );
}

/** The player site: providers, the app-state gate, the router and the popup host. */
export function PlayerApp({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootLoader />}>
        <StatusGate>
          <BrowserRouter>
            <NavigationEffects />
            <SessionSync />
            <MemberWatch />
            <AppRoutes />
            <PopupHost />
            <AuthEffects />
          </BrowserRouter>
        </StatusGate>
        <Chrome />
      </Suspense>
    </QueryClientProvider>
  );
}
