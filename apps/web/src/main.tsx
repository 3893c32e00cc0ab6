import 'virtual:wps-theme.css';
import './shared/styles/global.css';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { PlayerApp } from './app/app.tsx';
import { BootLoader } from './app/boot-loader.tsx';
import { loadMemberTools } from './app/layouts/member-tools.tsx';
import { createQueryClient } from './app/query-client.ts';
import { pageFor } from './app/route-pages.ts';
import { findRoute, isAdminPath } from './app/route-table.ts';
import { bannersKey, takeHomeBanners } from './features/home/lib/home-shell.ts';
import { startI18n } from './shared/i18n/index.ts';
import { SHELL_NAMESPACES } from './shared/i18n/shell-namespaces.ts';
import { useLanguageStore } from './shared/i18n/language-store.ts';
import { takeTokenFromUrl, useSessionStore } from './shared/session/store.ts';
import { permissionQuery } from './shared/system/api/get-permission.ts';
import { systemStatusQuery } from './shared/system/api/get-status.ts';

declare global {
  interface Window {
    /** The opened page's i18n namespaces, set by the boot script (build/boot-preloads.ts). */
    __wpsPageNs?: string[];
  }
}

// The operator console is its own chunk and router; players never download it.
const AdminApp = lazy(() => import('./admin/admin-app.tsx'));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
const root = createRoot(rootElement);

if (isAdminPath(window.location.pathname)) {
  void startI18n();
  root.render(
    <StrictMode>
      <Suspense fallback={<BootLoader />}>
        <AdminApp />
      </Suspense>
    </StrictMode>,
  );
} else {
  // SPEC §2: a token may arrive as ?token= at start-up. Keep it, then drop it from the address bar.
  // Only a top-level page adopts it: a copy of the site framed inside a game popup shares this
  // tab's session storage, and a vendor's one-time launch token must never replace the session.
  const { token, search } = takeTokenFromUrl(window.location);
  if (token && window.top === window.self) {
    useSessionStore.getState().setToken(token);
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  }

  // Everything the first screen needs starts at once: status, permission, catalogue, page chunk.
  // (When the boot script already started the calls, the API client adopts them; when it has not
  // arrived yet, this tells it not to.)
  window.__wpsEarly ??= {};
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(systemStatusQuery);
  void queryClient.prefetchQuery(permissionQuery);
  // The home page's HTML carries the banners (and paints the first one itself): the carousel
  // renders from them at once, over the image already loaded, with no banners call to wait for.
  const lang = useLanguageStore.getState().code;
  const homeBanners = takeHomeBanners(lang);
  if (homeBanners) queryClient.setQueryData(bannersKey(lang), homeBanners);
  // With the shell's namespaces, the opened page's (named by the boot script from the build's
  // scan of the page's modules): the first render waits for them, so the page does not paint a
  // loader and then suspend on its catalogues (issue 30: /promotions showed its text ~350 ms
  // later at 4x CPU). Without the boot script (it came after a cached entry), the page loads them.
  const i18nReady = startI18n([...SHELL_NAMESPACES, ...(window.__wpsPageNs ?? [])]);
  const signedIn = Boolean(useSessionStore.getState().token);
  const opened = findRoute(window.location.pathname);
  // A guarded page opened without a session shows /login over the home (router.tsx's Guard),
  // so that is the page the first screen waits for, as the boot script preloads it.
  const route = opened && opened.guard !== 'public' && !signedIn ? findRoute('/login') : opened;
  // The opened page's chunk is normally here already (preloaded by the boot script); waiting a
  // moment for it lets the first screen paint in one pass rather than layout first, page later.
  // (A promise, not top-level await: await in the entry makes Rollup split shared code into
  // many small chunks, each a request of its own.)
  const page = route ? pageFor(route.key).preload() : Promise.resolve();
  // A stored session's header tools (balance, account menu) belong to the same first paint.
  const memberTools = signedIn ? loadMemberTools() : undefined;
  void Promise.race([
    // Each settles either way: a chunk or a catalogue that fails to load must not hold the first
    // render back (the page then shows its loader or its chunk error, with a retry).
    Promise.all([page, memberTools, i18nReady].map((p) => p?.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 1500)),
  ]).then(() =>
    // A transition renders in time slices, so the first screen never blocks input in one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <PlayerApp queryClient={queryClient} />
        </StrictMode>,
      ),
    ),
  );
}
