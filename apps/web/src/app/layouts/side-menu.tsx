import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cx } from '../../shared/lib/cx.ts';
import { selectHasToken, selectIsAgent, useSessionStore } from '../../shared/session/store.ts';
import { useCategoryLinks } from '../../features/games/components/use-category-nav.ts';
import { usePermission } from '../../shared/system/api/get-permission.ts';
import { isModuleEnabled } from '../../shared/system/categories.ts';
import { serviceContacts } from '../../shared/system/customer-service.ts';
import { supportHoursText, useSupportHours } from '../../shared/system/support-hours.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { SideBanners } from '../../features/home/components/side-banners.tsx';
import { openSupportChat, SupportBadge, useSupportUnread } from '../../features/support/support-link.tsx';
import { CATEGORY_ICONS, isCurrent } from './game-menu.ts';
import { LanguageSelect } from './language-select.tsx';
import { Logo } from './logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import './side-menu.css';
import './app-download.css';

// The QR codes are below the fold and drawn by a library; they arrive after the first paint.
const AppDownload = lazy(() => import('./app-download.tsx'));

export interface SideMenuProps {
  /** Desktop: narrow icon rail. */
  collapsed: boolean;
  onToggleCollapsed(): void;
  /** Mobile: the drawer is showing. */
  open: boolean;
  onClose(): void;
}

/** SPEC §2 side menu. A rail on wide screens, a drawer on phones; not rendered on game pages. */
export function SideMenu({ collapsed, onToggleCollapsed, open, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const permission = usePermission().data;
  const modules = permission?.info.whitelabel.modules ?? [];
  const categories = useCategoryLinks(modules);
  const contacts = serviceContacts(permission?.info.customerService ?? []);
  const supportHours = useSupportHours();
  const supportUnread = useSupportUnread();
  const hasToken = useSessionStore(selectHasToken);
  const isAgent = useSessionStore(selectIsAgent);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a,button,select')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const appLinks = permission?.info.resources.APP ?? [];
  const showDownload = modules.length === 0 || isModuleEnabled(modules, 'APPDOWNLOAD');
  const showReferral = hasToken && isModuleEnabled(modules, 'REFERRAL');

  return (
    <>
      {open && <div className="side-menu__scrim" onClick={onClose} aria-hidden="true" />}
      <aside
        id="side-menu"
        ref={panelRef}
        className={cx('side-menu', collapsed && 'is-collapsed', open && 'is-open')}
        aria-label={t('side.label')}
      >
        <div className="side-menu__top">
          <button
            type="button"
            className="icon-btn side-menu__collapse"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('actions.expandMenu') : t('actions.collapseMenu')}
            aria-expanded={!collapsed}
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
          </button>
          <Logo compact={collapsed} onClick={onClose} />
        </div>

        <nav className="side-menu__section side-menu__games" aria-label={t('side.gameMenu')}>
          <h2 className="side-menu__heading">{t('side.gameMenu')}</h2>
          <ul className="side-menu__list">
            {categories.map((c) => {
              const current = isCurrent(c.href, location);
              return (
                <li key={c.id}>
                  <Link
                    to={c.href}
                    className={cx('side-menu__link', current && 'is-active')}
                    aria-current={current ? 'page' : undefined}
                    title={collapsed ? t(`categories.${c.id}`) : undefined}
                    onClick={(e) => {
                      c.onClick?.(e);
                      onClose();
                    }}
                  >
                    <Icon name={CATEGORY_ICONS[c.id]} />
                    <span className="side-menu__text">{t(`categories.${c.id}`)}</span>
                  </Link>
                </li>
              );
            })}
            {open && (
              <li>
                <Link to="/agent" className="side-menu__link" onClick={onClose}>
                  <Icon name="agent" />
                  <span className="side-menu__text">{t('nav.agent')}</span>
                </Link>
              </li>
            )}
            {permission?.info.liveStreams && (
              <li>
                <Link to="/liveStream" className="side-menu__link" onClick={onClose}>
                  <Icon name="chat" />
                  <span className="side-menu__text">{t('side.liveStreams')}</span>
                </Link>
              </li>
            )}
            {showReferral && (
              <li>
                <Link to="/member?page=referral" className="side-menu__link" onClick={onClose}>
                  <Icon name="gift" />
                  <span className="side-menu__text">{t('side.referral')}</span>
                </Link>
              </li>
            )}
          </ul>
        </nav>

        <section className="side-menu__section side-menu__banners" aria-label={t('side.banners')}>
          <Link to="/member?page=rewardCenter" className="promo-tile promo-tile--reward" onClick={onClose}>
            <Icon name="trophy" size={22} />
            <span className="side-menu__text">
              <strong>{t('side.rewardBanner')}</strong>
              <small>{t('side.rewardBannerText')}</small>
            </span>
          </Link>
          {isAgent ? (
            <Link to="/agentHome" className="promo-tile promo-tile--invite" onClick={onClose}>
              <Icon name="agent" size={22} />
              <span className="side-menu__text">
                <strong>{t('side.agentBanner')}</strong>
                <small>{t('side.agentBannerText')}</small>
              </span>
            </Link>
          ) : (
            <Link to="/member?page=referral" className="promo-tile promo-tile--invite" onClick={onClose}>
              <Icon name="gift" size={22} />
              <span className="side-menu__text">
                <strong>{t('side.inviteBanner')}</strong>
                <small>{t('side.inviteBannerText')}</small>
              </span>
            </Link>
          )}
          {!collapsed && <SideBanners onNavigate={onClose} />}
        </section>

        {showDownload && !collapsed && (
          <section className="side-menu__section" aria-labelledby="side-download">
            <h2 className="side-menu__heading" id="side-download">
              {t('side.appDownload')}
            </h2>
            <Suspense fallback={<div className="app-download app-download--placeholder" />}>
              <AppDownload links={appLinks} />
            </Suspense>
          </section>
        )}

        {!collapsed && (
          <section className="side-menu__section" aria-labelledby="side-contacts">
            <h2 className="side-menu__heading" id="side-contacts">
              {t('side.contacts')}
            </h2>
            {supportHours && (
              <p className="muted small side-menu__hours">{supportHoursText(supportHours, t)}</p>
            )}
            <ul className="side-menu__list">
              <li>
                <button
                  type="button"
                  className="side-menu__link support-entry"
                  onClick={() => {
                    onClose();
                    openSupportChat();
                  }}
                >
                  <Icon name="chat" />
                  <span className="side-menu__text">{t('support.liveChat')}</span>
                  <SupportBadge count={supportUnread} />
                </button>
              </li>
              {/* The help centre, labelled as what it is, with the hours and channels. */}
              <li>
                <Link className="side-menu__link" to="/help#contact">
                  <Icon name="mail" />
                  <span className="side-menu__text">{t('support.helpContact')}</span>
                </Link>
              </li>
              {contacts.map((c) => (
                <li key={`${c.position}-${c.href}`}>
                  <a className="side-menu__link" href={c.href} target="_blank" rel="noopener noreferrer">
                    <Icon name="chat" />
                    <span className="side-menu__text">{c.title}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}

        {!collapsed && (
          <section className="side-menu__section side-menu__prefs">
            <LanguageSelect showLabel className="lang-select--block" />
            {/* Phones: the header has no room for the theme switch, the drawer has. */}
            {open && <ThemeToggle />}
          </section>
        )}
      </aside>
    </>
  );
}
