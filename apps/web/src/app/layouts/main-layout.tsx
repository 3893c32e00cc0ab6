import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { readLocal, writeLocal } from '../../shared/lib/storage.ts';
import { useMediaQuery } from '../../shared/lib/use-media-query.ts';
import { AnnouncementStartup } from '../../features/home/components/announcement-startup.tsx';
import { PwaUpdate } from '../../features/home/components/pwa-update.tsx';
import { findRoute } from '../route-table.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { MainNav } from './main-nav.tsx';
import { usePhoneDrawer } from './phone-drawer.ts';
import { SideMenu } from './side-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import './main-layout.css';
import './shell.css';

const COLLAPSED_KEY = 'wps.sideCollapsed';
const WIDE = '(min-width: 1024px)';

export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const hasSideMenu = !findRoute(location.pathname)?.gamePage;
  const [collapsed, setCollapsed] = useState(() => readLocal(COLLAPSED_KEY) === '1');
  const drawer = usePhoneDrawer();
  const drawerOpen = drawer.open;
  const wide = useMediaQuery(WIDE);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((c) => {
      writeLocal(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  }, []);
  // One menu button: it folds the rail on wide screens and opens the drawer on phones.
  const onMenuButton = () => {
    if (wide) toggleCollapsed();
    else drawer.toggle();
  };

  return (
    <div className="app-shell" data-side={hasSideMenu ? (collapsed ? 'collapsed' : 'expanded') : 'none'}>
      <a href="#main" className="skip-link">
        {t('actions.skipToContent')}
      </a>
      <Header menuOpen={drawerOpen} onToggleMenu={onMenuButton} hasSideMenu={hasSideMenu} />
      <div className="app-shell__body">
        {/* On phones the drawer exists only while open: a closed menu costs no render and no QR chunk. */}
        {hasSideMenu && (wide || drawerOpen) && (
          <SideMenu
            collapsed={collapsed}
            onToggleCollapsed={toggleCollapsed}
            open={drawerOpen}
            onClose={drawer.close}
          />
        )}
        <div className="app-shell__content">
          <MainNav />
          <main id="main" className="app-main" tabIndex={-1}>
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      <AnnouncementStartup />
      <PwaUpdate />
      <TabBar gamesOpen={drawerOpen} onGames={() => (hasSideMenu ? drawer.toggle() : navigate('/'))} />
    </div>
  );
}
