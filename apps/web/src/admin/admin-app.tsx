import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ApiError } from '../shared/api/client.ts';
import { Loader } from '../shared/ui/loader.tsx';
import { ToastHost } from '../shared/ui/toast.tsx';
import { BootLoader } from '../app/boot-loader.tsx';
import { AdminLayout } from './layout.tsx';
import { SectionPage } from './section-page.tsx';
import { ADMIN_SECTIONS } from './sections.ts';
import { hasPermission, useAdminSession } from './session-store.ts';
import { SignInPage } from './pages/sign-in-page.tsx';
import './admin.css';

/**
 * Owner/finance operators without a second factor see only this (its own chunk, with the QR code);
 * every other operator may enrol from the header's "Two-factor" link.
 */
const TotpEnrolPage = lazy(() => import('./pages/totp-enrol-page.tsx'));

function makeClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // An expired or revoked operator session sends the operator back to sign-in.
        if (error instanceof ApiError && error.status === 401) useAdminSession.getState().signOut();
        // A second factor reset (or a role that now needs one): enrol first.
        if (error instanceof ApiError && error.code === 'TOTP_ENROLMENT_REQUIRED') {
          useAdminSession.setState({ totpEnrolmentRequired: true });
        }
      },
    }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

function Routed() {
  const { t } = useTranslation('admin');
  const token = useAdminSession((s) => s.token);
  const enrolFirst = useAdminSession((s) => s.totpEnrolmentRequired);
  const permissions = useAdminSession((s) => s.permissions);
  if (!token) {
    return (
      <Routes>
        <Route path="login" element={<SignInPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }
  if (enrolFirst) {
    return (
      <Routes>
        <Route element={<AdminLayout />}>
          <Route path="*" element={<TotpEnrolPage />} />
        </Route>
      </Routes>
    );
  }
  const first = ADMIN_SECTIONS.find((s) => hasPermission(permissions, s.permission));
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={first ? <Navigate to={`/${first.path}`} replace /> : null} />
        <Route path="login" element={<Navigate to="/" replace />} />
        <Route path="two-factor" element={<TotpEnrolPage voluntary />} />
        {ADMIN_SECTIONS.map((s) => (
          <Route key={s.id} path={`${s.path}/*`} element={<SectionPage section={s} />} />
        ))}
        <Route path="*" element={<p className="admin-empty">{t('notFound')}</p>} />
      </Route>
    </Routes>
  );
}

/** The operator console: its own bundle, router (under /admin), query cache and session. */
export default function AdminApp() {
  const [client] = useState(makeClient);
  const { t, ready } = useTranslation(['admin', 'common']);
  if (!ready) return <BootLoader />;
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter basename="/admin">
        <Suspense fallback={<Loader label={t('common:loading')} />}>
          <Routed />
        </Suspense>
      </BrowserRouter>
      <ToastHost dismissLabel={t('common:actions.dismiss')} />
    </QueryClientProvider>
  );
}
