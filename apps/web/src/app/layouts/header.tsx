import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../shared/lib/cx.ts';
import { usePopupStore } from '../../shared/popups/store.ts';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../shared/session/store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
// The member tools' code is lazy (member-tools.tsx), their styles are not: they keep their place in
// the cascade, ahead of shell.css, whose phone rules override them.
import './account-menu.css';
import '../../shared/ui/count-badge.css';
import './header-balance.css';
import { LanguageSelect } from './language-select.tsx';
import { Logo } from './logo.tsx';
import { AccountMenu, HeaderBalance, MemberTools } from './member-tools.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { useMemberAction } from './use-member-action.ts';
import './header.css';

export function Header({
  menuOpen,
  onToggleMenu,
  hasSideMenu,
}: {
  menuOpen: boolean;
  onToggleMenu(): void;
  hasSideMenu: boolean;
}) {
  const { t } = useTranslation();
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const open = usePopupStore((s) => s.open);
  const memberAction = useMemberAction();

  return (
    <header className={cx('header', hasToken && 'header--member')}>
      <div className="header__bar">
        {hasSideMenu && (
          <button
            type="button"
            className="icon-btn header__menu-btn"
            aria-label={menuOpen ? t('actions.closeMenu') : t('actions.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            onClick={onToggleMenu}
          >
            <Icon name="menu" />
          </button>
        )}
        <Logo />
        <nav className="header__nav" aria-label={t('nav.shortcuts')}>
          {/* Signed in, Deposit and Withdraw sit beside the balance: each shows once. A trial
              account has no cashier at all. */}
          {!hasToken && (
            <>
              <button
                type="button"
                className="header__nav-item"
                onClick={() => memberAction('/member?page=depositv2')}
              >
                <Icon name="wallet" size={18} />
                {t('nav.deposit')}
              </button>
              <button
                type="button"
                className="header__nav-item"
                onClick={() => memberAction('/member?page=withdraw')}
              >
                <Icon name="cashout" size={18} />
                {t('nav.withdraw')}
              </button>
            </>
          )}
          <Link to="/agent" className="header__nav-item">
            <Icon name="agent" size={18} />
            {t('nav.agent')}
          </Link>
        </nav>
        <div className="header__tools">
          <LanguageSelect className="header__lang" compact />
          <ThemeToggle className="header__theme" />
          {hasToken ? (
            <MemberTools>
              <HeaderBalance trial={isTrial} />
              <AccountMenu className="header__account" />
            </MemberTools>
          ) : (
            <div className="header__auth">
              <Button size="sm" variant="secondary" onClick={() => open('loginModal')}>
                {t('actions.login')}
              </Button>
              <Button size="sm" onClick={() => open('registerModal')}>
                {t('actions.register')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
