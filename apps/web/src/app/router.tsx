import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { usePopupStore } from '../shared/popups/store.ts';
import { useMemberInfo } from '../features/account/api/get-member-info.ts';
import { isAgentType, selectIsAgent, useSessionStore } from '../shared/session/store.ts';
import { Button } from '../shared/ui/button.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { Icon } from '../shared/ui/icons.tsx';
import { Loader, useLoaderStore } from '../shared/ui/loader.tsx';
import { ChunkErrorBoundary, ChunkLoadError } from './lazy-page.tsx';
import { MainLayout } from './layouts/main-layout.tsx';
import { PageLoadPrompt } from './page-load-prompt.tsx';
import { RouteMeta } from './route-meta.tsx';
import { notFoundPage, pageFor } from './route-pages.ts';
import { decideGuard, PLAYER_ROUTES, ROUTE_POPUPS } from './route-table.ts';
import type { RouteDef } from '@wps/contract';

/** Suspense fallback for a page chunk: the page area spins and the top bar shows; slow, it offers a network check. */
function PageFallback() {
  const { t } = useTranslation();
  useEffect(() => {
    useLoaderStore.getState().show('page');
    return () => useLoaderStore.getState().hide('page');
  }, []);
  return (
    <>
      <Loader label={t('loading')} />
      <PageLoadPrompt />
    </>
  );
}

export function ChunkFailure({ error, retry }: { error: Error; retry(): void }) {
  const { t } = useTranslation();
  const name = error instanceof ChunkLoadError ? error.chunk : '';
  return (
    <div className="page">
      <EmptyState
        headingLevel={2}
        icon={<Icon name="alert" size={32} />}
        title={name ? t('errors.chunk', { name }) : t('errors.unknown')}
        description={t('errors.chunkHelp')}
        action={<Button onClick={retry}>{t('actions.retry')}</Button>}
      />
    </div>
  );
}

/** Enforces a route's guard before its chunk is even requested. */
function Guard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useSessionStore((s) => s.token);
  const member = useSessionStore((s) => s.member);
  const storedIsAgent = useSessionStore(selectIsAgent);
  const memberInfo = useMemberInfo(token);
  // The query's answer is read directly: the store copy lands an effect later.
  const fetched = memberInfo.data;
  const decision = decideGuard(route, {
    hasToken: Boolean(token),
    memberKnown: member !== null || fetched !== undefined,
    memberLoading: memberInfo.isPending && memberInfo.fetchStatus !== 'idle',
    isAgent: fetched ? isAgentType(fetched.type) : storedIsAgent,
  });
  if (decision === 'login') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (decision === 'agent') return <Navigate to="/agent" replace />;
  if (decision === 'wait') return <Loader label={t('loading')} />;
  return children;
}

/**
 * `/login`, `/register` and `/help` show home with their popup open (SPEC §2). Closing the popup
 * leaves the popup's address for `/`.
 */
function PopupOverHome({ path, children }: { path: string; children: ReactNode }) {
  const popup = ROUTE_POPUPS[path];
  const location = useLocation();
  const navigate = useNavigate();
  const open = usePopupStore((s) => s.open);
  const current = usePopupStore((s) => s.current);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!popup) return;
    const from = (location.state as { from?: unknown } | null)?.from;
    const term = location.hash ? decodeURIComponent(location.hash.slice(1)) : undefined;
    open(popup, { ...(typeof from === 'string' ? { returnTo: from } : {}), ...(term ? { term } : {}) });
  }, [popup, location.state, location.hash, open]);

  useEffect(() => {
    if (current === popup) wasOpen.current = true;
    else if (wasOpen.current && current === null) {
      wasOpen.current = false;
      // A popup that closed by sending the visitor on (login → the page they wanted) wins.
      if (window.location.pathname === path) navigate('/', { replace: true });
    }
  }, [current, popup, navigate, path]);

  return children;
}

function Page({ route }: { route: RouteDef }) {
  const page = pageFor(route.key);
  const location = useLocation();
  const body = (
    <ChunkErrorBoundary
      resetKey={location.pathname}
      fallback={(error, retry) => <ChunkFailure error={error} retry={retry} />}
    >
      <Suspense fallback={<PageFallback />}>
        <page.Component routeKey={route.key} />
      </Suspense>
    </ChunkErrorBoundary>
  );
  return (
    <Guard route={route}>
      <RouteMeta pageKey={route.key} />
      {ROUTE_POPUPS[route.path] ? <PopupOverHome path={route.path}>{body}</PopupOverHome> : body}
    </Guard>
  );
}

function NotFound() {
  const location = useLocation();
  return (
    <>
      <RouteMeta pageKey="notFound" />
      <ChunkErrorBoundary
        resetKey={location.pathname}
        fallback={(error, retry) => <ChunkFailure error={error} retry={retry} />}
      >
        <Suspense fallback={<PageFallback />}>
          <notFoundPage.Component routeKey="notFound" />
        </Suspense>
      </ChunkErrorBoundary>
    </>
  );
}

/** Leaves the player app for the operator console, which is its own bundle and router. */
function ToAdmin() {
  const location = useLocation();
  useEffect(() => {
    window.location.assign(`${location.pathname}${location.search}`);
  }, [location]);
  return null;
}

/** Routes drawn in their own layout instead of the player shell. */
const OWN_LAYOUT: ReadonlySet<string> = new Set(['agentHome']);

export function AppRoutes() {
  return (
    <Routes>
      {/* SPEC §2: the agent centre is a separate layout, not the player shell. */}
      {PLAYER_ROUTES.filter((r) => OWN_LAYOUT.has(r.key)).map((route) => (
        <Route key={route.path} path={route.path} caseSensitive element={<Page route={route} />} />
      ))}
      <Route element={<MainLayout />}>
        {PLAYER_ROUTES.filter((r) => !OWN_LAYOUT.has(r.key)).map((route) => (
          <Route key={route.path} path={route.path} caseSensitive element={<Page route={route} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="/admin/*" element={<ToAdmin />} />
    </Routes>
  );
}
