import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import {
  ThemeToggleStandalone,
  LanguageSelectStandalone,
} from '../features/system/components/state-tools.tsx';
import { BrandMark } from '../shared/ui/brand-mark.tsx';
import { Button } from '../shared/ui/button.tsx';
import { Icon } from '../shared/ui/icons.tsx';
import { useAdminLogout } from './api/logout.ts';
import { ADMIN_SECTIONS } from './sections.ts';
import { hasPermission, useAdminSession } from './session-store.ts';

export function AdminLayout() {
  const { t } = useTranslation('admin');
  const account = useAdminSession((s) => s.account);
  const permissions = useAdminSession((s) => s.permissions);
  const logout = useAdminLogout();
  const navigate = useNavigate();
  const enrolFirst = useAdminSession((s) => s.totpEnrolmentRequired);
  // Until a required second factor is enrolled, the console is the enrolment screen only.
  const sections = enrolFirst ? [] : ADMIN_SECTIONS.filter((s) => hasPermission(permissions, s.permission));
  return (
    <div className="admin">
      <header className="admin__header">
        <span className="admin__brand">
          <BrandMark size={26} />
          {t('title')}
        </span>
        <div className="admin__tools">
          <LanguageSelectStandalone />
          <ThemeToggleStandalone />
          <span className="admin__account" title={account ?? undefined}>
            <Icon name="user" size={18} /> <span className="admin__account-name">{account}</span>
          </span>
          {!enrolFirst && (
            <NavLink to="/two-factor" className="admin__tool-link">
              <Icon name="shield" size={18} /> <span className="admin__tool-label">{t('totp.menu')}</span>
            </NavLink>
          )}
          <Button
            size="sm"
            variant="secondary"
            loading={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })
            }
          >
            {t('signOut')}
          </Button>
        </div>
      </header>
      <div className="admin__body">
        <nav className="admin__nav" aria-label={t('nav.label')}>
          <ul>
            {sections.map((s) => (
              <li key={s.id}>
                <NavLink to={`/${s.path}`} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
                  <Icon name={s.icon} size={18} />
                  {t(s.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="admin__main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
